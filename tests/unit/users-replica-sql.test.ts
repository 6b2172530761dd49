// The user list's replica answers search, the nine filters and the six sorts in SQL (main/services/users/list-sql.ts):
// on the same rows, every page, count and export order equals the pure rule (shared/rules/users/list.ts), including
// ties, missing values, users created in the same millisecond, case and a plan name that looks like a number.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CACHE_MIGRATIONS, migrate } from '../../main/cache/migrations.js';
import { openCacheDatabase } from '../../main/cache/database.js';
import { createUsersReplicaStore, microsOf, rowsInOrder, type UsersReplicaStore } from '../../main/services/users/replica-store.js';
import { orderOf, prefixEnd, whereOf, type SearchMode } from '../../main/services/users/list-sql.js';
import { LOOKUP_MAX, searchIndexReady, searchModeOf } from '../../main/services/users/search-index.js';
import { BETA_FREE_PLAN, FOUNDERS_FREE_PLAN, USER_FILTERS } from '../../shared/rules/users/filters.js';
import { ALL_USER_SORTS, USER_SORT_KEYS, userListView, type UserListQuery } from '../../shared/rules/users/list.js';
import type { AdminUserRow } from '../../shared/rules/users/types.js';

function freshStore() {
  const db = new Database(':memory:');
  migrate(db);
  return createUsersReplicaStore(db);
}

const id = (n: number) => `0000000${n % 10}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Rows in admin-get-users' order: created_at descending (microseconds), then user id descending. */
function listOrder(rows: AdminUserRow[]): AdminUserRow[] {
  return [...rows].sort((a, b) => microsOf(b.user_created_at) - microsOf(a.user_created_at) || (a.user_id < b.user_id ? 1 : a.user_id > b.user_id ? -1 : 0));
}

const arbRow = fc.record({
  email: fc.constantFrom('Ann@x.io', 'bob@y.io', 'carl@x.io', 'ann@x.io', 'Dee@Z.io', '=evil@x.io', 'ÉLODIE@x.io', 'zoë@y.io', ''),
  status: fc.constantFrom(null, 'active', 'trialing', 'past_due', 'canceled', 'unpaid'),
  plan: fc.constantFrom(null, FOUNDERS_FREE_PLAN, BETA_FREE_PLAN, 'Premium Monthly', '123', '45'),
  blocks: fc.nat(5),
  // Few distinct instants, some within one millisecond: the ties of every sort.
  created: fc.constantFrom(
    '2025-01-01T00:00:00.000001Z',
    '2025-01-01T00:00:00.000900Z',
    '2025-01-01T00:00:00.001000Z',
    '2025-02-01T10:00:00.500000Z',
    '2025-03-01T00:00:00Z',
  ),
  login: fc.option(fc.constantFrom('2025-01-02T00:00:00.000Z', '2025-01-03T00:00:00.000Z', '2025-01-03T00:00:00.000500Z')),
  search: fc.constantFrom('', 'ANN', 'x.io', ' dee ', '=', 'élo', '0000000', '00000003-', '%', '_'),
});

// E-mails and terms for the search index: characters FTS5 and LIKE treat specially, non-ASCII whose lower case is
// longer or shorter than the upper (İ, ẞ), astral characters, and terms of 1, 2 and 3+ characters.
const SEARCH_EMAILS = [
  'Ann@x.io',
  'a"b@q.io',
  'a""b@q.io',
  'st*r@x.io',
  '100%_off@x.io',
  'ÉLODIE@x.io',
  'zoë@y.io',
  'İpek@tr.io',
  'STRAẞE@de.io',
  '😀smile@x.io',
  'ann.ann@x.io',
  'OR@x.io',
  'near@x.io',
  '',
  'x',
];
const SEARCH_TERMS = [
  'a',
  'A',
  '"',
  '%',
  '*',
  'ö',
  'ë',
  'an',
  'x.',
  '""',
  'a"',
  '%_',
  'ann',
  'ANN.a',
  'x.io',
  'a"b',
  '"b@',
  'a""b',
  '""b',
  'st*',
  '*r@',
  '%_o',
  '0%_',
  'élo',
  'ÉLODIE',
  'zoë@',
  'i̇pek',
  'İpe',
  'straße',
  'ẞe@',
  '😀sm',
  '😀',
  'or',
  'or@',
  'near',
  ' NEAR ',
  'zzz',
  '0000000',
  '00000003-',
  '0000000a',
  '@',
  'ünï',
  'ü',
  '\u{10FFFF}',
  '\u{10FFFF}x',
  'ab"c',
  '\uD7FF',
  'ann-',
];

function rowsOf(
  specs: readonly { email: string; status: string | null; plan: string | null; blocks: number; created: string; login: string | null }[],
): AdminUserRow[] {
  return listOrder(
    specs.map((s, i) => ({
      user_id: id(i + 1),
      user_email: s.email,
      user_created_at: s.created,
      last_sign_in_at: s.login,
      subscription_id: s.status ? `sub${i}` : null,
      subscription_status: s.status,
      plan_name: s.status ? s.plan : null,
      plan_description: null,
      block_count: s.blocks,
      marketing_attribution: null,
    })),
  );
}

describe('the user list replica in SQL', () => {
  it('answers every filter, search and sort like the pure rule: rows, counts, pages and the export order', () => {
    fc.assert(
      fc.property(fc.array(arbRow, { maxLength: 40 }), fc.constantFrom(...USER_FILTERS), fc.constantFrom(...ALL_USER_SORTS), (specs, filter, sort) => {
        const rows = rowsOf(specs);
        const store = freshStore();
        // Written in an order other than the list's: the SQL must not depend on insertion order.
        store.writePage([...rows].reverse());
        for (const search of new Set(specs.map((s) => s.search).concat(''))) {
          const q: UserListQuery = { filter, search, sort };
          const expected = userListView(rows, q).map((r) => r.user_id);
          const all = store.page(q, 0, 1000);
          expect(all.rows.map((r) => r.user_id)).toEqual(expected);
          expect(all.matched).toBe(expected.length);
          expect(all.total).toBe(rows.length);
          expect(store.page(q, 3, 5).rows.map((r) => r.user_id)).toEqual(expected.slice(3, 8));
          expect([...rowsInOrder(store.db, q)].map((r) => r.user_id)).toEqual(expected);
        }
        store.db.close();
      }),
      { numRuns: 300 },
    );
  });

  it('searches like the rule by a lookup and by a scan, whatever the characters of the term, before and after a sync changes and deletes rows', () => {
    const ids = (store: UsersReplicaStore, q: UserListQuery, mode: SearchMode) => {
      const where = whereOf(q, mode);
      return store.db
        .prepare(`select user_id from rep_users where ${where.sql} order by ${orderOf(q.sort)}`)
        .pluck()
        .all(...where.params);
    };
    const specRow = fc.record({
      email: fc.constantFrom(...SEARCH_EMAILS),
      n: fc.nat(30),
      created: fc.constantFrom('2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z'),
    });
    // A few ids that are no UUID: the id half of the search is a range on user_id, which must equal "starts with".
    const SPECIAL_IDS = ['ünï-id', '\u{10FFFF}x', 'ab"c*', '\uD7FFz', 'ANN-id'];
    const toRow = (s: { email: string; n: number; created: string }): AdminUserRow => ({
      user_id: s.n >= 26 ? SPECIAL_IDS[s.n - 26]! : id(s.n + 1),
      user_email: s.email,
      user_created_at: s.created,
      last_sign_in_at: null,
      subscription_id: s.n % 3 ? 'sub' : null,
      subscription_status: s.n % 3 ? 'active' : null,
      plan_name: null,
      plan_description: null,
      block_count: s.n % 4,
      marketing_attribution: null,
    });
    const unique = (rows: AdminUserRow[]) => listOrder([...new Map(rows.map((r) => [r.user_id, r])).values()]);
    fc.assert(
      fc.property(
        fc.array(specRow, { maxLength: 25 }),
        fc.array(specRow, { maxLength: 25 }),
        fc.constantFrom('all', 'active', 'without_subscription'),
        fc.constantFrom(...ALL_USER_SORTS),
        (before, after, filter, sort) => {
          const store = freshStore();
          const check = (rows: AdminUserRow[]) => {
            for (const search of SEARCH_TERMS) {
              const q: UserListQuery = { filter: filter as UserListQuery['filter'], search, sort };
              const expected = userListView(rows, q).map((r) => r.user_id);
              expect(ids(store, q, 'lookup'), `lookup ${search}`).toEqual(expected);
              expect(ids(store, q, 'scan'), `scan ${search}`).toEqual(expected);
              const page = store.page(q, 0, 1000);
              expect(
                page.rows.map((r) => r.user_id),
                search,
              ).toEqual(expected);
              expect(page.matched).toBe(expected.length);
              expect([...rowsInOrder(store.db, q)].map((r) => r.user_id)).toEqual(expected);
            }
          };
          const first = unique(before.map(toRow));
          store.writePage(first);
          store.finishSync(new Set(first.map((r) => r.user_id)), '2026-01-01T00:00:00.000Z');
          check(first);
          // A second sync: some users changed their e-mail (or only something else), some are new, the rest are gone.
          const second = unique(after.map(toRow));
          store.writePage(second);
          store.finishSync(new Set(second.map((r) => r.user_id)), '2026-01-02T00:00:00.000Z');
          check(second);
          // The index holds exactly the rows of rep_users, each once (an FTS5 integrity check against its content).
          store.db.exec("insert into rep_users_search (rep_users_search, rank) values ('integrity-check', 1)");
          store.db.close();
        },
      ),
      { numRuns: 150 },
    );
  });

  it('looks a rare term up and scans for a common one, the same rows either way', () => {
    const store = freshStore();
    const rows = rowsOf(
      Array.from({ length: LOOKUP_MAX + 4 }, (_, i) => ({
        email: i < 3 ? `rare${i}@x.io` : `user${i}@common.io`,
        status: null,
        plan: null,
        blocks: 0,
        created: '2025-01-01T00:00:00Z',
        login: null,
      })),
    );
    store.writePage(rows);
    expect(searchModeOf(store.db, 'RARE')).toBe('lookup');
    expect(searchModeOf(store.db, 'common')).toBe('scan');
    expect(searchModeOf(store.db, 'ra')).toBe('scan');
    for (const search of ['rare', 'common', 'ra', 'rare1@']) {
      const q: UserListQuery = { filter: 'all', search, sort: { key: 'email', direction: 'desc' } };
      const expected = userListView(rows, q).map((r) => r.user_id);
      const page = store.page(q, 0, 10);
      expect(page.matched).toBe(expected.length);
      expect(page.rows.map((r) => r.user_id)).toEqual(expected.slice(0, 10));
    }
    const plan = (mode: SearchMode) => {
      const where = whereOf({ filter: 'all', search: 'rare' }, mode);
      return (store.db.prepare(`explain query plan select id from rep_users where ${where.sql}`).all(...where.params) as { detail: string }[])
        .map((r) => r.detail)
        .join('\n');
    };
    // A lookup reads the trigram index and the user_id range, not every row.
    expect(plan('lookup')).toMatch(/rep_users_search VIRTUAL TABLE/);
    expect(plan('lookup')).toMatch(/sqlite_autoindex_rep_users_1 \(user_id>\? AND user_id<\?\)/);
    expect(plan('lookup')).toMatch(/INTEGER PRIMARY KEY \(rowid=\?\)/);
  });

  it('fills the search index of a replica synced before it existed (cache migration 7)', () => {
    const db = new Database(':memory:');
    migrate(db, CACHE_MIGRATIONS.slice(0, 6));
    db.prepare(
      "insert into rep_users (user_id, email, email_lower, created_us, created_ms, block_count) values ('u1', 'Olivia.J@x.io', 'olivia.j@x.io', 0, 0, 0)",
    ).run();
    migrate(db);
    const store = createUsersReplicaStore(db);
    expect(searchModeOf(db, 'olivia.j')).toBe('lookup');
    expect(store.page({ filter: 'all', search: 'OLIVIA.J', sort: { key: 'email', direction: 'asc' } }, 0, 10).matched).toBe(1);
  });

  it('finds the end of an id prefix range in code point order', () => {
    expect(prefixEnd('abc')).toBe('abd');
    expect(prefixEnd('0000000-')).toBe('0000000.');
    expect(prefixEnd('a\u{10FFFF}')).toBe('b');
    expect(prefixEnd('\u{10FFFF}')).toBeNull();
    expect(prefixEnd('a\uD7FF')).toBe('a\uE000');
    expect(prefixEnd('😀')).toBe('😁');
  });

  it('gives back each row exactly as admin-get-users answered it', () => {
    const store = freshStore();
    const row: AdminUserRow = {
      user_id: id(7),
      user_email: 'Mixed@Case.io',
      user_created_at: '2025-01-01T00:00:00.123456Z',
      last_sign_in_at: null,
      subscription_id: 's',
      subscription_status: 'active',
      plan_name: 'Premium Monthly',
      plan_description: 'Monthly',
      block_count: 3,
      marketing_attribution: { utm_source: 'x', utm_campaign: null, utm_medium: 'cpc', marketing_links: { campaign_name: 'C', campaign_type: 'influencer' } },
    };
    store.writePage([row]);
    expect(store.page({ filter: 'all', search: '', sort: { key: 'email', direction: 'asc' } }, 0, 10).rows).toEqual([row]);
  });

  it('rewrites only changed rows, and a finished sync removes the users it did not see', () => {
    const store = freshStore();
    const rows = rowsOf(
      Array.from({ length: 5 }, (_, i) => ({ email: `u${i}@x.io`, status: null, plan: null, blocks: i, created: `2025-01-0${i + 1}T00:00:00Z`, login: null })),
    );
    expect(store.writePage(rows)).toBe(5);
    expect(store.writePage(rows)).toBe(0);
    const changed = { ...rows[2]!, block_count: 99 };
    expect(store.writePage([changed])).toBe(1);
    expect(store.finishSync(new Set(rows.slice(1).map((r) => r.user_id)), '2026-01-01T00:00:00.000Z')).toBe(1);
    const q: UserListQuery = { filter: 'all', search: '', sort: { key: 'block_count', direction: 'desc' } };
    const page = store.page(q, 0, 10);
    expect(page.total).toBe(4);
    expect(page.rows[0]).toEqual(changed);
    expect(store.meta('last_synced_at')).toBe('2026-01-01T00:00:00.000Z');
    store.remove(changed.user_id);
    expect(store.count()).toBe(3);
  });

  it('loads an empty replica without its indexes and builds them after, also when a load was cut short', () => {
    const store = freshStore();
    const indexes = () =>
      store.db.prepare(`select count(*) from sqlite_master where type = 'index' and tbl_name = 'rep_users' and sql is not null`).pluck().get() as number;
    const all = indexes();
    expect(all).toBe(13);
    expect(searchIndexReady(store.db)).toBe(true);
    expect(store.beginBulkLoad()).toBe(true);
    expect(indexes()).toBe(0);
    expect(searchIndexReady(store.db)).toBe(false);
    const rows = rowsOf(
      Array.from({ length: 30 }, (_, i) => ({
        email: `u${i % 7}@x.io`,
        status: i % 3 ? 'active' : null,
        plan: null,
        blocks: i % 4,
        created: `2025-01-0${(i % 9) + 1}T00:00:00Z`,
        login: null,
      })),
    );
    store.writePage(rows);
    // A crash here: the next store of the file builds the indexes before anything reads.
    // Meanwhile a search scans (the index misses the rows loaded without its triggers).
    expect(searchModeOf(store.db, 'u1@x')).toBe('scan');
    const reopened = createUsersReplicaStore(store.db);
    expect(indexes()).toBe(all);
    expect(searchModeOf(store.db, 'u1@x')).toBe('lookup');
    expect(reopened.beginBulkLoad()).toBe(false);
    for (const sort of ALL_USER_SORTS) {
      const q: UserListQuery = { filter: 'active', search: 'U1', sort };
      expect(reopened.page(q, 0, 100).rows.map((r) => r.user_id)).toEqual(userListView(rows, q).map((r) => r.user_id));
    }
  });

  it('builds the indexes of a first load on a writer thread, reading on meanwhile, for a replica in a file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-users-build-'));
    try {
      const cache = openCacheDatabase(path.join(dir, 'cache.sqlite'), { log: () => undefined });
      const store = createUsersReplicaStore(cache.db);
      expect(store.beginBulkLoad()).toBe(true);
      const rows = rowsOf(
        Array.from({ length: 400 }, (_, i) => ({
          email: `user${i}@x${i % 5}.io`,
          status: i % 3 ? 'active' : null,
          plan: null,
          blocks: 0,
          created: `2025-02-0${(i % 9) + 1}T00:00:00Z`,
          login: null,
        })),
      );
      store.writePage(rows);
      const building = store.buildIndexes();
      // Main's connection answers while the thread builds (from the snapshot before it: a scan).
      const q: UserListQuery = { filter: 'all', search: 'user12', sort: ALL_USER_SORTS[0]! };
      expect(store.page(q, 0, 50).rows.map((r) => r.user_id)).toEqual(userListView(rows, q).map((r) => r.user_id));
      await building;
      expect(cache.db.prepare(`select count(*) from sqlite_master where type = 'index' and tbl_name = 'rep_users' and sql is not null`).pluck().get()).toBe(13);
      expect(searchIndexReady(cache.db)).toBe(true);
      expect(searchModeOf(cache.db, 'user12')).toBe('lookup');
      expect(store.page(q, 0, 50).rows.map((r) => r.user_id)).toEqual(userListView(rows, q).map((r) => r.user_id));
      cache.db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads microseconds from any ISO time, so users of one millisecond keep their order', () => {
    expect(microsOf('2025-01-01T00:00:00.000001Z') - microsOf('2025-01-01T00:00:00Z')).toBe(1);
    expect(microsOf('2025-01-01T00:00:00.123456+00:00')).toBe(Date.parse('2025-01-01T00:00:00.123Z') * 1000 + 456);
    expect(microsOf('2025-01-01T00:00:00.5Z')).toBe(Date.parse('2025-01-01T00:00:00.5Z') * 1000);
    expect(USER_SORT_KEYS).toHaveLength(6);
  });
});

describe('writeInterval (a sync read by key ranges)', () => {
  it('removes only the users of its interval the server no longer lists, with the progress in the same transaction', () => {
    const store = freshStore();
    const spec = (created: string) => ({ email: 'a@x.io', status: null, plan: null, blocks: 0, created, login: null });
    const all = rowsOf(['2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z', '2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z', '2025-05-01T00:00:00Z'].map(spec));
    store.writePage(all);
    // The interval [March, May): April is listed again, March is gone on the server; January, February and May are outside.
    const lower = { user_created_at: '2025-03-01T00:00:00Z', user_id: '00000000-0000-0000-0000-000000000000' };
    const upper = { user_created_at: '2025-05-01T00:00:00Z', user_id: '00000000-0000-0000-0000-000000000000' };
    const april = all.filter((r) => r.user_created_at.startsWith('2025-04'));
    expect(store.writeInterval(april, lower, upper, '[1]')).toEqual({ written: 0, removed: 1 });
    expect(store.count()).toBe(4);
    expect(store.meta('sync_ranges')).toBe('[1]');
    // Unbounded ends reach every key; without pruning nothing is removed.
    expect(store.writeInterval([], null, null, '[2]', false).removed).toBe(0);
    expect(store.writeInterval([], null, null, '[3]').removed).toBe(4);
    store.endSync('2026-01-01T00:00:00.000Z');
    expect(store.meta('sync_ranges')).toBeNull();
    expect(store.meta('last_synced_at')).toBe('2026-01-01T00:00:00.000Z');
  });
});
