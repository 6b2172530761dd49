import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOp, opKey, type Answer, type OpError } from '../../api/hooks.js';
import type { UserListPage } from '../../../shared/contract/areas/users.js';
import { DEFAULT_USER_SORT, USER_SORT_KEYS, type UserListQuery, type UserSort, type UserSortKey } from '../../../shared/rules/users/list.js';
import { SEARCH_MAX_LENGTH, USER_FILTERS, type UserFilter } from '../../../shared/rules/users/filters.js';
import { param } from '../../lib/query-state.js';
import { useQueryState } from '../../lib/useQueryState.js';

/** Rows per request: the first screenful and some more; the virtualised table asks for the next blocks as it scrolls. */
export const USER_BLOCK = 200;

/** The list's state in the address: ?q=…&filter=active&sort=email&dir=asc. */
const QUERY = {
  q: param.text('', SEARCH_MAX_LENGTH),
  filter: param.oneOf(USER_FILTERS, 'all'),
  sort: param.oneOf(USER_SORT_KEYS, DEFAULT_USER_SORT.key),
  dir: param.oneOf(['asc', 'desc'], DEFAULT_USER_SORT.direction),
};

/**
 * The list screen's state: the search, filter and sort (kept in the address), and the first block of the list with its exact counts,
 * answered by main from its replica (main/services/users). While a new answer is on its way the previous one stays
 * on screen, so typing in the search never blanks the table.
 */
export function useUserList() {
  const [state, setState] = useQueryState(QUERY);
  const { q: search, filter } = state;
  const sort: UserSort = { key: state.sort, direction: state.dir };
  const setSearch = (q: string) => setState({ q });
  const setFilter = (f: UserFilter) => setState({ filter: f });
  const query: UserListQuery = { filter, search, sort };
  const input = { ...query, offset: 0, limit: USER_BLOCK };
  // The answer carries the query it answers: while a new one is on its way, the table reads on with the old one.
  const head = useQuery<Answer<UserListPage> & { readonly query: UserListQuery }, OpError>({
    queryKey: opKey('users', 'page', input),
    queryFn: async () => ({ ...(await callOp('users', 'page', input)), query }),
    placeholderData: keepPreviousData,
  });

  /** A new column sorts ascending; the same column again flips the direction. */
  const sortBy = (key: UserSortKey) => setState({ sort: key, dir: sort.key === key && sort.direction === 'asc' ? 'desc' : 'asc' });

  return { head, query, search, setSearch, filter, setFilter, sort, sortBy };
}
