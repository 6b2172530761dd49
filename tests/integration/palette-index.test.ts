import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, sql, MEMBER_EMAIL, type TestApp } from '../support/booted.js';
import { PALETTE_QUERY_NUL, type PaletteResults } from '../../shared/rules/palette/kinds.js';

/**
 * The command palette through main's router: the index is fed by the kept reads as the router writes them (the
 * hook) and by rep_users, refreshed incrementally in the background; recent items first; sign-out forgets them.
 */
const backend = sharedBackend();

describe('command palette index against the embedded backend', () => {
  let app: TestApp;
  let adminId: string;
  const search = (query: string) => app.data<PaletteResults>('palette.search', { query });
  /** Searches once to notice a moved source, waits for the background refresh, then answers. */
  const searchFresh = async (query: string) => {
    await (await app.services.connections.services()).palette.settled();
    return search(query);
  };
  const db = async () => (await app.services.connections.current()).cache!.db;

  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
    adminId = (await sql<{ id: string }>(backend, "select id::text from profiles where email = 'admin@reflect.local'"))[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('finds a user typed right after sign-in: asked of the server until the index holds users, while the sign-in syncs the replica', async () => {
    const [member] = await sql<{ id: string }>(backend, 'select id::text from profiles where email = $1', [MEMBER_EMAIL]);
    const services = await app.services.connections.services();
    // Nothing has opened Users: the index holds no user yet.
    expect(services.palette.hasUsers(adminId)).toBe(false);
    const found = (await search('member@refl')).items.filter((i) => i.kind === 'user');
    expect(found).toEqual([{ kind: 'user', id: member!.id, title: MEMBER_EMAIL, subtitle: member!.id, route: `/admin/users/${member!.id}`, recent: false }]);
    // By the id's first characters too (the function's own search term: an id starts with it).
    expect((await search(member!.id.slice(0, 8))).items.map((i) => i.id)).toContain(member!.id);
    // The sign-in started the replica's first sync in the background (no users.* call was made).
    await expect.poll(() => services.users.store.meta('last_synced_at'), { timeout: 30_000 }).not.toBeNull();
  });

  it('indexes the coaches and marketing links once their kept reads are written', async () => {
    const [coach] = await sql<{ id: string; name: string }>(backend, 'select id::text, name from coaches order by name limit 1');
    expect((await search(coach!.name)).items.filter((i) => i.kind === 'coach')).toEqual([]);
    await app.data('coaches.list');
    await app.data('marketing.list');
    const found = (await searchFresh(coach!.name)).items.find((i) => i.kind === 'coach' && i.id === coach!.id);
    expect(found).toMatchObject({ title: coach!.name, route: `/admin/coaches/${coach!.id}`, recent: false });
    const [link] = await sql<{ id: string; campaign_name: string }>(backend, 'select id::text, campaign_name from marketing_links order by created_at limit 1');
    if (link) expect((await search(link.campaign_name)).items.map((i) => i.id)).toContain(link.id);
  });

  it('refreshes incrementally: a renamed coach is found by its new name once coaches.list is read again', async () => {
    const [coach] = await sql<{ id: string; name: string }>(backend, 'select id::text, name from coaches order by name limit 1');
    const renamed = `Palette Renamed ${Date.now()}`;
    await sql(backend, 'update coaches set name = $2 where id = $1', [coach!.id, renamed]);
    try {
      await app.data('coaches.list');
      expect((await searchFresh(renamed)).items.find((i) => i.kind === 'coach')?.id).toBe(coach!.id);
    } finally {
      await sql(backend, 'update coaches set name = $2 where id = $1', [coach!.id, coach!.name]);
    }
  });

  it('finds a user from rep_users by part of the e-mail or id, and keeps what was opened first', async () => {
    const [member] = await sql<{ id: string }>(backend, 'select id::text from profiles where email = $1', [MEMBER_EMAIL]);
    const cache = await db();
    // The users replica filled by its real sync (issue 17 part 1); the palette notices the sync's stamp.
    await app.data('users.refresh');
    expect(cache.prepare('select email from rep_users where user_id = ?').get(member!.id)).toEqual({ email: MEMBER_EMAIL });
    (await app.services.connections.services()).palette.refresh(adminId);
    const byEmail = (await searchFresh('member@refl')).items.find((i) => i.kind === 'user');
    expect(byEmail).toMatchObject({ id: member!.id, title: MEMBER_EMAIL, route: `/admin/users/${member!.id}` });
    expect((await search(member!.id.slice(4, 14))).items.map((i) => i.id)).toContain(member!.id);

    expect(await app.data('palette.opened', { kind: 'user', id: member!.id })).toMatchObject({ id: member!.id, recent: true });
    expect((await search('')).items[0]).toMatchObject({ kind: 'user', id: member!.id, recent: true });
    // "reflect" matches many items; the recent one comes first.
    expect((await search('reflect')).items[0]).toMatchObject({ id: member!.id, recent: true });
  });

  it('refuses input outside the contract and items the index does not hold', async () => {
    expect(await app.call('palette.search', { query: 'x'.repeat(201) })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(await app.call('palette.search', { query: 'a', sql: 'drop' })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    // A NUL gave an internal error from SQLite (issue 26 item 12): now a clear refusal.
    expect(await app.call('palette.search', { query: 'mem\0ber' })).toMatchObject({ ok: false, code: 'INVALID_INPUT', message: PALETTE_QUERY_NUL });
    expect(await app.call('palette.opened', { kind: 'coach', id: 'not-indexed' })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await app.call('palette.opened', { kind: 'screen', id: '/admin/x' })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
  });

  it("keeps each admin's entries apart and forgets them on sign-out", async () => {
    const cache = await db();
    const other = cache.prepare('select count(*) as n from palette_items where user_id <> ?').get(adminId) as { n: number };
    expect(other.n).toBe(0);
    expect((cache.prepare('select count(*) as n from palette_items where user_id = ?').get(adminId) as { n: number }).n).toBeGreaterThan(0);
    await app.data('auth.signOut');
    const left = cache.prepare('select (select count(*) from palette_items) + (select count(*) from palette_recent) as n').get() as { n: number };
    expect(left.n).toBe(0);
  });
});
