// The user list's replica against the embedded backend (issue 17): a sync is exact with more than 1,000 users
// (every page, count and filter equals admin-get-users), in pages of any size; Refresh updates a changed user,
// adds a new one and drops a deleted one; offline the list is answered from the replica under its sync time.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import Database from 'better-sqlite3';
import type { UserListPage, UsersSyncStatus } from '../../shared/contract/areas/users.js';
import { USER_FILTERS, matchesFilter } from '../../shared/rules/users/filters.js';
import { userListView, type UserListQuery } from '../../shared/rules/users/list.js';
import type { AdminUserRow } from '../../shared/rules/users/types.js';
import { readAllUsers } from '../../main/services/users/list.js';
import { createUsersReplica } from '../../main/services/users/replica.js';
import { usersHandlers } from '../../main/api/areas/users.js';
import { createRouter, type AccessGate } from '../../main/api/router.js';
import type { Handlers } from '../../main/api/handlers-type.js';
import { AppError } from '../../main/ground/errors.js';
import { createEventBus } from '../../main/core/events.js';
import { migrate } from '../../main/cache/migrations.js';
import { bootTestApp, ADMIN_EMAIL, type TestApp } from '../support/booted.js';

const backend = sharedBackend();
const BULK = 1_100;
const PREFIX = 'bulk17-';
let app: TestApp;
let db: pg.Client;

const newest: UserListQuery = { filter: 'all', search: '', sort: { key: 'created', direction: 'desc' } };
const page = (q: UserListQuery, offset = 0, limit = 500) => app.data<UserListPage>('users.page', { ...q, offset, limit });

/** Every row of a query, page by page, as the screen scrolls through it. */
async function allPages(q: UserListQuery): Promise<AdminUserRow[]> {
  const rows: AdminUserRow[] = [];
  for (let offset = 0; ; offset += 500) {
    const p = await page(q, offset);
    rows.push(...p.rows);
    if (offset + 500 >= p.matched) return rows;
  }
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: backend.databaseUrl });
  await db.connect();
  // Users in bulk, twenty of them per instant: the ties of the list's order, across page boundaries.
  await db.query(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, last_sign_in_at, created_at, updated_at)
     select '${PREFIX}' || lpad(g::text, 5, '0') || '@fixture.test', 'x', now(), case when g % 3 = 0 then null else now() - g * interval '1 minute' end,
            now() - (g / 20) * interval '1 hour', now()
       from generate_series(1, ${BULK}) g`,
  );
  app = bootTestApp(backend);
  await app.signIn();
});
afterAll(async () => {
  await db?.query(`delete from auth.users where email like '${PREFIX}%'`);
  await app?.close();
  await db?.end();
});

describe('the user list replica', () => {
  it('is exact after a first sync with more than 1,000 users: every page, count, filter and search equals admin-get-users', async () => {
    const first = await page(newest, 0, 200);
    const truth = await readAllUsers((await app.services.connections.current()).user);
    const inDb = (await db.query('select count(*)::int n from auth.users')).rows[0].n as number;
    expect(truth.length).toBe(inDb);
    expect(inDb).toBeGreaterThan(BULK);
    expect(first).toMatchObject({ offset: 0, matched: inDb, total: inDb });
    expect(first.sync.lastSyncedAt).not.toBeNull();
    expect(await allPages(newest)).toEqual(truth);
    for (const filter of USER_FILTERS) {
      expect((await page({ ...newest, filter }, 0, 1)).matched, filter).toBe(truth.filter((r) => matchesFilter(r, filter)).length);
    }
    const q: UserListQuery = { filter: 'all', search: ' BULK17-001', sort: { key: 'last_login', direction: 'asc' } };
    const searched = await allPages(q);
    expect(searched.map((r) => r.user_id)).toEqual(userListView(truth, q).map((r) => r.user_id));
    expect(searched.length).toBe(100);
  });

  it('reads admin-get-users in pages of any size to the same rows', async () => {
    const conn = await app.services.connections.current();
    const mem = new Database(':memory:');
    migrate(mem);
    const replica = createUsersReplica(mem, conn.user, createEventBus(), 97);
    await replica.sync.sync();
    expect(replica.sync.lastResult?.received).toBe(replica.store.count());
    // The benchmark's breakdown: every page counted (the last one short), and the phases within the whole.
    const result = replica.sync.lastResult!;
    expect(result.timings.pages).toBe(Math.floor(replica.store.count() / 97) + 1);
    expect(result.timings.splitMs + result.timings.pullMs + result.timings.indexMs).toBeLessThanOrEqual(result.ms + 3);
    expect(result.timings.writeMs).toBeLessThanOrEqual(result.timings.pullMs + 1);
    expect(replica.store.page(newest, 0, 5000).rows).toEqual(await allPages(newest));
    mem.close();
  });

  it('Refresh updates a changed user, adds a new one and drops a deleted one', async () => {
    const before = await page(newest, 0, 1);
    const [changed, gone] = (await db.query(`select id, email from auth.users where email like '${PREFIX}%' order by email limit 2`)).rows as {
      id: string;
      email: string;
    }[];
    await db.query(`update auth.users set email = 'renamed-' || email, last_sign_in_at = now() where id = $1`, [changed!.id]);
    await db.query('delete from auth.users where id = $1', [gone!.id]);
    await db.query(`insert into auth.users (email, encrypted_password, created_at, updated_at) values ('${PREFIX}new@fixture.test', 'x', now(), now())`);
    // Until the sync the replica answers as it was.
    expect((await page({ ...newest, search: gone!.email }, 0, 1)).matched).toBe(1);
    const status = await app.data<UsersSyncStatus>('users.refresh');
    expect(status).toMatchObject({ syncing: false, lastError: null });
    expect(Date.parse(status.lastSyncedAt!)).toBeGreaterThan(Date.parse(before.sync.lastSyncedAt!));
    expect((await page({ ...newest, search: gone!.email }, 0, 1)).matched).toBe(0);
    const renamed = await page({ ...newest, search: `renamed-${changed!.email}` }, 0, 1);
    expect(renamed.rows.map((r) => [r.user_id, r.last_sign_in_at !== null])).toEqual([[changed!.id, true]]);
    expect((await page(newest, 0, 1)).rows[0]?.user_email).toBe(`${PREFIX}new@fixture.test`);
    const truth = await readAllUsers((await app.services.connections.current()).user);
    expect(await allPages(newest)).toEqual(truth);
  });

  it('answers offline from the replica, with the time of its last sync', async () => {
    const synced = await page(newest, 0, 1);
    const adminId = (await db.query('select id from auth.users where email = $1', [ADMIN_EMAIL])).rows[0].id as string;
    const unreachable = async () => {
      throw new AppError('OFFLINE', 'The backend cannot be reached.');
    };
    const gate: AccessGate = { requireAdmin: unreachable, requireSession: unreachable, offlineAdminId: async () => adminId };
    const offline = createRouter({ handlers: { users: usersHandlers(app.services) } as unknown as Handlers, gate, readCache: async () => undefined });
    const q = { ...newest, filter: 'without_subscription', offset: 0, limit: 50 };
    const answer = await offline.call('users.page', q);
    expect(answer).toMatchObject({ ok: true, offline: { fetchedAt: synced.sync.lastSyncedAt } });
    expect(answer.ok && answer.data).toEqual(await app.data('users.page', q));
    expect(await offline.call('users.syncStatus', {})).toMatchObject({ ok: true, data: { lastSyncedAt: synced.sync.lastSyncedAt } });
    expect(await offline.call('users.refresh', {})).toMatchObject({ ok: false, code: 'OFFLINE' });
  });
});
