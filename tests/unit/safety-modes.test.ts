import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter, type AccessGate } from '../../main/api/router.js';
import { fakeHandlers } from '../support/fake-handlers.js';
import { profileHandlers } from '../../main/api/areas/profiles.js';
import type { AppServices } from '../../main/core/app-services.js';
import { createJsonProfileStore } from '../../main/core/json-profile-store.js';
import { ProfileRegistry } from '../../main/core/profiles.js';
import type { SecretStore } from '../../main/core/ports.js';
import { OPERATIONS } from '../../shared/contract/index.js';
import { DEMO_PROFILE_ID, DEMO_PROFILE_NAME } from '../../shared/rules/profiles/types.js';
import {
  CONFIRMATION_REQUIRED_MESSAGE,
  CONFIRMATION_TTL_MS,
  READ_ONLY_EXEMPT,
  READ_ONLY_MESSAGE,
  WRONG_NAME_MESSAGE,
} from '../../shared/rules/profiles/safety.js';

const ADMIN = { id: 'admin-id', email: 'a@x.io', username: null, roles: ['admin' as const] };
const gate: AccessGate = { requireAdmin: async () => ADMIN, requireSession: async () => ADMIN, offlineAdminId: async () => ADMIN.id };

function memorySecrets(): SecretStore {
  const m = new Map<string, string>();
  return { persistence: 'session', get: (k) => m.get(k), set: (k, v) => void m.set(k, v), delete: (k) => void m.delete(k) };
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safety-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * The real contract and the real registry and profile handlers (the confirmation and the mode live there);
 * every other operation is a stub that records its call.
 */
function setUp() {
  const registry = new ProfileRegistry(createJsonProfileStore(path.join(dir, 'profiles.json')), memorySecrets(), undefined);
  const secrets = memorySecrets();
  // Nobody signed in: the handlers' admin check while signed in does not apply here.
  const services = { registry, secrets, connections: { current: async () => Promise.reject(new Error('none')) } };
  const real = profileHandlers(services as unknown as AppServices) as unknown as Record<string, (i: unknown) => Promise<unknown>>;
  const { handlers, calls } = fakeHandlers(async (name, input) => {
    const [area, method] = name.split('.') as [string, string];
    const own = area === 'profiles' ? real[method] : undefined;
    return own ? own(input) : { ran: name };
  });
  const router = createRouter({
    handlers,
    gate,
    readCache: async () => undefined,
    safety: { active: () => registry.get(registry.activeId()), takeConfirmation: (id) => registry.confirmations.take(id) },
  });
  const setMode = (safetyMode: 'normal' | 'confirm' | 'read-only') => registry.setSafety(DEMO_PROFILE_ID, { safetyMode, production: false });
  return { registry, router, calls, setMode };
}

const writes = OPERATIONS.filter((o) => o.spec.kind === 'write');
const reads = OPERATIONS.filter((o) => o.spec.kind === 'read');
const refusedWrites = writes.filter((o) => !READ_ONLY_EXEMPT.has(o.name));

describe('read-only mode', () => {
  it('lists only exemptions that are write operations of the contract', () => {
    for (const name of READ_ONLY_EXEMPT) expect(writes.map((w) => w.name), name).toContain(name);
    expect(refusedWrites.length).toBeGreaterThan(60);
  });

  it.each(refusedWrites.map((o) => o.name))('refuses %s with READ_ONLY, whatever the input, and never calls its handler', async (name) => {
    const { router, calls, setMode } = setUp();
    setMode('read-only');
    for (const input of [{}, undefined, { id: '00000000-0000-4000-8000-000000000000' }, 'junk']) {
      expect(await router.call(name, input)).toEqual({ ok: false, code: 'READ_ONLY', message: READ_ONLY_MESSAGE });
    }
    expect(calls).toEqual([]);
  });

  it('still runs every read (those whose input is optional) and never refuses one as read-only', async () => {
    const { router, calls, setMode } = setUp();
    setMode('read-only');
    let ran = 0;
    for (const o of reads) {
      const result = await router.call(o.name, {});
      expect(result.ok ? 'ok' : result.code, o.name).not.toBe('READ_ONLY');
      if (o.spec.input.safeParse({}).success) {
        expect(result.ok, o.name).toBe(true);
        expect(calls, o.name).toContain(o.name);
        ran += 1;
      }
    }
    expect(ran).toBeGreaterThan(20);
  });

  it('keeps signing in and out and the profile operations (the way out of read-only) possible', async () => {
    const { router, registry, setMode } = setUp();
    setMode('read-only');
    expect(await router.call('auth.signOut', {})).toMatchObject({ ok: true });
    expect(await router.call('profiles.setSafety', { id: DEMO_PROFILE_ID, safetyMode: 'normal', production: false })).toMatchObject({ ok: true });
    expect(registry.get(DEMO_PROFILE_ID)?.safetyMode).toBe('normal');
    expect(await router.call('wisdom.delete', { id: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ ok: true });
  });

  it('refuses nothing in normal mode', async () => {
    const { router, calls } = setUp();
    expect(await router.call('users.deleteUser', {})).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(await router.call('banners.delete', { id: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ ok: true });
    expect(calls).toEqual(['banners.delete']);
  });
});

describe('confirm mode', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const destructive = writes.filter((o) => o.spec.destructive);

  it.each(destructive.map((o) => o.name))('refuses %s without a confirmation and never calls its handler', async (name) => {
    const { router, calls, setMode } = setUp();
    setMode('confirm');
    const result = await router.call(name, {});
    // An invalid input is answered as such first; a valid one is refused for want of a confirmation.
    if (!result.ok && result.code === 'INVALID_INPUT') return;
    expect(result).toEqual({ ok: false, code: 'CONFIRMATION_REQUIRED', message: CONFIRMATION_REQUIRED_MESSAGE });
    expect(calls).toEqual([]);
  });

  it('refuses a wrong name, runs once with the right one, then asks again', async () => {
    const { router, calls, setMode } = setUp();
    setMode('confirm');
    expect(await router.call('banners.delete', { id })).toMatchObject({ ok: false, code: 'CONFIRMATION_REQUIRED' });
    expect(await router.call('profiles.confirmDestructive', { typedName: 'Demo' })).toEqual({ ok: false, code: 'CONFIRMATION_REQUIRED', message: WRONG_NAME_MESSAGE });
    expect(await router.call('banners.delete', { id })).toMatchObject({ ok: false, code: 'CONFIRMATION_REQUIRED' });
    expect(calls.filter((c) => c === 'banners.delete')).toEqual([]);

    expect(await router.call('profiles.confirmDestructive', { typedName: DEMO_PROFILE_NAME })).toEqual({ ok: true, data: { confirmed: true } });
    expect(await router.call('banners.delete', { id })).toEqual({ ok: true, data: { ran: 'banners.delete' } });
    expect(await router.call('wisdom.delete', { id })).toMatchObject({ ok: false, code: 'CONFIRMATION_REQUIRED' });
    expect(calls.filter((c) => c.endsWith('.delete'))).toEqual(['banners.delete']);
  });

  it('lets non-destructive writes through without asking', async () => {
    const { router, setMode } = setUp();
    setMode('confirm');
    expect(await router.call('feedback.undoDelete', { id, status: 'new' })).toMatchObject({ ok: true });
    expect(await router.call('flags.revoke', {})).not.toMatchObject({ code: 'CONFIRMATION_REQUIRED' });
  });

  it('does not spend the confirmation on an invalid input, and lets it expire after 60 s', async () => {
    vi.useFakeTimers();
    try {
      const { router, setMode } = setUp();
      setMode('confirm');
      await router.call('profiles.confirmDestructive', { typedName: DEMO_PROFILE_NAME });
      expect(await router.call('banners.delete', { id: 'not-an-id' })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
      vi.advanceTimersByTime(CONFIRMATION_TTL_MS + 1);
      expect(await router.call('banners.delete', { id })).toMatchObject({ ok: false, code: 'CONFIRMATION_REQUIRED' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('profile safety settings', () => {
  it('read as normal and not production until set, for built-in and saved profiles alike, and persist', () => {
    const { registry } = setUp();
    expect(registry.get(DEMO_PROFILE_ID)).toMatchObject({ safetyMode: 'normal', production: false });
    registry.setSafety(DEMO_PROFILE_ID, { safetyMode: 'confirm', production: true });
    const again = new ProfileRegistry(createJsonProfileStore(path.join(dir, 'profiles.json')), memorySecrets(), undefined);
    expect(again.get(DEMO_PROFILE_ID)).toMatchObject({ safetyMode: 'confirm', production: true });
  });
});
