import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createRouter, inputKey, type AccessGate } from '../../main/api/router.js';
import type { Handlers } from '../../main/api/handlers-type.js';
import type { ReadCache } from '../../main/cache/types.js';
import { fakeHandlers } from '../support/fake-handlers.js';
import { AppError } from '../../main/ground/errors.js';
import { markUnreachable } from '../../main/core/connectivity.js';
import { OPERATIONS } from '../../shared/contract/index.js';
import { ACCESS_DENIED_TEXT } from '../../shared/rules/auth/access.js';

const ADMIN = { id: 'admin-id', email: 'a@x.io', username: null, roles: ['admin' as const] };

function memoryCache(): ReadCache {
  const rows = new Map<string, { data: unknown; fetchedAt: string }>();
  return {
    get: (u, op, k) => rows.get(`${u}|${op}|${k}`),
    put: (u, op, k, data, fetchedAt) => void rows.set(`${u}|${op}|${k}`, { data, fetchedAt }),
    clearUser: (u) => {
      for (const key of rows.keys()) if (key.startsWith(`${u}|`)) rows.delete(key);
    },
  };
}

function gate(overrides: Partial<AccessGate> = {}): AccessGate & { admin: ReturnType<typeof vi.fn> } {
  const admin = vi.fn(async () => ADMIN);
  return { requireAdmin: admin, requireSession: async () => ADMIN, offlineAdminId: async () => ADMIN.id, ...overrides, admin } as never;
}

describe('router', () => {
  it('answers an unknown operation without calling anything', async () => {
    const { handlers, calls } = fakeHandlers();
    const router = createRouter({ handlers, gate: gate(), readCache: async () => undefined });
    expect(await router.call('nope.nothing', {})).toEqual({ ok: false, code: 'UNKNOWN_OPERATION', message: 'Unknown operation.' });
    expect(await router.call(42 as unknown as string, {})).toMatchObject({ ok: false, code: 'UNKNOWN_OPERATION' });
    expect(calls).toEqual([]);
  });

  it('answers deeply nested and over-large JSON inputs with INVALID_INPUT, never INTERNAL (issue 26 item 7)', async () => {
    const { handlers, calls } = fakeHandlers();
    const g = gate();
    const router = createRouter({ handlers, gate: g, readCache: async () => undefined });
    let deep: unknown = 1;
    for (let i = 0; i < 1_000_000; i++) deep = [deep];
    const trigger = { triggerName: 'Deep', triggerType: 'time_based', templateId: '00000000-0000-4000-8000-000000000001' };
    // Deeper than any input may nest: refused before anything walks it.
    expect(await router.call('email.saveTrigger', { ...trigger, conditionParameters: { a: deep } })).toEqual({
      ok: false,
      code: 'INVALID_INPUT',
      message: 'The request nests deeper than 32 levels.',
    });
    // Within the router's bound but past the field's, and 10 MB of parameters: the field's own messages.
    let nine: unknown = 1;
    for (let i = 0; i < 9; i++) nine = { a: nine };
    expect(await router.call('email.saveTrigger', { ...trigger, conditionParameters: nine })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: 'Condition parameters: at most 8 levels of nesting',
    });
    expect(await router.call('email.saveTrigger', { ...trigger, conditionParameters: { days_since_signup: 'x'.repeat(10 * 1024 * 1024) } })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: 'Condition parameters: at most 16,384 characters as JSON',
    });
    // Any operation: a deep value where a string belongs, or under an unknown key.
    expect(await router.call('banners.get', { id: deep })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(await router.call('dashboard.overview', cyclic)).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(calls).toEqual([]);
    expect(g.admin).not.toHaveBeenCalled();
  });

  it('rejects unknown keys and bad values before the access check or the service', async () => {
    const { handlers, calls } = fakeHandlers();
    const g = gate();
    const router = createRouter({ handlers, gate: g, readCache: async () => undefined });
    expect(await router.call('dashboard.overview', { extra: 1 })).toMatchObject({ ok: false, code: 'INVALID_INPUT', message: 'Unknown field: extra' });
    expect(await router.call('dashboard.setDemoPassword', { password: ' abc ' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: 'Password must be at least 6 characters long',
      issues: [{ path: 'password', message: 'Password must be at least 6 characters long' }],
    });
    expect(calls).toEqual([]);
    expect(g.admin).not.toHaveBeenCalled();
  });

  it('passes the parsed (trimmed) input to the handler', async () => {
    const { handlers } = fakeHandlers();
    const router = createRouter({ handlers, gate: gate(), readCache: async () => undefined });
    expect(await router.call('dashboard.setDemoPassword', { password: '  secret-1  ' })).toEqual({ ok: true, data: { password: 'secret-1' } });
  });

  it('checks the admin role for admin operations and stops at a refusal', async () => {
    const { handlers, calls } = fakeHandlers();
    const refusing = gate({ requireAdmin: async () => Promise.reject(new AppError('FORBIDDEN', ACCESS_DENIED_TEXT)) });
    const router = createRouter({ handlers, gate: refusing, readCache: async () => undefined });
    expect(await router.call('dashboard.overview', {})).toEqual({ ok: false, code: 'FORBIDDEN', message: ACCESS_DENIED_TEXT });
    const expired = gate({ requireAdmin: async () => Promise.reject(new AppError('UNAUTHENTICATED', 'Your session has ended. Sign in again.')) });
    expect(await createRouter({ handlers, gate: expired, readCache: async () => undefined }).call('dashboard.demoPassword', {})).toMatchObject({
      ok: false,
      code: 'UNAUTHENTICATED',
    });
    expect(calls).toEqual([]);
  });

  it('does not ask for a session on public operations', async () => {
    const { handlers, calls } = fakeHandlers();
    const g = gate();
    const router = createRouter({ handlers, gate: g, readCache: async () => undefined });
    await router.call('auth.getSession', {});
    await router.call('profiles.list', {});
    expect(calls).toEqual(['auth.getSession', 'profiles.list']);
    expect(g.admin).not.toHaveBeenCalled();
  });

  it('keeps reads and answers them with their time when the backend is unreachable', async () => {
    let offline = false;
    const { handlers } = fakeHandlers(async () => {
      if (offline) {
        markUnreachable();
        throw new Error('fetch failed');
      }
      return { stats: 1 };
    });
    const cache = memoryCache();
    const router = createRouter({ handlers, gate: gate(), readCache: async () => cache });
    expect(await router.call('dashboard.overview', {})).toEqual({ ok: true, data: { stats: 1 } });
    offline = true;
    const kept = await router.call('dashboard.overview', {});
    expect(kept).toMatchObject({ ok: true, data: { stats: 1 }, offline: { fetchedAt: expect.stringMatching(/^\d{4}-/) } });
    const write = await router.call('dashboard.setDemoPassword', { password: 'secret-2' });
    expect(write).toEqual({ ok: false, code: 'OFFLINE', message: 'The backend cannot be reached, so nothing was saved. Check the connection and try again.' });
  });

  it('says offline, not an error, for a read that was never kept', async () => {
    const { handlers } = fakeHandlers(async () => {
      markUnreachable();
      throw new Error('fetch failed');
    });
    const router = createRouter({ handlers, gate: gate(), readCache: async () => memoryCache() });
    expect(await router.call('dashboard.overview', {})).toMatchObject({ ok: false, code: 'OFFLINE' });
  });

  it("asks a handler's offline answer before the kept reads, with the parsed input and the verified admin", async () => {
    let offline = false;
    let local: { data: unknown; fetchedAt: string } | undefined = { data: { local: true }, fetchedAt: '2026-11-20T08:00:00.000Z' };
    const asked: unknown[] = [];
    const overview = {
      run: async () => {
        if (offline) {
          markUnreachable();
          throw new Error('fetch failed');
        }
        return { stats: 1 };
      },
      offline: async (input: unknown, ctx: { userId: string }) => {
        asked.push([input, ctx.userId]);
        return local;
      },
    };
    const handlers = { dashboard: { overview } } as unknown as Handlers;
    const cache = memoryCache();
    const router = createRouter({ handlers, gate: gate(), readCache: async () => cache });
    expect(await router.call('dashboard.overview', undefined)).toEqual({ ok: true, data: { stats: 1 } });
    expect(asked).toEqual([]);
    offline = true;
    expect(await router.call('dashboard.overview', {})).toEqual({ ok: true, data: { local: true }, offline: { fetchedAt: '2026-11-20T08:00:00.000Z' } });
    expect(asked).toEqual([[{}, ADMIN.id]]);
    local = undefined;
    expect(await router.call('dashboard.overview', {})).toMatchObject({
      ok: true,
      data: { stats: 1 },
      offline: { fetchedAt: expect.stringMatching(/^\d{4}-/) },
    });
    const unverified = createRouter({ handlers, gate: gate({ offlineAdminId: async () => undefined }), readCache: async () => cache });
    local = { data: { local: true }, fetchedAt: '2026-11-20T08:00:00.000Z' };
    expect(await unverified.call('dashboard.overview', {})).toMatchObject({ ok: false, code: 'OFFLINE' });
    expect(asked).toHaveLength(2);
  });

  it('turns unexpected failures into a plain message without internals', async () => {
    const { handlers } = fakeHandlers(async () => {
      throw new TypeError('Cannot read properties of undefined (reading "secret")');
    });
    const router = createRouter({ handlers, gate: gate(), readCache: async () => undefined });
    const r = await router.call('profiles.list', {});
    expect(r).toEqual({ ok: false, code: 'INTERNAL', message: 'Something went wrong in Reflect Admin. The details are in the log.' });
  });

  it('keys kept reads by a stable form of the input', () => {
    expect(inputKey({ b: 1, a: { d: 2, c: 3 } })).toBe(inputKey({ a: { c: 3, d: 2 }, b: 1 }));
    expect(inputKey(undefined)).toBe('{}');
  });
});

describe('every operation refuses bad input (I2, property-based)', () => {
  for (const op of OPERATIONS) {
    it(`${op.name}: no service call on input its schema refuses; unknown keys always refused`, async () => {
      const { handlers, calls } = fakeHandlers();
      const g = gate();
      const router = createRouter({ handlers, gate: g, readCache: async () => undefined });
      await fc.assert(
        fc.asyncProperty(
          fc.anything({ withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true }),
          async (input) => {
            calls.length = 0;
            const valid = op.spec.input.safeParse(input === undefined ? {} : input).success;
            const r = await router.call(op.name, input);
            if (!valid) {
              expect(r).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
              expect(r.ok === false && r.message.length > 0).toBe(true);
              expect(calls).toEqual([]);
            }
          },
        ),
        { numRuns: 150 },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !['id', 'url', 'name', 'email', 'password'].includes(k)),
          async (key) => {
            calls.length = 0;
            const r = await router.call(op.name, { [`x_${key}`]: 1 });
            expect(r).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
            expect(calls).toEqual([]);
          },
        ),
        { numRuns: 30 },
      );
    });
  }
});
