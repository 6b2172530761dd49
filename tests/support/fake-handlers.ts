import type { Handlers } from '../../main/api/handlers-type.js';

/** Handlers that record their calls and answer what `impl` says (default: the input back). */
export function fakeHandlers(impl: (name: string, input: unknown) => Promise<unknown> = async (_n, i) => i) {
  const calls: string[] = [];
  const handlers = new Proxy(
    {},
    {
      get: (_t, area: string) =>
        new Proxy(
          {},
          {
            get: (_u, method: string) => async (input: unknown) => {
              calls.push(`${area}.${method}`);
              return impl(`${area}.${method}`, input);
            },
          },
        ),
    },
  ) as unknown as Handlers;
  return { handlers, calls };
}
