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
 * matchesSearch: the lower-cased e-mail contains the term, or the id starts with it. instr and substr are exact
 * (no LIKE: its wildcards and ASCII-only case folding would change the rule); the e-mail was lower-cased by
 * JavaScript's toLowerCase when the row was stored, as the rule does.
 */
function searchSql(search: string): SqlPart {
  const term = normaliseSearch(search);
  if (term === '') return { sql: '1', params: [] };
  return { sql: '(instr(email_lower, ?) > 0 or substr(user_id, 1, length(?)) = ?)', params: [term, term, term] };
}

/** The WHERE clause of a query: its filter and its search. */
export function whereOf(query: Pick<UserListQuery, 'filter' | 'search'>): SqlPart {
  const f = filterSql(query.filter);
  const s = searchSql(query.search);
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

/** The ORDER BY of a sort, matching one of the indexes of replica-schema.ts. */
export function orderOf(sort: UserSort): string {
  const col = SORT_COLUMN[sort.key];
  return sort.direction === 'asc' ? `${col} asc, created_us desc, user_id desc` : `${col} desc, created_us desc, user_id desc`;
}
