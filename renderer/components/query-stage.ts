/** Which rung of the loading / error / empty ladder a query is on (QueryView draws it). */
export type QueryStage = 'loading' | 'error' | 'empty' | 'data';

interface QueryLike<T> {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly data: { readonly data: T } | undefined;
}

/** A failed refresh with data kept is still 'data' (the error shows above it); no data and an error is 'error'. */
export function queryStage<T>(query: QueryLike<T>, isEmpty?: (data: T) => boolean): QueryStage {
  if (query.isPending) return 'loading';
  if (query.data === undefined) return query.isError ? 'error' : 'loading';
  return isEmpty?.(query.data.data) ? 'empty' : 'data';
}

/** Codes a second try cannot change (the thing is gone, the input is wrong, access is refused): no Retry for them. */
const FINAL_CODES: ReadonlySet<string> = new Set(['NOT_FOUND', 'INVALID_INPUT', 'FORBIDDEN', 'UNKNOWN_OPERATION']);

/** Whether a failed read is worth offering Retry for. */
export const retryHelps = (code: string | undefined): boolean => code === undefined || !FINAL_CODES.has(code);
