/**
 * Spec 1 section 9: the nine user filters and the search of the user list. One definition, used by the renderer
 * (on the loaded list), by main (the export) and mirrored in SQL by the embedded admin-get-users (a test keeps the
 * two in agreement).
 */
import type { AdminUserRow } from './types.js';

export const USER_FILTERS = [
  'all',
  'with_subscription',
  'without_subscription',
  'active',
  'trialing',
  'founders_free',
  'beta_free',
  'past_due',
  'canceled',
] as const;

export type UserFilter = (typeof USER_FILTERS)[number];

export const USER_FILTER_LABELS: Readonly<Record<UserFilter, string>> = {
  all: 'All Users',
  with_subscription: 'With Subscription',
  without_subscription: 'Without Subscription',
  active: 'Active',
  trialing: 'Trialing',
  founders_free: 'Founders Free',
  beta_free: 'Beta Free',
  past_due: 'Past Due',
  canceled: 'Canceled',
};

/** The plan names behind the two free-plan filters (spec 1 section 3, "Plan names seen"). */
export const FOUNDERS_FREE_PLAN = 'Founders Free';
export const BETA_FREE_PLAN = 'Foundation Free Beta';

/** The fields a filter looks at. */
export type FilterFields = Pick<AdminUserRow, 'subscription_id' | 'subscription_status' | 'plan_name'>;

export function matchesFilter(row: FilterFields, filter: UserFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'with_subscription':
      return row.subscription_id !== null;
    case 'without_subscription':
      return row.subscription_id === null;
    case 'founders_free':
      return row.plan_name === FOUNDERS_FREE_PLAN;
    case 'beta_free':
      return row.plan_name === BETA_FREE_PLAN;
    default:
      return row.subscription_status === filter;
  }
}

export const SEARCH_MAX_LENGTH = 320;

/** The search as it is applied: trimmed and lower-cased; empty means "no search". */
export function normaliseSearch(term: string): string {
  return term.trim().toLowerCase();
}

/**
 * A row matches when its e-mail contains the term, or its user id starts with it (an administrator pasting an id).
 * `emailLower` and `term` are already lower-cased (see normaliseSearch).
 */
export function matchesSearch(emailLower: string, userId: string, term: string): boolean {
  return term === '' || emailLower.includes(term) || userId.startsWith(term);
}
