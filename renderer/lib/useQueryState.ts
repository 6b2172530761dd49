import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readQuery, writeQuery, type QuerySpec, type ValuesOf } from './query-state.js';

/**
 * A screen's state kept in the address's query (query-state.ts): the values, and a setter for some of them. Each
 * screen declares its spec once, at module level (`const QUERY = { status: param.oneOf(...), q: param.text() }`).
 */
export function useQueryState<S extends QuerySpec>(spec: S): [ValuesOf<S>, (change: Partial<ValuesOf<S>>) => void] {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => readQuery(spec, params), [spec, params]);
  const set = useCallback(
    (change: Partial<ValuesOf<S>>) => {
      // The address as it is now: two changes in one event both land.
      const now = new URLSearchParams(window.location.search);
      const next = writeQuery(spec, now, change);
      if (next.params.toString() === now.toString()) return;
      setParams(next.params, { replace: !next.push, preventScrollReset: true });
    },
    [spec, setParams],
  );
  return [values, set];
}
