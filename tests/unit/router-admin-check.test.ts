// SECURITY A1 without the round trips in sequence (issue 30): an admin read runs beside the server's admin check and
// its answer is released only once the check has passed; a failed check (a non-admin, an expired token, a revoked
// role) answers as before and the read's data goes nowhere: not in the answer, the log or the kept reads. A write
// starts only once the check has passed.
import { afterEach, describe, expect, it } from 'vitest';
import { createRouter, type AccessGate } from '../../main/api/router.js';
import type { Handlers } from '../../main/api/handlers-type.js';
import type { ReadCache } from '../../main/cache/types.js';
import { AppError } from '../../main/ground/errors.js';
import { setLogSink } from '../../main/ground/log.js';
import { markUnreachable } from '../../main/core/connectivity.js';
import { ACCESS_DENIED_TEXT } from '../../shared/rules/auth/access.js';

const ADMIN = { id: 'admin-id', email: 'a@x.io', username: null, roles: ['admin' as const] };
const SECRET = { secret: 'only-for-admins' };
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A gate whose check answers after `ms`, recording when it started and settled. */
function slowGate(events: string[], outcome: () => Promise<typeof ADMIN>, ms = 30): AccessGate {
  return {
    requireAdmin: async () => {
      events.push('check:start');
      await wait(ms);
      try {
        const user = await outcome();
        events.push('check:passed');
        return user;
      } catch (e) {
        events.push('check:failed');
        throw e;
      }
    },
    requireSession: async () => ADMIN,
    offlineAdminId: async () => ADMIN.id,
    provisionalAdmin: async () => ADMIN,
  };
}

function recordingCache(): ReadCache & { puts: unknown[] } {
  const puts: unknown[] = [];
  return { puts, get: () => undefined, put: (...args: unknown[]) => void puts.push(args), clearUser: () => undefined } as never;
}

function handlersWith(events: string[], answer: () => Promise<unknown> = async () => SECRET): Handlers {
  const read = async () => {
    events.push('read:start');
    const data = await answer();
    events.push('read:done');
    return data;
  };
  return {
    dashboard: {
      overview: read,
      demoPassword: read,
      setDemoPassword: async () => {
        events.push('write:start');
        return { password: 'x' };
      },
    },
    tts: { audioPart: { afterCheck: true, run: read } },
  } as unknown as Handlers;
}

const logged: string[] = [];
setLogSink((_level, line) => void logged.push(line));
afterEach(() => {
  logged.length = 0;
});

describe('the admin check beside a read', () => {
  it('starts the read with the check, not after it, and releases its answer once the check has passed', async () => {
    const events: string[] = [];
    const cache = recordingCache();
    const kept: string[] = [];
    const router = createRouter({
      handlers: handlersWith(events),
      gate: slowGate(events, async () => ADMIN),
      readCache: async () => cache,
      kept: (_u, op) => void kept.push(op),
    });
    expect(await router.call('dashboard.overview', {})).toEqual({ ok: true, data: SECRET });
    expect(events.indexOf('read:start')).toBeLessThan(events.indexOf('check:passed'));
    expect(events.indexOf('read:done')).toBeLessThan(events.indexOf('check:passed'));
    expect(cache.puts).toHaveLength(1);
    expect(kept).toEqual(['dashboard.overview']);
  });

  const refusals: [string, AppError][] = [
    ['a signed-in user without the admin role', new AppError('FORBIDDEN', ACCESS_DENIED_TEXT)],
    ['an expired or revoked token', new AppError('UNAUTHENTICATED', 'Your session has ended. Sign in again.')],
    ['an admin whose role was revoked since this computer verified it', new AppError('FORBIDDEN', ACCESS_DENIED_TEXT)],
  ];
  for (const [who, refusal] of refusals) {
    it(`never releases the read's data to ${who}: not in the answer, the log or the kept reads`, async () => {
      const events: string[] = [];
      const cache = recordingCache();
      const kept: string[] = [];
      const router = createRouter({
        handlers: handlersWith(events),
        gate: slowGate(events, async () => Promise.reject(refusal)),
        readCache: async () => cache,
        kept: (_u, op) => void kept.push(op),
      });
      const answer = await router.call('dashboard.overview', {});
      expect(answer).toEqual({ ok: false, code: refusal.code, message: refusal.message });
      expect(JSON.stringify(answer)).not.toContain(SECRET.secret);
      expect(cache.puts).toEqual([]);
      expect(kept).toEqual([]);
      expect(logged.join('\n')).not.toContain(SECRET.secret);
    });
  }

  it("answers the check's refusal when the read beside it failed, unreachable or not, and logs nothing of it", async () => {
    for (const fail of [
      async () => {
        markUnreachable();
        throw new Error('fetch failed');
      },
      async () => {
        throw new Error(`boom ${SECRET.secret}`);
      },
    ]) {
      const events: string[] = [];
      const cache = recordingCache();
      const router = createRouter({
        handlers: handlersWith(events, fail),
        gate: slowGate(events, async () => Promise.reject(new AppError('FORBIDDEN', ACCESS_DENIED_TEXT))),
        readCache: async () => cache,
      });
      expect(await router.call('dashboard.overview', {})).toEqual({ ok: false, code: 'FORBIDDEN', message: ACCESS_DENIED_TEXT });
      expect(logged.join('\n')).not.toContain(SECRET.secret);
    }
  });

  it('keeps the offline answer for an unreachable check, as before', async () => {
    const events: string[] = [];
    const kept = { data: { stats: 1 }, fetchedAt: '2026-11-20T08:00:00.000Z' };
    const router = createRouter({
      handlers: handlersWith(events, async () => {
        markUnreachable();
        throw new Error('fetch failed');
      }),
      gate: slowGate(events, async () => {
        markUnreachable();
        return Promise.reject(new AppError('OFFLINE', 'The backend cannot be reached.'));
      }),
      readCache: async () => ({ get: () => kept, put: () => undefined, clearUser: () => undefined }),
    });
    expect(await router.call('dashboard.overview', {})).toEqual({ ok: true, data: { stats: 1 }, offline: { fetchedAt: kept.fetchedAt } });
  });

  it('waits for the check when there is no locally held admin, and for reads that change this computer', async () => {
    const events: string[] = [];
    const gate = { ...slowGate(events, async () => ADMIN), provisionalAdmin: async () => undefined };
    await createRouter({ handlers: handlersWith(events), gate, readCache: async () => undefined }).call('dashboard.overview', {});
    expect(events).toEqual(['check:start', 'check:passed', 'read:start', 'read:done']);
    events.length = 0;
    const router = createRouter({ handlers: handlersWith(events), gate: slowGate(events, async () => ADMIN), readCache: async () => undefined });
    await router.call('tts.audioPart', { jobId: '00000000-0000-4000-8000-000000000001', index: 0 });
    expect(events).toEqual(['check:start', 'check:passed', 'read:start', 'read:done']);
  });
});

describe('the admin check before a write', () => {
  it('never starts a write before the check has passed, and never after a refusal', async () => {
    const events: string[] = [];
    const router = createRouter({ handlers: handlersWith(events), gate: slowGate(events, async () => ADMIN), readCache: async () => undefined });
    expect(await router.call('dashboard.setDemoPassword', { password: 'secret-2' })).toMatchObject({ ok: true });
    expect(events).toEqual(['check:start', 'check:passed', 'write:start']);
    events.length = 0;
    const refusing = createRouter({
      handlers: handlersWith(events),
      gate: slowGate(events, async () => Promise.reject(new AppError('FORBIDDEN', ACCESS_DENIED_TEXT))),
      readCache: async () => undefined,
    });
    expect(await refusing.call('dashboard.setDemoPassword', { password: 'secret-2' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(events).toEqual(['check:start', 'check:failed']);
  });
});
