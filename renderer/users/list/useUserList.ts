import { useEffect, useMemo, useState } from 'react';
import { useOp } from '../../api/hooks.js';
import { buildUserListIndex, DEFAULT_USER_SORT, userListView, type UserListIndex, type UserSort, type UserSortKey } from '../../../shared/rules/users/list.js';
import { prepareSorts } from './prepare-sorts.js';
import type { UserFilter } from '../../../shared/rules/users/filters.js';

/**
 * The list screen's state: the loaded users, their prepared index (shared/rules/users/list.ts) and the view for
 * the current search, filter and sort, which is one linear pass per change.
 */
export function useUserList() {
  // No structural sharing: comparing 100,000 fresh rows with the previous ones on every refresh costs more than it saves.
  const list = useOp('users', 'list', {}, { structuralSharing: false });
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<UserFilter>('all');
  const [sort, setSort] = useState<UserSort>(DEFAULT_USER_SORT);
  const rows = list.data?.data.users;

  const index = useMemo<UserListIndex | undefined>(() => (rows ? buildUserListIndex(rows) : undefined), [rows]);

  // After a load, every sort's order is prepared in the background (a worker), so no click pays for sorting.
  useEffect(() => (index ? prepareSorts(index) : undefined), [index]);

  const view = useMemo(() => (index ? userListView(index, { filter, search, sort }) : new Uint32Array(0)), [index, filter, search, sort]);

  /** A new column sorts ascending; the same column again flips the direction. */
  const sortBy = (key: UserSortKey) =>
    setSort((s) => (s.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' }));

  return { list, index, view, search, setSearch, filter, setFilter, sort, sortBy };
}
