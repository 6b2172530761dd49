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
