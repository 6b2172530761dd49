import { useMutation, useQuery, useQueryClient, type QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import {
  contract,
  type CallOptions,
  type Contract,
  type ErrorCode,
  type InputOf,
  type OfflineMeta,
  type OpSpec,
  type OutputOf,
  type Result,
} from '../../shared/contract/index.js';
import { adminApi } from './bridge.js';
import { askName } from './confirmer.js';

/** A failed operation, as the query layer sees it: the code and the message to show. */
export class OpError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** CONFIRMATION_REQUIRED: the name main asks for (see confirmed below). */
    readonly confirmName?: string,
  ) {
    super(message);
    this.name = 'OpError';
  }
}

export interface Answer<T> {
  readonly data: T;
  readonly offline: OfflineMeta | undefined;
}

type Area = keyof Contract;
type Method<A extends Area> = keyof Contract[A] & string;
type Spec<A extends Area, M extends Method<A>> = Contract[A][M];

export async function callOp<A extends Area, M extends Method<A>>(
  area: A,
  method: M,
  input: InputOf<Spec<A, M>>,
  options?: CallOptions,
): Promise<Answer<OutputOf<Spec<A, M>>>> {
  const fn = (adminApi()[area] as unknown as Record<string, (i: unknown, o?: CallOptions) => Promise<Result<unknown>>>)[method];
  if (!fn) throw new OpError('UNKNOWN_OPERATION', `Unknown operation ${area}.${method}`);
  const result = await (options === undefined ? fn(input) : fn(input, options));
  if (!result.ok) throw new OpError(result.code, result.message, result.confirmName);
  return { data: result.data as OutputOf<Spec<A, M>>, offline: result.offline };
}

export const opKey = (area: string, method: string, input?: unknown) => (input === undefined ? [area, method] : [area, method, input]);

/** A read operation through TanStack Query, keyed [area, method, input]. */
export function useOp<A extends Area, M extends Method<A>>(
  area: A,
  method: M,
  input: InputOf<Spec<A, M>>,
  options: Omit<UseQueryOptions<Answer<OutputOf<Spec<A, M>>>, OpError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<Answer<OutputOf<Spec<A, M>>>, OpError>({
    queryKey: opKey(area, method, input),
    queryFn: () => callOp(area, method, input),
    ...options,
  });
}

/** Refreshes exactly the reads a write declares stale in the contract. */
export function invalidateAfter(client: QueryClient, spec: OpSpec): Promise<void> {
  const targets = spec.invalidates ?? [];
  if (targets.includes('*')) return client.invalidateQueries();
  return Promise.all(
    targets.map((t) => {
      const [area, method] = t.split('.');
      return client.invalidateQueries({ queryKey: method ? [area, method] : [area] });
    }),
  ).then(() => undefined);
}

/** A write operation: throws OpError on failure; on success refreshes the reads it makes stale. */
export function useWriteOp<A extends Area, M extends Method<A>>(area: A, method: M) {
  const client = useQueryClient();
  const spec = (contract[area] as unknown as Record<string, OpSpec>)[method] as OpSpec;
  return useMutation<OutputOf<Spec<A, M>>, OpError, InputOf<Spec<A, M>>>({
    mutationFn: async (input) => {
      const call = (options?: CallOptions) => callOp(area, method, input, options);
      return (await (spec.destructive ? confirmed(call) : call())).data;
    },
    onSuccess: () => invalidateAfter(client, spec),
    onError: (error) => refreshAfterError(client, spec, error),
  });
}

/**
 * Confirm mode, in one place for every screen: main refuses a destructive call without the connection's name and
 * says which name; ask for it and call once more carrying it. Main checks it for that call alone.
 */
export async function confirmed<T>(call: (options?: CallOptions) => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (!(e instanceof OpError) || e.code !== 'CONFIRMATION_REQUIRED' || e.confirmName === undefined) throw e;
    const asked = askName(e.confirmName);
    if (!asked) throw e;
    const typed = await asked;
    if (typed === null) throw new OpError('CONFIRMATION_REQUIRED', 'Cancelled: nothing was deleted.');
    return call({ confirmName: typed });
  }
}

/** A write whose outcome is unknown (its reply was lost) may have changed data: refresh as after a success. */
export function refreshAfterError(client: QueryClient, spec: OpSpec, error: OpError): Promise<void> {
  return error.code === 'OUTCOME_UNKNOWN' ? invalidateAfter(client, spec) : Promise.resolve();
}
