/**
 * The user list's search, filter and sort (spec 1 sections 9 and "Table sorting"): which rows a query shows and in
 * what order. Main answers the screen from its replica in SQL (main/services/users/list-sql.ts); this is the
 * rule that SQL is tested against on the same rows (tests/unit/users-replica-sql.test.ts).
 */
import type { AdminUserRow } from './types.js';
import { matchesFilter, matchesSearch, normaliseSearch, type UserFilter } from './filters.js';
import { orderByRanks, ranksOf, type SortValue } from '../common/sort-order.js';

export const USER_SORT_KEYS = ['email', 'subscription_status', 'plan', 'block_count', 'created', 'last_login'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface UserSort {
  readonly key: UserSortKey;
  readonly direction: SortDirection;
}

export const USER_SORT_LABELS: Readonly<Record<UserSortKey, string>> = {
  email: 'Email',
  subscription_status: 'Subscription Status',
  plan: 'Plan',
  block_count: 'Blocks',
  created: 'Created',
  last_login: 'Last Login',
};

/** Newest accounts first, as admin-get-users returns them. */
export const DEFAULT_USER_SORT: UserSort = { key: 'created', direction: 'desc' };

export interface UserListQuery {
  readonly filter: UserFilter;
  readonly search: string;
  readonly sort: UserSort;
}

/** The value a row is sorted by: lower-cased e-mail, status, plan, blocks, and the two times in milliseconds. */
export function sortValueOf(row: AdminUserRow, key: UserSortKey): SortValue {
  switch (key) {
    case 'email':
      return row.user_email.toLowerCase();
    case 'subscription_status':
      return row.subscription_status;
    case 'plan':
      return row.plan_name;
    case 'block_count':
      return row.block_count;
    case 'created':
      return Date.parse(row.user_created_at);
    case 'last_login':
      return row.last_sign_in_at === null ? null : Date.parse(row.last_sign_in_at);
  }
}

export const ALL_USER_SORTS: readonly UserSort[] = USER_SORT_KEYS.flatMap((key) => (['asc', 'desc'] as const).map((direction) => ({ key, direction })));

/**
 * The rows a query shows, in display order. `rows` are in admin-get-users' order (newest first), which ties keep in
 * both directions; a missing value sorts last ascending and first descending (shared/rules/common/sort-order.ts).
 */
export function userListView(rows: readonly AdminUserRow[], query: UserListQuery): AdminUserRow[] {
  const term = normaliseSearch(query.search);
  const shown = rows.filter((r) => matchesFilter(r, query.filter) && matchesSearch(r.user_email.toLowerCase(), r.user_id, term));
  const order = orderByRanks(ranksOf(shown.map((r) => sortValueOf(r, query.sort.key))), query.sort.direction);
  return Array.from(order, (i) => shown[i] as AdminUserRow);
}
