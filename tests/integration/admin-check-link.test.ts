import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, MEMBER_EMAIL, sql, type TestApp } from '../support/booted.js';
import { startLinkProxy, type LinkProxy } from '../../main/local-backend/link/proxy.js';
import { roundTripsInSequence } from '../../main/local-backend/link/sequence.js';
import { createServiceClient } from '../../main/core/supabase-clients.js';

/**
 * The admin check of SECURITY A1 through a link with a real round-trip time (issue 30): the server's getUser, the
 * role lookup and a read's own request travel together (one round trip in sequence); a write starts only after the
 * check (two). A non-admin, a revoked session and a revoked role still get the refusal, and nothing of the read is
 * kept on this computer.
 */
const backend = sharedBackend();
let link: LinkProxy;
let app: TestApp;

async function roundTrips(call: () => Promise<unknown>): Promise<{ trips: number; requests: number }> {
  const before = link.records().length;
  await call();
  const after = link.records().slice(before);
  return { trips: roundTripsInSequence(after), requests: after.length };
}

beforeAll(async () => {
  link = await startLinkProxy({ upstream: backend.url, shape: { rttMs: 40 } });
  app = bootTestApp({ ...backend, url: link.url }, { overLink: true });
  await app.signIn();
  // Signing in starts the user list's first sync in the background; its requests are not the ones counted here.
  await (await app.services.connections.services()).users.ensureFirstSync();
});

afterAll(async () => {
  await app?.close();
  await link?.close();
});

describe('the admin check over a link', () => {
  it("costs a read one round trip in sequence, and a write's change starts only after the check", async () => {
    await app.data('coaches.list');
    const read = await roundTrips(() => app.data('coaches.list'));
    expect(read.requests).toBeGreaterThanOrEqual(3); // getUser, the roles, the read
    expect(read.trips).toBe(1);
    const { password } = await app.data<{ password: string }>('dashboard.demoPassword');
    const before = link.records().length;
    await app.data('dashboard.setDemoPassword', { password });
    const write = link.records().slice(before);
    // The write's own request leaves only once getUser and the role lookup have been answered.
    const checked = Math.max(...write.filter((r) => r.path === '/auth/v1/user' || r.path === '/rest/v1/user_roles').map((r) => r.endMs));
    const change = write.find((r) => r.method === 'POST' && r.path === '/rest/v1/admin_settings');
    expect(change!.startMs).toBeGreaterThanOrEqual(checked);
    // The write's floor: the check (one round trip), then the change, whose answer carries the saved row.
    expect(roundTripsInSequence(write)).toBe(2);
  });

  it('refuses a signed-in user without the admin role and keeps nothing of the read', async () => {
    const member = bootTestApp({ ...backend, url: link.url }, { overLink: true });
    try {
      await member.signIn(MEMBER_EMAIL);
      expect(await member.call('coaches.list')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      const conn = await member.services.connections.current();
      const userId = member.services.sessions.localUserId(conn)!;
      expect(conn.cache?.reads.get(userId, 'coaches.list', '{}')).toBeUndefined();
    } finally {
      await member.close();
    }
  });

  it('refuses an admin whose role was revoked, though this computer verified them before, and forgets what it kept for them', async () => {
    const conn = await app.services.connections.current();
    const userId = app.services.sessions.localUserId(conn)!;
    expect(app.services.sessions.provisionalAdmin(conn)?.id).toBe(userId);
    await sql(backend, `delete from user_roles where user_id = $1 and role = 'admin'`, [userId]);
    try {
      expect(conn.cache?.reads.get(userId, 'coaches.list', '{}')).toBeDefined();
      expect(await app.call('coaches.list')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      // What this computer kept for them as an admin is gone, so nothing is served offline or beside a check.
      expect(conn.cache?.reads.get(userId, 'coaches.list', '{}')).toBeUndefined();
      expect(app.services.sessions.wasVerifiedAdmin(conn, userId)).toBe(false);
      expect(app.services.sessions.provisionalAdmin(conn)).toBeUndefined();
    } finally {
      await sql(backend, `insert into user_roles (user_id, role) values ($1, 'admin') on conflict do nothing`, [userId]);
    }
    // The role back, this computer must verify the admin again before reads run beside the check.
    await app.signIn();
    expect(await app.call('coaches.list')).toMatchObject({ ok: true });
  });

  it('refuses a session the server revoked (signed out elsewhere, expired) and keeps nothing of the read', async () => {
    const conn = await app.services.connections.current();
    const userId = app.services.sessions.localUserId(conn)!;
    conn.cache?.reads.clearUser(userId);
    await sql(backend, `delete from auth.sessions where user_id = $1`, [userId]);
    expect(await app.call('coaches.list')).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
    expect(conn.cache?.reads.get(userId, 'coaches.list', '{}')).toBeUndefined();
    await app.signIn();
  });
});

describe('screens that read in one round trip over a link', () => {
  it('Dashboard, Recent Activity and Edit Coach read everything at once, the people of activity rows included', async () => {
    const [coach] = await sql<{ id: string }>(backend, 'select id from public.coaches order by name limit 1');
    const reads: [string, unknown][] = [
      ['dashboard.overview', {}],
      ['activity.timeline', { kind: null, cursor: null }],
      ['coaches.get', { id: coach!.id }],
    ];
    for (const [name, input] of reads) {
      await app.data(name, input);
      expect((await roundTrips(() => app.data(name, input))).trips, name).toBe(1);
    }
    // The users' names arrive with their rows (the embedded author, migration 0090).
    const timeline = await app.data<{ items: { kind: string; userId: string | null; userLabel: string | null }[] }>('activity.timeline', {
      kind: 'journal',
      cursor: null,
    });
    const known = await sql<{ id: string }>(backend, 'select id from public.profiles where id = any($1::uuid[])', [timeline.items.map((i) => i.userId)]);
    expect(timeline.items.length).toBeGreaterThan(0);
    expect(timeline.items.map((i) => i.userLabel !== null)).toEqual(timeline.items.map((i) => known.some((k) => k.id === i.userId)));
  });
});

describe('warm connections over a link', () => {
  it('counts travel as GETs of no rows with exact figures past the row cap, and a screen read again opens no connection', async () => {
    // More rows than the API answers at once, so a figure cut at the cap would show.
    const [{ bigTable }] = (await sql<{ bigTable: string }>(
      backend,
      `select relname as "bigTable" from pg_stat_user_tables where schemaname = 'public' order by n_live_tup desc limit 1`,
    )) as [{ bigTable: string }];
    const [{ total }] = (await sql<{ total: string }>(backend, `select count(*)::text as total from public.${bigTable}`)) as [{ total: string }];
    expect(Number(total)).toBeGreaterThan(1000);
    const db = createServiceClient({ url: link.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceRoleKey });
    const before = link.records().length;
    const counted = await db.from(bigTable).select('id', { count: 'exact', head: true });
    expect(counted).toMatchObject({ error: null, data: null, count: Number(total) });
    const [inquiries] = await sql<{ total: number }>(backend, 'select count(*)::int as total from public.contact_inquiries');
    const stats = await app.data<{ total: number }>('inquiries.stats');
    expect(stats.total).toBe(inquiries!.total);
    expect(
      link
        .records()
        .slice(before)
        .filter((r) => r.method === 'HEAD'),
    ).toEqual([]);
    // Screens with counts (Contact Inquiries, E-mail Management, Coaches) once open, again: every request finds a
    // warm connection, so none pays the handshakes again.
    const screens: [string, unknown][] = [
      ['inquiries.list', {}],
      ['inquiries.stats', {}],
      ['email.deliveries', {}],
      ['coaches.list', {}],
    ];
    await Promise.all(screens.map(([name, input]) => app.data(name, input)));
    await new Promise((r) => setTimeout(r, 50));
    const opened = link.connectionsOpened();
    const again = link.records().length;
    for (let i = 0; i < 3; i++) {
      await Promise.all(screens.map(([name, input]) => app.data(name, input)));
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(
      link
        .records()
        .slice(again)
        .filter((r) => r.newConnection),
    ).toEqual([]);
    expect(link.connectionsOpened()).toBe(opened);
  });
});
