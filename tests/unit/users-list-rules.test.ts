// The user list's search, the nine filters (spec 1 section 9) and the six sorts, checked against a plain
// (slow) implementation on generated lists, and on the cases the spec names.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BETA_FREE_PLAN, FOUNDERS_FREE_PLAN, USER_FILTERS, matchesFilter } from '../../shared/rules/users/filters.js';
import { USER_SORT_KEYS, userListView, type UserListQuery } from '../../shared/rules/users/list.js';
import type { AdminUserRow } from '../../shared/rules/users/types.js';
import { naiveView } from '../fixtures/users-naive.js';

let n = 0;
function row(p: Partial<AdminUserRow> = {}): AdminUserRow {
  n++;
  return {
    user_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    user_email: `user${n}@example.com`,
    user_created_at: new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString(),
    last_sign_in_at: null,
    subscription_id: null,
    subscription_status: null,
    plan_name: null,
    plan_description: null,
    block_count: 0,
    marketing_attribution: null,
    ...p,
  };
}

/** The obvious implementation: filter, then a comparator sort with missing values as the largest. */
const naive = (rows: readonly AdminUserRow[], q: UserListQuery): string[] => naiveView(rows, q).map((r) => r.user_id);

const view = (rows: readonly AdminUserRow[], q: UserListQuery) => userListView(rows, q).map((r) => r.user_id);

const arbRow = fc.record({
  email: fc.constantFrom('Ann@x.io', 'bob@y.io', 'carl@x.io', 'ann@x.io', 'Dee@Z.io', '=evil@x.io'),
  status: fc.constantFrom(null, 'active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete'),
  plan: fc.constantFrom(null, FOUNDERS_FREE_PLAN, BETA_FREE_PLAN, 'Premium Monthly', 'Premium Yearly'),
  blocks: fc.nat(5),
  created: fc.integer({ min: 0, max: 20 }),
  login: fc.option(fc.integer({ min: 0, max: 20 })),
});

describe('user list rules', () => {
  it('the nine filters select what their names say', () => {
    const rows = [
      row({ subscription_id: 's1', subscription_status: 'active', plan_name: FOUNDERS_FREE_PLAN }),
      row({ subscription_id: 's2', subscription_status: 'trialing', plan_name: BETA_FREE_PLAN }),
      row({ subscription_id: 's3', subscription_status: 'past_due', plan_name: 'Premium Monthly' }),
      row({ subscription_id: 's4', subscription_status: 'canceled', plan_name: 'Premium Yearly' }),
      row(),
    ];
    const ids = (f: (typeof USER_FILTERS)[number]) => rows.filter((r) => matchesFilter(r, f)).map((r) => rows.indexOf(r));
    expect(Object.fromEntries(USER_FILTERS.map((f) => [f, ids(f)]))).toEqual({
      all: [0, 1, 2, 3, 4],
      with_subscription: [0, 1, 2, 3],
      without_subscription: [4],
      active: [0],
      trialing: [1],
      founders_free: [0],
      beta_free: [1],
      past_due: [2],
      canceled: [3],
    });
  });

  it('searches the e-mail ignoring case and surrounding spaces, or the start of the user id', () => {
    const rows = [row({ user_email: 'Alice.Smith@Example.com' }), row({ user_email: 'bob@example.org' })];
    expect(view(rows, { filter: 'all', search: '  SMITH@ ', sort: { key: 'email', direction: 'asc' } })).toEqual([rows[0]!.user_id]);
    expect(view(rows, { filter: 'all', search: rows[1]!.user_id.toUpperCase(), sort: { key: 'email', direction: 'asc' } })).toEqual([rows[1]!.user_id]);
    expect(view(rows, { filter: 'all', search: '', sort: { key: 'email', direction: 'asc' } })).toHaveLength(2);
  });

  it('sorts a missing last login last when ascending (and first when descending, the exact reverse)', () => {
    const rows = [row({ last_sign_in_at: null }), row({ last_sign_in_at: '2025-03-01T00:00:00Z' }), row({ last_sign_in_at: '2025-01-01T00:00:00Z' })];
    const [never, march, january] = rows.map((r) => r.user_id);
    expect(view(rows, { filter: 'all', search: '', sort: { key: 'last_login', direction: 'asc' } })).toEqual([january, march, never]);
    expect(view(rows, { filter: 'all', search: '', sort: { key: 'last_login', direction: 'desc' } })).toEqual([never, march, january]);
  });

  it('agrees with the plain implementation for every filter, sort and direction', () => {
    fc.assert(
      fc.property(
        fc.array(arbRow, { maxLength: 40 }),
        fc.constantFrom(...USER_FILTERS),
        fc.constantFrom(...USER_SORT_KEYS),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.constantFrom('', 'ANN', 'x.io', ' dee ', '='),
        (specs, filter, key, direction, search) => {
          const rows = specs.map((s, i) =>
            row({
              user_email: s.email,
              subscription_id: s.status ? `sub${i}` : null,
              subscription_status: s.status,
              plan_name: s.status ? s.plan : null,
              block_count: s.blocks,
              user_created_at: new Date(Date.UTC(2025, 0, 1 + s.created)).toISOString(),
              last_sign_in_at: s.login === null ? null : new Date(Date.UTC(2025, 1, 1 + s.login)).toISOString(),
            }),
          );
          const q = { filter, search, sort: { key, direction } };
          expect(view(rows, q)).toEqual(naive(rows, q));
        },
      ),
      { numRuns: 400 },
    );
  });
});
