// SECURITY A1 for local answers (issue 30 part 2): the user list, analytics and palette answer from this computer
// at once when the administrator's check passed within ADMIN_CHECK_REUSE_MS, while a fresh check runs in the
// background. A revoked administrator's local read after the window is refused; within the window it answers, the
// background check revokes, and the next local read is refused. Every other read and every write still waits for
// a check of its own. The session service is the real one, over a fake server whose roles can be revoked.
import { describe, expect, it } from 'vitest';
import { createRouter } from '../../main/api/router.js';
import type { Handlers } from '../../main/api/handlers-type.js';
import { SessionService } from '../../main/services/auth/session-service.js';
import type { Connection, Connections } from '../../main/core/connections.js';
import type { EventBus } from '../../main/core/events.js';
import { AUTH_STORAGE_KEY } from '../../main/core/session-storage.js';
import type { AppEvent } from '../../shared/contract/events.js';
import { ADMIN_CHECK_REUSE_MS, adminCheckReusable } from '../../shared/rules/auth/admin-check.js';

const USER = { id: 'admin-id', email: 'a@x.io', user_metadata: {} };
const LOCAL = { secret: 'from-the-replica' };
const PAGE = { filter: 'all', search: '', sort: { key: 'created', direction: 'desc' }, offset: 0, limit: 10 };
const settle = () => new Promise((r) => setTimeout(r, 0));

/** A server holding one user whose admin role can be revoked, counting its admin checks; a clock we move. */
function world() {
  const server = { admin: true, sessionValid: true, checks: 0 };
  const clock = { ms: Date.parse('2026-11-26T12:00:00Z') };
  const kept = new Map<string, unknown>();
  const conn = {
    user: {
      auth: {
        getSession: async () => ({ data: { session: { user: USER } } }),
        getUser: async () => {
          server.checks++;
          return server.sessionValid
            ? { data: { user: USER }, error: null }
            : { data: { user: null }, error: { name: 'AuthApiError', message: 'JWT expired', status: 401 } };
        },
        signOut: async () => ({ error: null }),
      },
    },
    service: { from: () => ({ select: () => ({ eq: async () => ({ data: server.admin ? [{ role: 'admin' }] : [], error: null }) }) }) },
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
  const sessions = new SessionService({ current: async () => conn } as unknown as Connections, bus, () => clock.ms);
  const ran: string[] = [];
  const handlers = {
    users: { page: async () => (ran.push('users.page'), LOCAL) },
    dashboard: { overview: async () => (ran.push('dashboard.overview'), LOCAL) },
  } as unknown as Handlers;
  const router = createRouter({
    handlers,
    gate: {
      requireSession: () => sessions.requireSession(),
      requireAdmin: () => sessions.requireAdmin(),
      offlineAdminId: async () => undefined,
      provisionalAdmin: async () => sessions.provisionalAdmin(conn),
      recentAdmin: async () => sessions.recentAdmin(conn),
      recheckAdmin: () => sessions.recheckAdmin(),
    },
    readCache: async () => undefined,
  });
  return { server, clock, events, ran, router, sessions };
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

  it('within the window a revoked admin’s local read answers, the background check revokes, and the next local read is refused', async () => {
    const w = world();
    expect(await w.router.call('users.page', PAGE)).toEqual({ ok: true, data: LOCAL });
    const checks = w.server.checks;
    w.server.admin = false;
    w.clock.ms += 30_000;
    // Released on the check of 30 s ago, without waiting for the server ...
    expect(await w.router.call('users.page', PAGE)).toEqual({ ok: true, data: LOCAL });
    // ... whose fresh check, in the background, finds the role gone and tells the windows.
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
    expect(await w.router.call('users.page', PAGE)).toEqual({ ok: true, data: LOCAL });
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

  it('runs one background check at a time, however many local reads arrive', async () => {
    const w = world();
    await w.router.call('users.page', PAGE);
    const checks = w.server.checks;
    await Promise.all(Array.from({ length: 5 }, () => w.router.call('users.page', PAGE)));
    await settle();
    await settle();
    expect(w.server.checks).toBe(checks + 1);
  });
});
