/**
 * The user list's search, filter and sort at 100,000 rows within the 50 ms budget of a keystroke (issue 3).
 * Everything that costs n·log n is done once per loaded list (buildUserListIndex, warmUserListIndex): a bit set
 * of the filters each row matches, its lower-cased e-mail, and for every sort key both directions as a ready order. A search,
 * a filter change or a sort is then one linear pass (userListView), with no sorting and no allocation per row.
 */
import type { AdminUserRow } from '../../types/users.js';
import { USER_FILTERS, matchesFilter, matchesSearch, normaliseSearch, type UserFilter } from './filters.js';
import { MAX_ROWS, orderByRanks, ranksOf, type Ranks, type SortValue } from '../common/sort-order.js';

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

export interface UserListIndex {
  readonly rows: readonly AdminUserRow[];
  readonly emailLower: readonly string[];
  /** Bit f is set when row i matches USER_FILTERS[f]. */
  readonly filterBits: Uint16Array;
  /** The rows in the order of each sort, built on first use (warmUserListIndex builds them all up front). */
  readonly orders: Map<`${UserSortKey}:${SortDirection}`, Uint32Array>;
  readonly ranks: Map<UserSortKey, Ranks>;
  readonly userIds: readonly string[];
  /** The last search's matches, reused while only the filter or the sort changes. */
  search: { readonly term: string; readonly mask: Uint8Array | null };
}

/** The value a row is sorted by: lower-cased e-mail, status, plan, blocks, and the two times in milliseconds. */
export function sortValueOf(row: AdminUserRow, key: UserSortKey, emailLower?: string): SortValue {
  switch (key) {
    case 'email':
      return emailLower ?? row.user_email.toLowerCase();
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

export function buildUserListIndex(rows: readonly AdminUserRow[]): UserListIndex {
  const n = rows.length;
  if (n > MAX_ROWS) throw new Error(`The user list index holds at most ${MAX_ROWS} rows.`);
  const emailLower = rows.map((r) => r.user_email.toLowerCase());
  const filterBits = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    let bits = 0;
    USER_FILTERS.forEach((f, b) => {
      if (matchesFilter(rows[i] as AdminUserRow, f)) bits |= 1 << b;
    });
    filterBits[i] = bits;
  }
  return { rows, emailLower, userIds: rows.map((r) => r.user_id), filterBits, orders: new Map(), ranks: new Map(), search: { term: '', mask: null } };
}

/** The order of one sort: ascending by rank, descending by the reversed rank; ties keep the list's order. */
export function sortOrder(index: UserListIndex, sort: UserSort): Uint32Array {
  const name = `${sort.key}:${sort.direction}` as const;
  const kept = index.orders.get(name);
  if (kept) return kept;
  let ranks = index.ranks.get(sort.key);
  if (!ranks) {
    ranks = ranksOf(index.rows.map((r, i) => sortValueOf(r, sort.key, index.emailLower[i])));
    index.ranks.set(sort.key, ranks);
  }
  const order = orderByRanks(ranks, sort.direction);
  index.orders.set(name, order);
  return order;
}

export const ALL_USER_SORTS: readonly UserSort[] = USER_SORT_KEYS.flatMap((key) => (['asc', 'desc'] as const).map((direction) => ({ key, direction })));

/** Builds every sort's order now (after a load), so that no later click pays for sorting. */
export function warmUserListIndex(index: UserListIndex): void {
  for (const sort of ALL_USER_SORTS) sortOrder(index, sort);
}

/**
 * Which rows match the search, tested in list order (the strings are read one after the other, not in the jumps
 * of a sort order, which at 100,000 rows costs several times more), kept for the next call with the same term.
 */
function searchMask(index: UserListIndex, term: string): Uint8Array {
  if (index.search.term === term && index.search.mask) return index.search.mask;
  const { emailLower, userIds } = index;
  const mask = new Uint8Array(emailLower.length);
  for (let i = 0; i < mask.length; i++) if (matchesSearch(emailLower[i] as string, userIds[i] as string, term)) mask[i] = 1;
  index.search = { term, mask };
  return mask;
}

/** The row indices to show, in display order: one pass over the sort's order, testing filter bit and search. */
export function userListView(index: UserListIndex, query: UserListQuery): Uint32Array {
  const order = sortOrder(index, query.sort);
  const bit = 1 << USER_FILTERS.indexOf(query.filter);
  const term = normaliseSearch(query.search);
  const { filterBits } = index;
  const out = new Uint32Array(order.length);
  let n = 0;
  if (term === '') {
    for (let k = 0; k < order.length; k++) {
      const i = order[k] as number;
      if ((filterBits[i] as number) & bit) out[n++] = i;
    }
  } else {
    const mask = searchMask(index, term);
    for (let k = 0; k < order.length; k++) {
      const i = order[k] as number;
      if ((filterBits[i] as number) & bit && mask[i]) out[n++] = i;
    }
  }
  return out.subarray(0, n);
}

/** The rows of a view, for callers that want objects (the export, tests). */
export function* viewRows(index: UserListIndex, view: Uint32Array): Generator<AdminUserRow> {
  for (let k = 0; k < view.length; k++) yield index.rows[view[k] as number] as AdminUserRow;
}
