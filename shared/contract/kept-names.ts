import type { OutputOf } from './define.js';

type Methods<C, A extends keyof C> = keyof C[A] & string;

/** Every read of C kept for offline use (`keepOffline: true`), as "area.method". */
export type KeptReadName<C> = {
  [A in keyof C & string]: { [M in Methods<C, A>]: C[A][M] extends { readonly kind: 'read'; readonly keepOffline?: true } ? `${A}.${M}` : never }[Methods<
    C,
    A
  >];
}[keyof C & string];

/** What a kept read of C holds: its operation's output type. */
export type KeptOutput<C, N extends KeptReadName<C>> = N extends `${infer A extends keyof C & string}.${infer M}`
  ? M extends keyof C[A]
    ? OutputOf<C[A][M]>
    : never
  : never;
