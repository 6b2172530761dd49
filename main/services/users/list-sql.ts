/**
 * The user list's search, nine filters and six sorts as SQL over rep_users: the rules of
 * shared/rules/users/filters.ts and the order of shared/rules/common/sort-order.ts (ties keep admin-get-users'
 * order, newest first; a missing value last ascending, first descending), written once for the page, its counts
 * and the export. tests/unit/users-replica-sql.test.ts checks them against the pure rules on the same rows.
 */
import { BETA_FREE_PLAN, FOUNDERS_FREE_PLAN, normaliseSearch, type UserFilter } from '../../../shared/rules/users/filters.js';
import type { UserListQuery, UserSort, UserSortKey } from '../../../shared/rules/users/list.js';

export interface SqlPart {
  readonly sql: string;
  readonly params: readonly (string | number)[];
}

function filterSql(filter: UserFilter): SqlPart {
  switch (filter) {
    case 'all':
      return { sql: '1', params: [] };
    case 'with_subscription':
      return { sql: 'subscription_id is not null', params: [] };
    case 'without_subscription':
      return { sql: 'subscription_id is null', params: [] };
    case 'founders_free':
      return { sql: 'plan_name = ?', params: [FOUNDERS_FREE_PLAN] };
    case 'beta_free':
      return { sql: 'plan_name = ?', params: [BETA_FREE_PLAN] };
    default:
      return { sql: 'subscription_status = ?', params: [filter] };
  }
}

/**
 * How a search finds its rows: 'scan' tests every e-mail and id (in the order of the page's index, so a page of a
 * common term stops early); 'lookup' reads the trigram index and the user_id index and tests only those rows.
 * search-index.ts chooses, per term, from how many rows the index gives.
 */
export type SearchMode = 'scan' | 'lookup';

/** The trigram index has no trigram to look up in a term shorter than this (in characters, not UTF-16 units). */
export const TRIGRAM_MIN = 3;

/** Whether the trigram index can answer a (normalised) term: three characters or more, and no NUL (it would end the FTS query's text early). */
export const indexableTerm = (term: string): boolean => Array.from(term).length >= TRIGRAM_MIN && !term.includes('\u0000');

/**
 * The smallest string above every string that starts with `prefix`, in SQLite's binary order (UTF-8 bytes, which
 * is code point order): the prefix with its last code point raised by one. null when there is none (only U+10FFFF).
 */
export function prefixEnd(prefix: string): string | null {
  const points = Array.from(prefix, (c) => c.codePointAt(0)!);
  while (points.length > 0) {
    const last = points.pop()! + 1;
    if (last > 0x10ffff) continue;
    // A surrogate is no character: the next one up is U+E000.
    points.push(last >= 0xd800 && last <= 0xdfff ? 0xe000 : last);
    return String.fromCodePoint(...points);
  }
  return null;
}

/** An FTS5 query that takes every character of the term literally: one quoted string, its quotes doubled. */
export const ftsPhrase = (term: string): string => `"${term.replaceAll('"', '""')}"`;

/**
 * The ids starting with `term` (substr(user_id, 1, length(term)) = term), as a range on user_id: an index range
 * for a lookup, two comparisons per row for a scan.
 */
export function idRangeSql(term: string): SqlPart {
  const end = prefixEnd(term);
  return end === null ? { sql: 'user_id >= ?', params: [term] } : { sql: 'user_id >= ? and user_id < ?', params: [term, end] };
}

/**
 * matchesSearch: the lower-cased e-mail contains the term, or the id starts with it. instr and the id range are exact
 * (no LIKE: its wildcards and ASCII-only case folding would change the rule); the e-mail was lower-cased by
 * JavaScript's toLowerCase when the row was stored, as the rule does.
 *
 * A lookup reads its candidates from the trigram index (main/cache/schema/v7-users-search.ts: the rows whose e-mail holds the term's
 * trigrams in sequence) and the id range, and keeps the exact test on top: the index can make a search faster,
 * never change what it finds.
 */
function searchSql(search: string, mode: SearchMode): SqlPart {
  const term = normaliseSearch(search);
  if (term === '') return { sql: '1', params: [] };
  const range = idRangeSql(term);
  // The id half as a range: two comparisons per row instead of a substring made and compared (a fifth of a scan).
  const exact: SqlPart = { sql: `(instr(email_lower, ?) > 0 or (${range.sql}))`, params: [term, ...range.params] };
  if (mode === 'scan' || !indexableTerm(term)) return exact;
  return {
    sql: `id in (select rowid from rep_users_search where rep_users_search match ? union all select id from rep_users where ${range.sql}) and ${exact.sql}`,
    params: [ftsPhrase(term), ...range.params, ...exact.params],
  };
}

/** The WHERE clause of a query: its filter and its search (found as `mode` says, see search-index.ts). */
export function whereOf(query: Pick<UserListQuery, 'filter' | 'search'>, mode: SearchMode): SqlPart {
  const f = filterSql(query.filter);
  const s = searchSql(query.search, mode);
  return { sql: `${f.sql} and ${s.sql}`, params: [...f.params, ...s.params] };
}

const SORT_COLUMN: Readonly<Record<UserSortKey, string>> = {
  email: 'email_lower',
  subscription_status: 'status_key',
  plan: 'plan_key',
  block_count: 'block_count',
  created: 'created_ms',
  last_login: 'login_key',
};

export const sortColumnOf = (sort: UserSort): string => SORT_COLUMN[sort.key];

/** The ORDER BY of a sort, matching one of the indexes of main/cache/schema/v5-users-replica.ts. */
export function orderOf(sort: UserSort): string {
  const col = SORT_COLUMN[sort.key];
  return sort.direction === 'asc' ? `${col} asc, created_us desc, user_id desc` : `${col} desc, created_us desc, user_id desc`;
}
