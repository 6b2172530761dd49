import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOp, opKey, type Answer, type OpError } from '../../api/hooks.js';
import type { UserListPage } from '../../../shared/contract/areas/users.js';
import { DEFAULT_USER_SORT, type UserListQuery, type UserSort, type UserSortKey } from '../../../shared/rules/users/list.js';
import type { UserFilter } from '../../../shared/rules/users/filters.js';

/** Rows per request: the first screenful and some more; the virtualised table asks for the next blocks as it scrolls. */
export const USER_BLOCK = 200;

/**
 * The list screen's state: the search, filter and sort, and the first block of the list with its exact counts,
 * answered by main from its replica (main/services/users). While a new answer is on its way the previous one stays
 * on screen, so typing in the search never blanks the table.
 */
export function useUserList() {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<UserFilter>('all');
  const [sort, setSort] = useState<UserSort>(DEFAULT_USER_SORT);
  const query: UserListQuery = { filter, search, sort };
  const input = { ...query, offset: 0, limit: USER_BLOCK };
  // The answer carries the query it answers: while a new one is on its way, the table reads on with the old one.
  const head = useQuery<Answer<UserListPage> & { readonly query: UserListQuery }, OpError>({
    queryKey: opKey('users', 'page', input),
    queryFn: async () => ({ ...(await callOp('users', 'page', input)), query }),
    placeholderData: keepPreviousData,
  });

  /** A new column sorts ascending; the same column again flips the direction. */
  const sortBy = (key: UserSortKey) => setSort((s) => (s.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' }));

  return { head, query, search, setSearch, filter, setFilter, sort, sortBy };
}
