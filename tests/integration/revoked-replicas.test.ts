import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { ADMIN_EMAIL, bootTestApp, MEMBER_EMAIL, sql, type TestApp } from '../support/booted.js';

/**
 * An administrator revoked (SECURITY A1): the replicas synced on this computer (the user list's, the analytics')
 * and their palette index leave the disk, not only the tables, the syncs stopped first; the next administrator's
 * sign-in syncs afresh. The refusal is answered once they are gone.
 */
const backend = sharedBackend();
let app: TestApp;
const PAGE = { filter: 'all', search: '', sort: { key: 'created', direction: 'desc' }, offset: 0, limit: 10 };

/** Whether the cache file or its -wal holds these bytes anywhere (live rows, freed pages, older frames). */
function onDisk(file: string, text: string): boolean {
  const needle = Buffer.from(text, 'utf8');
  return [file, `${file}-wal`].some((f) => fs.existsSync(f) && fs.readFileSync(f).includes(needle));
}

beforeAll(async () => {
  app = bootTestApp(backend);
  await app.signIn();
});

afterAll(async () => {
  await app?.close();
});

describe('replicas of a revoked administrator', () => {
  it('leave the disk with the palette index once the role is revoked, and the next administrator syncs afresh', async () => {
    const conn = await app.services.connections.current();
    const cache = conn.cache!;
    const adminId = app.services.sessions.localUserId(conn)!;
    const services = await app.services.connections.services();
    await services.users.ensureFirstSync();
    await services.analytics.sync.sync();
    await app.data('palette.search', { query: 'an' });
    await services.palette.settled();
    const n = (q: string, ...params: unknown[]) => (cache.db.prepare(q).get(...params) as { n: number }).n;
    const replicaRows = () =>
      (cache.db.prepare("select name from sqlite_master where type = 'table' and (name glob 'rep_*' or name glob 'agg_*')").all() as { name: string }[])
        .filter(({ name }) => !/^rep_users_search_/.test(name))
        // The aggregates' state flag ('ok': triggers on) is no data.
        .reduce((sum, { name }) => sum + n(`select count(*) as n from ${name}${name === 'rep_meta' ? " where key <> 'aggregates'" : ''}`), 0);
    const someone = await sql<{ email: string }>(backend, 'select email from auth.users where email not in ($1, $2) order by created_at limit 1', [
      ADMIN_EMAIL,
      MEMBER_EMAIL,
    ]);
    const email = someone[0]!.email;
    const users = services.users.store.count();
    expect(users).toBeGreaterThan(1);
    expect(n('select count(*) as n from rep_profiles')).toBeGreaterThan(0);
    expect(n('select count(*) as n from palette_items where user_id = ?', adminId)).toBeGreaterThan(0);
    expect(onDisk(cache.file, email)).toBe(true);

    await sql(backend, `delete from user_roles where user_id = $1 and role = 'admin'`, [adminId]);
    const memberId = (await sql<{ id: string }>(backend, 'select id from auth.users where email = $1', [MEMBER_EMAIL]))[0]!.id;
    try {
      // A read the server answers: it waits for its check, which finds the role gone.
      expect(await app.call('coaches.list')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(replicaRows()).toBe(0);
      expect(n('select count(*) as n from palette_items where user_id = ?', adminId)).toBe(0);
      expect(n('select count(*) as n from rep_users_search')).toBe(0);
      expect(services.users.store.meta('last_synced_at')).toBeNull();
      expect(services.analytics.store.meta('last_synced_at')).toBeNull();
      // Gone from the file's pages and its -wal, not only from the tables.
      expect(onDisk(cache.file, email)).toBe(false);

      // The next administrator: the list is synced afresh, whole.
      await sql(backend, `insert into user_roles (user_id, role) values ($1, 'admin') on conflict do nothing`, [memberId]);
      await app.signIn(MEMBER_EMAIL);
      const page = await app.data<{ total: number; rows: { email: string }[] }>('users.page', PAGE);
      expect(page.total).toBe(users);
      expect(services.users.sync.lastResult?.received).toBe(users);
      // Its search index too (emptied with the rows).
      expect(await app.data<{ matched: number }>('users.page', { ...PAGE, search: email })).toMatchObject({ matched: 1 });
    } finally {
      await sql(backend, `delete from user_roles where user_id = $1 and role = 'admin'`, [memberId]);
      await sql(backend, `insert into user_roles (user_id, role) values ($1, 'admin') on conflict do nothing`, [adminId]);
    }
  });
});
