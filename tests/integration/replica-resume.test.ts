// A replica sync cut by a lost connection (issue 30 part 3): the user list's and the analytics' first syncs fail
// midway, nothing is shown as synced meanwhile, and a restarted sync (new store and sync objects on the same file)
// continues where the cut one stopped: it reads fewer rows than a whole sync, writes no user twice, and ends equal
// to the server (admin-get-users for the list, ground-truth SQL for every analytics figure).
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { migrate } from '../../main/cache/migrations.js';
import { createEventBus } from '../../main/core/events.js';
import { createUsersReplica } from '../../main/services/users/replica.js';
import { readAllUsers } from '../../main/services/users/list.js';
import { createReplica } from '../../main/services/analytics/replica.js';
import { analyticsFrom } from '../../main/services/analytics/screens.js';
import type { AdminUserRow } from '../../shared/rules/users/types.js';
import { ADMIN_EMAIL, DEMO_PASSWORD, sql } from '../support/booted.js';
import { expectedAnalytics } from './analytics-ground-truth.js';
import { insertAnalyticsData, removeAnalyticsData } from './analytics-test-data.js';

const backend = sharedBackend();
const DOMAIN = 'resume30.test';
const USERS = 90;

/** A connection that can be cut: requests whose URL matches `pattern` fail as a lost network does, after `cutAfter` of them. */
function cuttable() {
  const state = { pattern: /$^/, cutAfter: Infinity, matched: 0 };
  const f: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (state.pattern.test(url) && ++state.matched > state.cutAfter) throw new TypeError('fetch failed');
    return fetch(input, init);
  };
  return {
    fetch: f,
    /** Counts matching requests from now; the ones after the first `after` fail. */
    cut(pattern: RegExp, after = Infinity) {
      Object.assign(state, { pattern, cutAfter: after, matched: 0 });
    },
    get matched() {
      return state.matched;
    },
  };
}

const realtime = { transport: WebSocket } as unknown as NonNullable<Parameters<typeof createClient>[2]>['realtime'];
const clientOf = (key: string, f: typeof fetch): SupabaseClient =>
  createClient(backend.url, key, { auth: { persistSession: false, autoRefreshToken: false }, global: { fetch: f }, realtime });

const freshDb = () => {
  const db = new Database(':memory:');
  migrate(db);
  return db;
};

describe('a replica sync cut midway resumes where it stopped', () => {
  const link = cuttable();
  let user: SupabaseClient;
  let service: SupabaseClient;

  beforeAll(async () => {
    await insertAnalyticsData(backend, DOMAIN, USERS);
    user = clientOf(backend.anonKey, link.fetch);
    const { error } = await user.auth.signInWithPassword({ email: ADMIN_EMAIL, password: DEMO_PASSWORD });
    if (error) throw error;
    service = clientOf(backend.serviceRoleKey, link.fetch);
  });
  afterAll(async () => {
    link.cut(/$^/);
    await removeAnalyticsData(backend, DOMAIN);
  });

  it('the user list: a cut first sync and a cut later sync each resume, and the replica ends equal to admin-get-users', async () => {
    const db = freshDb();
    const PAGE = 10;
    const rowsOf = (replica: ReturnType<typeof createUsersReplica>) =>
      replica.store.page({ filter: 'all', search: '', sort: { key: 'created', direction: 'desc' } }, 0, 100_000).rows;
    const truth = async (): Promise<AdminUserRow[]> => readAllUsers(user);

    link.cut(/\/functions\/v1\/admin-get-users/, 5);
    const cutStarted = Date.now();
    const cut = createUsersReplica(db, user, createEventBus(), PAGE, service);
    await expect(cut.sync.sync()).rejects.toThrow(/Reading the users/);
    const before = cut.store.count();
    expect(before).toBeGreaterThan(0);
    // Nothing is shown as synced: the list still waits for a first sync, and offline has no answer.
    expect(cut.store.meta('last_synced_at')).toBeNull();
    expect(cut.sync.offline(() => 1)).toBeUndefined();
    expect(cut.store.meta('sync_ranges')).not.toBeNull();

    // A restart: new objects on the same file, the connection back.
    link.cut(/$^/);
    const resumedStarted = Date.now();
    const resumed = createUsersReplica(db, user, createEventBus(), PAGE, service);
    await resumed.sync.sync();
    const all = await truth();
    expect(resumed.sync.lastResult!.received).toBeLessThan(all.length);
    expect(resumed.store.count()).toBe(all.length);
    expect(rowsOf(resumed)).toEqual(all);
    expect(resumed.store.meta('sync_ranges')).toBeNull();
    // As fresh as the cut sync's start, when its pages were read: not the time the resumed one finished.
    expect(Date.parse(resumed.store.meta('last_synced_at')!)).toBeGreaterThanOrEqual(cutStarted);
    expect(Date.parse(resumed.store.meta('last_synced_at')!)).toBeLessThan(resumedStarted);
    expect(resumed.store.meta('sync_started_at')).toBeNull();

    // A later sync, cut too, still removes a user deleted on the server and adds a new one.
    const [gone] = await sql<{ id: string }>(backend, `select id from auth.users where email = 'ana-7@${DOMAIN}'`);
    await sql(backend, 'delete from auth.users where id = $1', [gone!.id]);
    await sql(
      backend,
      `insert into auth.users (email, encrypted_password, created_at, updated_at) values ('ana-new@${DOMAIN}', 'x', now() - interval '3 days', now())`,
    );
    link.cut(/\/functions\/v1\/admin-get-users/, 3);
    await expect(createUsersReplica(db, user, createEventBus(), PAGE, service).sync.sync()).rejects.toThrow(/Reading the users/);
    link.cut(/$^/);
    const again = createUsersReplica(db, user, createEventBus(), PAGE, service);
    await again.sync.sync();
    const now = await truth();
    expect(rowsOf(again)).toEqual(now);
    expect(rowsOf(again).some((r) => r.user_id === gone!.id)).toBe(false);
    expect(rowsOf(again).some((r) => r.user_email === `ana-new@${DOMAIN}`)).toBe(true);
  });

  it('analytics: a first sync cut midway resumes from its saved plan and every figure equals ground-truth SQL', async () => {
    // The pages of a whole first sync, for comparison.
    const PAGES = /\/rest\/v1\/[a-z_]+\?.*limit=1000/;
    link.cut(PAGES);
    const reference = createReplica(freshDb(), service, createEventBus());
    await reference.sync.sync();
    const whole = link.matched;
    expect(whole).toBeGreaterThan(20);

    const db = freshDb();
    link.cut(PAGES, Math.floor(whole / 2));
    const cutStarted = Date.now();
    const cut = createReplica(db, service, createEventBus());
    await expect(cut.sync.sync()).rejects.toThrow();
    expect(cut.store.meta('last_synced_at')).toBeNull();
    expect(cut.store.meta('pull_plan')).not.toBeNull();
    expect(cut.sync.offline(() => 1)).toBeUndefined();

    link.cut(PAGES);
    const resumedStarted = Date.now();
    const resumed = createReplica(db, service, createEventBus());
    await resumed.sync.sync();
    expect(link.matched).toBeLessThan(whole);
    expect(resumed.store.meta('pull_plan')).toBeNull();
    expect(Date.parse(resumed.store.meta('last_synced_at')!)).toBeGreaterThanOrEqual(cutStarted);
    expect(Date.parse(resumed.store.meta('last_synced_at')!)).toBeLessThan(resumedStarted);
    for (const days of [30, 0] as const) {
      const { replica: _r, ...figures } = analyticsFrom(resumed, { days, includeAdmin: true }, '');
      expect(figures).toEqual(await expectedAnalytics(backend, days, null, figures.asOf));
    }
  });

  it('closing the connection stops a sync at its next page, keeps no error for it, and the next sync resumes', async () => {
    const db = freshDb();
    link.cut(/$^/);
    const first = createUsersReplica(db, user, createEventBus(), 10, service);
    const running = first.sync.sync();
    while (first.store.count() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await first.sync.stop();
    await expect(running).rejects.toThrow('The sync was stopped');
    expect(first.store.meta('last_error')).toBeNull();
    expect(first.store.meta('last_synced_at')).toBeNull();
    expect(first.store.meta('sync_ranges')).not.toBeNull();
    await expect(first.sync.sync()).rejects.toThrow('The sync was stopped');
    const next = createUsersReplica(db, user, createEventBus(), 10, service);
    await next.sync.sync();
    expect(next.sync.lastResult!.received).toBeLessThan(next.store.count());
    expect(next.store.count()).toBe((await readAllUsers(user)).length);
  });
});
