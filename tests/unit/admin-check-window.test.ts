// SECURITY A1 for local answers (issue 30 part 2): the user list, analytics and palette answer from this computer
// at once when the administrator's check passed within ADMIN_CHECK_REUSE_MS and the backend was last found
// reachable, while a fresh check runs in the background. A revoked administrator's local read after the window is
// refused; within the window it answers, the background check revokes, and the next local read is refused. Once a
// request found the backend unreachable, a local read takes the offline form exactly as without local answers.
// Every other read and every write still waits for a check of its own. The session service is the real one, over a
// fake server whose roles can be revoked and whose link can go down.
import { describe, expect, it } from 'vitest';
import { createRouter } from '../../main/api/router.js';
import type { Handlers } from '../../main/api/handlers-type.js';
import { SessionService } from '../../main/services/auth/session-service.js';
import type { Connection, Connections } from '../../main/core/connections.js';
import type { EventBus } from '../../main/core/events.js';
import { AUTH_STORAGE_KEY } from '../../main/core/session-storage.js';
import { OFFLINE_READ_MESSAGE } from '../../main/ground/errors.js';
import type { AppEvent } from '../../shared/contract/events.js';
import { ADMIN_CHECK_REUSE_MS, adminCheckReusable, answersLocallyAtOnce } from '../../shared/rules/auth/admin-check.js';

const USER = { id: 'admin-id', email: 'a@x.io', user_metadata: {} };
const LOCAL = { secret: 'from-the-replica' };
const KEPT = { rows: 'as last synced' };
const SYNCED_AT = '2026-11-26T11:00:00.000Z';
const PAGE = { filter: 'all', search: '', sort: { key: 'created', direction: 'desc' }, offset: 0, limit: 10 };
const settle = () => new Promise((r) => setTimeout(r, 0));
const OFFLINE_EVENT: AppEvent = { type: 'connectivity', online: false };

/**
 * A server holding one user whose admin role can be revoked, counting its admin checks; a link that can go down
 * (what the app last found, as main/core/connectivity.ts keeps it); a check that can be held on its way; a clock.
 */
function world() {
  const server = { admin: true, sessionValid: true, deleted: false, up: true, checks: 0, hold: undefined as Promise<void> | undefined };
  const link = { reachable: true };
  const clock = { ms: Date.parse('2026-11-26T12:00:00Z') };
  const kept = new Map<string, unknown>();
  const conn = {
    user: {
      auth: {
        getSession: async () => ({ data: { session: { user: USER } } }),
        getUser: async () => {
          server.checks++;
          await server.hold;
          link.reachable = server.up;
          if (!server.up) return { data: { user: null }, error: { name: 'AuthRetryableFetchError', message: 'fetch failed', status: 0 } };
          if (server.deleted) {
            return {
              data: { user: null },
              error: { name: 'AuthApiError', message: 'User from sub claim in JWT does not exist', status: 403, code: 'user_not_found' },
            };
          }
          return server.sessionValid
            ? { data: { user: USER }, error: null }
            : { data: { user: null }, error: { name: 'AuthApiError', message: 'JWT expired', status: 401 } };
        },
        signOut: async () => ({ error: null }),
      },
    },
    service: {
      from: () => ({
        select: () => ({
          eq: async () => {
            await server.hold;
            if (!server.up) return { data: null, error: { message: 'fetch failed' } };
            return { data: server.admin ? [{ role: 'admin' }] : [], error: null };
          },
        }),
      }),
    },
    sessionStorage: { getItem: (k: string) => (k === AUTH_STORAGE_KEY ? JSON.stringify({ user: USER }) : null), clear: () => undefined },
    cache: {
      reads: {
        get: (u: string, op: string) => (kept.has(`${u}|${op}`) ? { data: kept.get(`${u}|${op}`), fetchedAt: '' } : undefined),
        put: (u: string, op: string, _k: string, data: unknown) => void kept.set(`${u}|${op}`, data),
        clearUser: () => kept.clear(),
      },
    },
  } as unknown as Connection;
  const events: AppEvent[] = [];
  const bus = { emit: (e: AppEvent) => void events.push(e) } as unknown as EventBus;
  const erased: string[] = [];
  const sessions = new SessionService({ current: async () => conn } as unknown as Connections, bus, {
    now: () => clock.ms,
    reachable: () => link.reachable,
    onRevoked: async (_conn, userId) => void erased.push(userId),
  });
  const ran: string[] = [];
  const local = { hold: undefined as Promise<void> | undefined };
  // As main's handlers are: an answer with an offline hook (the replica as last synced) is an object.
  const handlers = {
    users: {
      page: {
        run: async () => {
          ran.push('users.page');
          await local.hold;
          return LOCAL;
        },
        offline: async () => ({ data: KEPT, fetchedAt: SYNCED_AT }),
      },
    },
    analytics: { userActivity: { run: async () => (ran.push('analytics.userActivity'), LOCAL), offline: async () => undefined } },
    palette: { search: async () => (ran.push('palette.search'), LOCAL) },
    dashboard: { overview: async () => (ran.push('dashboard.overview'), LOCAL) },
  } as unknown as Handlers;
  const router = createRouter({
    handlers,
    gate: {
      requireSession: () => sessions.requireSession(),
      requireAdmin: () => sessions.requireAdmin(),
      offlineAdminId: async () => USER.id,
      provisionalAdmin: async () => sessions.provisionalAdmin(conn),
      recentAdmin: async () => sessions.recentAdmin(conn),
      recheckAdmin: () => sessions.recheckAdmin(),
    },
    readCache: async () => undefined,
  });
  return { server, link, clock, events, ran, router, sessions, local, erased };
}

/** A promise and the function that settles it. */
function held(): { promise: Promise<void>; release: () => void } {
  let release!: () => void;
  const promise = new Promise<void>((r) => (release = r));
  return { promise, release };
}

describe('local answers on a recent admin check', () => {
  it('a check is reusable for ADMIN_CHECK_REUSE_MS from its start, not before it nor after', () => {
    expect(ADMIN_CHECK_REUSE_MS).toBe(60_000);
    expect(adminCheckReusable(undefined, 1000)).toBe(false);
    expect(adminCheckReusable(1000, 1000)).toBe(true);
    expect(adminCheckReusable(1000, 1000 + ADMIN_CHECK_REUSE_MS - 1)).toBe(true);
    expect(adminCheckReusable(1000, 1000 + ADMIN_CHECK_REUSE_MS)).toBe(false);
    expect(adminCheckReusable(1000, 999)).toBe(false);
  });

  it('answers locally at once only on a fresh check and a backend last found reachable', () => {
    expect(answersLocallyAtOnce(1000, 2000, true)).toBe(true);
    expect(answersLocallyAtOnce(1000, 2000, false)).toBe(false);
    expect(answersLocallyAtOnce(1000, 1000 + ADMIN_CHECK_REUSE_MS, true)).toBe(false);
    expect(answersLocallyAtOnce(undefined, 2000, true)).toBe(false);
  });

  it('fresh check, backend reachable: answers at once, while the fresh check is still on its way', async () => {
    const w = world();
    await w.router.call('users.page', PAGE);
    const checks = w.server.checks;
    const server = held();
    w.server.hold = server.promise;
    w.clock.ms += 10_000;
    expect(await w.router.call('users.page', PAGE)).toEqual({ ok: true, data: LOCAL });
    // The background check started and has not been answered.
    expect(w.server.checks).toBe(checks + 1);
    server.release();
    await settle();
    expect(w.events).not.toContainEqual(OFFLINE_EVENT);
  });

  it('backend found unreachable (by any request): the offline form, exactly as without local answers', async () => {
    const w = world();
    await w.router.call('users.page', PAGE);
    w.server.up = false;
    w.link.reachable = false;
    w.ran.length = 0;
    // The replica as last synced, under its time: the screen shows "Offline: showing data from ...".
    expect(await w.router.call('users.page', PAGE)).toEqual({ ok: true, data: KEPT, offline: { fetchedAt: SYNCED_AT } });
    // Nothing held for it: the screen's error, with the same text as ever.
    expect(await w.router.call('analytics.userActivity', {})).toEqual({ ok: false, code: 'OFFLINE', message: OFFLINE_READ_MESSAGE });
    expect(w.ran).toEqual([]);
    // Reachable again: the next read goes online (its check passes) and local answers follow at once.
    w.server.up = true;
    expect(await w.router.call('users.page', PAGE)).toEqual({ ok: true, data: LOCAL });
    const server = held();
    w.server.hold = server.promise;
    expect(await w.router.call('users.page', PAGE)).toEqual({ ok: true, data: LOCAL });
    server.release();
  });

  it('the background check finds the backend unreachable before the local answer is ready: the offline form', async () => {
    const w = world();
    await w.router.call('users.page', PAGE);
    w.server.up = false;
    const handler = held();
    w.local.hold = handler.promise;
    const answer = w.router.call('users.page', PAGE);
    await settle();
    expect(w.link.reachable).toBe(false);
    handler.release();
    expect(await answer).toEqual({ ok: true, data: KEPT, offline: { fetchedAt: SYNCED_AT } });
  });

  it('the background check finds the backend unreachable after an answer went as online: the windows are told, the next answer is offline', async () => {
    const w = world();
    await w.router.call('users.page', PAGE);
    w.server.up = false;
    const server = held();
    w.server.hold = server.promise;
    expect(await w.router.call('users.page', PAGE)).toEqual({ ok: true, data: LOCAL });
    server.release();
    await settle();
    await settle();
    // The screens fetch their local answers again on it (renderer/api/local-answers.ts) ...
    expect(w.events).toContainEqual(OFFLINE_EVENT);
    w.server.hold = undefined;
    // ... and get the offline form.
    expect(await w.router.call('users.page', PAGE)).toEqual({ ok: true, data: KEPT, offline: { fetchedAt: SYNCED_AT } });
  });

  it('check older than 60 s: the local read waits for a fresh check before it runs', async () => {
    const w = world();
    await w.router.call('users.page', PAGE);
    w.clock.ms += ADMIN_CHECK_REUSE_MS + 1;
    const server = held();
    w.server.hold = server.promise;
    w.ran.length = 0;
    let answered = false;
    const answer = w.router.call('users.page', PAGE).finally(() => (answered = true));
    await settle();
    await settle();
    expect(answered).toBe(false);
    expect(w.ran).toEqual([]);
    server.release();
    expect(await answer).toEqual({ ok: true, data: LOCAL });
    expect(w.ran).toEqual(['users.page']);
  });

  it('within the window a revoked admin’s local read answers, the background check revokes, and the next local read is refused', async () => {
    const w = world();
    expect(await w.router.call('users.page', PAGE)).toEqual({ ok: true, data: LOCAL });
    const checks = w.server.checks;
    w.server.admin = false;
    w.clock.ms += 30_000;
    const server = held();
    w.server.hold = server.promise;
    // Released on the check of 30 s ago, without waiting for the server ...
    expect(await w.router.call('users.page', PAGE)).toEqual({ ok: true, data: LOCAL });
    // ... whose fresh check, in the background, finds the role gone and tells the windows.
    server.release();
    await settle();
    await settle();
    expect(w.server.checks).toBe(checks + 1);
    expect(w.events).toContainEqual({
      type: 'session-changed',
      session: { user: { id: USER.id, email: USER.email, username: null }, roles: [], verified: true },
    });
    w.ran.length = 0;
    expect(await w.router.call('users.page', PAGE)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(JSON.stringify(await w.router.call('users.page', PAGE))).not.toContain(LOCAL.secret);
  });

  it('after the window a revoked admin’s next local read waits for the server and is refused', async () => {
    const w = world();
    expect(await w.router.call('users.page', PAGE)).toEqual({ ok: true, data: LOCAL });
    w.server.admin = false;
    w.clock.ms += ADMIN_CHECK_REUSE_MS;
    const answer = await w.router.call('users.page', PAGE);
    expect(answer).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(JSON.stringify(answer)).not.toContain(LOCAL.secret);
  });

  it('an ended session closes the window and sends the windows to sign-in', async () => {
    const w = world();
    await w.router.call('users.page', PAGE);
    w.server.sessionValid = false;
    w.clock.ms += 1000;
    const server = held();
    w.server.hold = server.promise;
    expect(await w.router.call('users.page', PAGE)).toEqual({ ok: true, data: LOCAL });
    server.release();
    await settle();
    await settle();
    expect(w.events).toContainEqual({ type: 'session-changed', session: null });
    expect(await w.router.call('users.page', PAGE)).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
  });

  it('a read the server answers (not answersLocally) still waits for a check of its own, within the window too', async () => {
    const w = world();
    await w.router.call('users.page', PAGE);
    w.server.admin = false;
    w.clock.ms += 1000;
    expect(await w.router.call('dashboard.overview', {})).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('answers the palette and the user list at once within the window, one check for both', async () => {
    const w = world();
    await w.router.call('users.page', PAGE);
    const checks = w.server.checks;
    w.ran.length = 0;
    expect(await w.router.call('palette.search', { query: 'an' })).toEqual({ ok: true, data: LOCAL });
    expect(w.ran).toEqual(['palette.search']);
    // The handler ran before the background check could have been answered (it is still on its way).
    expect(w.server.checks).toBeLessThanOrEqual(checks + 1);
  });

  it('runs one background check at a time, however many local reads arrive', async () => {
    const w = world();
    await w.router.call('users.page', PAGE);
    const checks = w.server.checks;
    await Promise.all(Array.from({ length: 5 }, () => w.router.call('users.page', PAGE)));
    await settle();
    await settle();
    expect(w.server.checks).toBe(checks + 1);
  });

  it('erases the replicas once when the role is revoked or the account deleted, never on an ended session', async () => {
    const revoked = world();
    await revoked.router.call('users.page', PAGE);
    revoked.server.admin = false;
    revoked.clock.ms += ADMIN_CHECK_REUSE_MS;
    await Promise.all([revoked.router.call('dashboard.overview', {}), revoked.router.call('dashboard.overview', {})]);
    await revoked.router.call('dashboard.overview', {});
    expect(revoked.erased).toEqual([USER.id]);

    const deleted = world();
    await deleted.router.call('users.page', PAGE);
    deleted.server.deleted = true;
    expect(await deleted.router.call('dashboard.overview', {})).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
    expect(deleted.erased).toEqual([USER.id]);

    const ended = world();
    await ended.router.call('users.page', PAGE);
    ended.server.sessionValid = false;
    expect(await ended.router.call('dashboard.overview', {})).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
    expect(ended.erased).toEqual([]);
  });
});
