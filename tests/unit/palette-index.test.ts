import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { openCacheDatabase } from '../../main/cache/database.js';
import type { CacheDatabase } from '../../main/cache/types.js';
import { buildPaletteQuery, paletteScore, quoteFts } from '../../shared/rules/palette/query.js';
import { diffRows, refreshSource, signature } from '../../main/services/palette/refresh.js';
import { searchIndex } from '../../main/services/palette/search.js';
import { rememberOpened } from '../../main/services/palette/recent.js';
import { PALETTE_SOURCES } from '../../main/services/palette/sources/index.js';
import { usersSource } from '../../main/services/palette/sources/users.js';
import { coachesSource } from '../../main/services/palette/sources/coaches.js';
import { feedbackSource } from '../../main/services/palette/sources/feedback.js';
import { flagsSource } from '../../main/services/palette/sources/flags.js';
import { marketingSource } from '../../main/services/palette/sources/marketing.js';
import { promptsSource } from '../../main/services/palette/sources/prompts.js';
import { PALETTE_QUERY_NUL, PALETTE_RECENT_MAX } from '../../shared/rules/palette/kinds.js';
import { contract } from '../../shared/contract/index.js';
import { stampHasSyncedUsers } from '../../main/services/palette/sources/users.js';

const A = 'admin-a';
const B = 'admin-b';
const C1 = '11111111-1111-4111-8111-111111111111';
const F1 = '22222222-2222-4222-8222-222222222222';
const M1 = '33333333-3333-4333-8333-333333333333';
const U1 = '44444444-4444-4444-8444-444444444444';

let dir: string;
let cache: CacheDatabase;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-palette-'));
  cache = openCacheDatabase(path.join(dir, 'cache.sqlite'), { log: () => undefined });
});
afterEach(() => {
  cache.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const put = (user: string, op: string, data: unknown, key = '{}', at = new Date().toISOString()) => cache.reads.put(user, op, key, data, at);
const build = async (user: string) => {
  for (const s of PALETTE_SOURCES) await refreshSource(cache.db, user, s);
};
const find = (user: string, text: string) => searchIndex(cache.db, user, text);

function seedKept(user: string) {
  put(user, 'coaches.list', { coaches: [{ id: C1, name: 'Calm Coach', slug: 'calm', category: 'Wellness', isActive: true }], counts: {} });
  put(user, 'marketing.list', [{ id: M1, campaignName: 'Spring Launch', slug: 'spring-2026', campaignType: 'social' }]);
  put(
    user,
    'feedback.board',
    {
      total: 1,
      counts: {},
      columns: { new: { items: [{ id: F1, title: 'Export button broken', type: 'bug', status: 'new' }], more: false } },
    },
    '{"search":"","type":"all"}',
  );
  put(user, 'flags.list', [{ id: 'f-1', userId: U1, email: 'ann.lee@example.com', featureKey: 'email_engagement', enabled: true }]);
  put(user, 'users.detail', { user: { user_id: U1, user_email: 'ann.lee@example.com' }, engagement: null }, `{"userId":"${U1}"}`);
}

/** A user as the users replica (cache migration 5) holds one: the columns the palette reads, the rest minimal. */
function addReplicaUser(db: Database.Database, userId: string, email: string): void {
  db.prepare('insert into rep_users (user_id, email, email_lower, created_us, created_ms, block_count) values (?, ?, lower(?), 0, 0, 0)').run(
    userId,
    email,
    email,
  );
}

describe('palette query building', () => {
  it('quotes every word so FTS5 syntax is literal', () => {
    expect(quoteFts('a"b')).toBe('"a""b"');
    expect(buildPaletteQuery('ann NEAR lee*').match).toBe('"ann" "near" "lee*"');
    expect(buildPaletteQuery('-foo (bar) x:y').match).toBe('"-foo" "(bar)" "x:y"');
    expect(buildPaletteQuery('  ').match).toBeNull();
  });
  it('keeps words under three characters out of MATCH, as substring filters', () => {
    const q = buildPaletteQuery('Jo example');
    expect(q.match).toBe('"example"');
    expect(q.short).toEqual(['jo']);
    expect(q.words).toEqual(['jo', 'example']);
  });
  it('ranks recent first, then word-prefix matches, then substrings', () => {
    const prefix = paletteScore('ann.lee@example.com', 'ann.lee@example.com', ['lee'], undefined);
    const inner = paletteScore('joanne@example.com', 'joanne@example.com', ['ann'], undefined);
    const recent = paletteScore('joanne@example.com', 'joanne@example.com', ['ann'], 3);
    expect(recent).toBeLessThan(prefix);
    expect(prefix).toBeLessThan(inner);
  });
  it('runs FTS5 operators, quotes, stars and NEAR as plain text against a real index', async () => {
    put(A, 'coaches.list', { coaches: [{ id: C1, name: 'Coach "NEAR" *star* -minus', slug: 'odd' }], counts: {} });
    await build(A);
    for (const q of ['"near"', 'near', '*star*', '-minus', 'NEAR(', 'AND', 'OR NOT', '^coach', 'col:x', '"""']) {
      expect(() => find(A, q)).not.toThrow();
    }
    const coaches = (q: string) =>
      find(A, q)
        .filter((r) => r.kind === 'coach')
        .map((r) => r.id);
    expect(coaches('"near"')).toEqual([C1]);
    expect(coaches('*star*')).toEqual([C1]);
    expect(coaches('-minus')).toEqual([C1]);
    expect(find(A, 'AND')).toEqual([]);
  });
});

describe('palette sources', () => {
  it('turn kept reads into index rows with routes built in main', () => {
    seedKept(A);
    expect([...coachesSource.rows(cache.db, A)]).toEqual([
      { id: C1, title: 'Calm Coach', subtitle: 'Wellness · Active', route: `/admin/coaches/${C1}`, terms: `calm coach calm wellness ${C1}` },
    ]);
    expect([...marketingSource.rows(cache.db, A)][0]).toMatchObject({ title: 'Spring Launch', route: `/admin/marketing-links/${M1}/edit` });
    expect([...feedbackSource.rows(cache.db, A)][0]).toMatchObject({ title: 'Export button broken', subtitle: 'Bug · New', route: `/admin/feedback/${F1}` });
    expect([...flagsSource.rows(cache.db, A)][0]).toMatchObject({
      title: 'email_engagement: ann.lee@example.com',
      route: '/admin/feature-flags?search=ann.lee%40example.com',
    });
    expect([...usersSource.rows(cache.db, A)]).toEqual([
      { id: U1, title: 'ann.lee@example.com', subtitle: U1, route: `/admin/users/${U1}`, terms: `ann.lee@example.com ${U1}` },
    ]);
    const prompts = [...promptsSource.rows(cache.db, A)];
    expect(prompts.find((p) => p.id === `coach-prompt:${C1}`)).toMatchObject({ title: 'System Prompt: Calm Coach', route: `/admin/coaches/${C1}/history` });
    expect(prompts.find((p) => p.id === 'mirror:deep')).toMatchObject({ title: 'Mirror Prompt: Deep', route: '/admin/mirror/deep/history' });
    // Another admin's kept reads are not this admin's source.
    expect([...coachesSource.rows(cache.db, B)]).toEqual([]);
  });

  it('read the users replica, and move the stamp when a sync changes an e-mail in place', () => {
    expect([...usersSource.rows(cache.db, A)]).toEqual([]);
    addReplicaUser(cache.db, U1, 'zed@example.org');
    expect([...usersSource.rows(cache.db, A)].map((r) => r.title)).toEqual(['zed@example.org']);
    const before = usersSource.stamp(cache.db, A);
    cache.db.prepare("update rep_users set email = 'zoe@example.org' where user_id = ?").run(U1);
    cache.db.prepare("insert or replace into rep_users_meta values ('last_synced_at', '2026-11-24T12:00:00.000Z')").run();
    expect(usersSource.stamp(cache.db, A)).not.toBe(before);
    expect([...usersSource.rows(cache.db, A)].map((r) => r.title)).toEqual(['zoe@example.org']);
  });

  it('read a replica larger than one page of the source', () => {
    const add = cache.db.transaction(() => {
      for (let i = 0; i < 12_345; i++) addReplicaUser(cache.db, `u-${String(i).padStart(5, '0')}`, `p${i}@example.com`);
    });
    add();
    const ids = [...usersSource.rows(cache.db, A)].map((r) => r.id);
    expect(ids).toHaveLength(12_345);
    expect(new Set(ids).size).toBe(12_345);
  });

  it('skip kept JSON that does not parse and items without an id', () => {
    cache.db.prepare("insert into kept_reads values (?, 'coaches.list', 'bad', '{not json', 'x')").run(A);
    put(A, 'coaches.list', { coaches: [{ name: 'no id' }, null, 3] }, '{"x":1}');
    expect([...coachesSource.rows(cache.db, A)]).toEqual([]);
  });
});

describe('palette index', () => {
  it('diffs rows: only new, changed and vanished ones are written', () => {
    const row = { id: 'a', title: 'A', subtitle: '', route: '/admin/x', terms: 'a' };
    const existing = new Map([
      ['a', signature(row)],
      ['gone', 'x'],
    ]);
    expect(diffRows(existing, [row, { ...row, id: 'b' }])).toEqual([{ put: { ...row, id: 'b' } }, { del: 'gone' }]);
  });

  it('finds every kind by part of a word, an e-mail or an id, per admin', async () => {
    seedKept(A);
    await build(A);
    await build(B);
    expect(
      find(A, 'calm')
        .map((r) => r.kind)
        .sort(),
    ).toEqual(['coach', 'prompt']);
    expect(find(A, 'spring').map((r) => r.kind)).toEqual(['marketing-link']);
    expect(find(A, 'export broken').map((r) => r.id)).toEqual([F1]);
    expect(
      find(A, 'lee@exa')
        .map((r) => r.kind)
        .sort(),
    ).toEqual(['flag', 'user']);
    expect(find(A, U1.slice(9, 18)).map((r) => r.id)).toContain(U1);
    expect(find(A, 'zzzz')).toEqual([]);
    // Admin B kept nothing: only the fixed prompt families.
    expect(find(B, 'calm')).toEqual([]);
    expect(find(B, 'daily wisdom').map((r) => r.title)).toEqual(['Daily Wisdom Prompt']);
  });

  it('refreshes incrementally when the stamp moves, and not otherwise', async () => {
    seedKept(A);
    await build(A);
    expect(await refreshSource(cache.db, A, coachesSource)).toBe(0);
    put(A, 'coaches.list', { coaches: [{ id: C1, name: 'Brave Coach' }], counts: {} }, '{}', '2099-01-01T00:00:00.000Z');
    expect(await refreshSource(cache.db, A, coachesSource)).toBe(1);
    expect(find(A, 'calm').filter((r) => r.kind === 'coach')).toEqual([]);
    expect(find(A, 'brave').map((r) => r.title)).toContain('Brave Coach');
  });

  it('shows recent items for an empty query and ranks them first, per admin', async () => {
    seedKept(A);
    for (let i = 0; i < 50; i++) addReplicaUser(cache.db, `u-${i}`, `lee${i}@example.com`);
    await build(A);
    await build(B);
    expect(find(A, '')).toEqual([]);
    expect(rememberOpened(cache.db, A, 'user', 'u-42', new Date('2026-01-01T00:00:00Z'))?.route).toBe('/admin/users/u-42');
    rememberOpened(cache.db, A, 'coach', C1, new Date('2026-01-02T00:00:00Z'));
    expect(rememberOpened(cache.db, A, 'coach', 'nope', new Date())).toBeUndefined();
    expect(find(A, '').map((r) => [r.id, r.recent])).toEqual([
      [C1, true],
      ['u-42', true],
    ]);
    expect(find(A, 'lee')[0]).toMatchObject({ id: 'u-42', recent: true });
    expect(find(B, '')).toEqual([]);
    for (let i = 0; i < PALETTE_RECENT_MAX + 5; i++) rememberOpened(cache.db, A, 'user', `u-${i}`, new Date(Date.UTC(2026, 1, 1, 0, i)));
    expect(find(A, '')).toHaveLength(PALETTE_RECENT_MAX);
    expect(find(A, '')[0]?.id).toBe(`u-${PALETTE_RECENT_MAX + 4}`);
  });

  it('forgets an admin on sign-out (their kept reads cleared)', async () => {
    seedKept(A);
    put(A, 'auth.verifiedAdmin', { roles: ['admin'] });
    await build(A);
    rememberOpened(cache.db, A, 'coach', C1, new Date());
    cache.reads.clearUser(A);
    const left = cache.db
      .prepare('select (select count(*) from palette_items where user_id = ?) + (select count(*) from palette_recent where user_id = ?) as n')
      .get(A, A) as { n: number };
    expect(left.n).toBe(0);
  });
});

describe('palette query input (issue 26 item 12)', () => {
  it('refuses a NUL in the query with a message at the contract, where SQLite would fail on it', () => {
    const parsed = contract.palette.search.input.safeParse({ query: 'ann\0lee' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([PALETTE_QUERY_NUL]);
    expect(contract.palette.search.input.safeParse({ query: 'ann lee\t@example' }).success).toBe(true);
  });
});

describe("the palette's users, complete only after a finished replica sync", () => {
  it('counts the index as holding the users only when it was built on a replica sync that finished', () => {
    expect(stampHasSyncedUsers(undefined)).toBe(false);
    expect(stampHasSyncedUsers('k|-')).toBe(false);
    // Rows of a first sync still writing its key ranges: some users, no sync time yet.
    expect(stampHasSyncedUsers('k|2500:2500:')).toBe(false);
    expect(stampHasSyncedUsers('k|2500:2500:2026-11-26T20:41:07.123Z')).toBe(true);
    expect(stampHasSyncedUsers('a|b|0:0:2026-11-26T20:41:07Z')).toBe(true);
  });
});
