import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRouter, type AccessGate } from '../../main/api/router.js';
import { fakeHandlers } from '../support/fake-handlers.js';
import { profileHandlers } from '../../main/api/areas/profiles.js';
import type { AppServices } from '../../main/app-services.js';
import { createJsonProfileStore } from '../../main/core/json-profile-store.js';
import { ProfileRegistry } from '../../main/core/profiles.js';
import type { SecretStore } from '../../main/core/ports.js';
import { OPERATIONS } from '../../shared/contract/index.js';
import { DEMO_PROFILE_ID, DEMO_PROFILE_NAME } from '../../shared/rules/profiles/types.js';
import { CONFIRMATION_REQUIRED_MESSAGE, READ_ONLY_MESSAGE, WRONG_NAME_MESSAGE } from '../../shared/rules/profiles/safety.js';

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
    safety: { active: () => registry.get(registry.activeId()) },
  });
  const setMode = (safetyMode: 'normal' | 'confirm' | 'read-only') => registry.setSafety(DEMO_PROFILE_ID, { safetyMode, production: false });
  return { registry, router, calls, setMode };
}

const writes = OPERATIONS.filter((o) => o.spec.kind === 'write');
const reads = OPERATIONS.filter((o) => o.spec.kind === 'read');
const refusedWrites = writes.filter((o) => o.spec.effect !== 'local');

describe('read-only mode', () => {
  it("allows exactly the writes whose effect is local: signing in and out, the connection profiles, exports, downloads, the replicas' refresh, the palette's recents, the toolkit's own progress, the theme, the last screen, taking a deep link, showing or opening a saved file", () => {
    expect(
      writes
        .filter((o) => o.spec.effect === 'local')
        .map((o) => o.name)
        .sort(),
    ).toEqual(
      [
        'app.showSavedFile',
        'app.openSavedFile',
        'auth.signIn',
        'auth.signOut',
        'profiles.save',
        'profiles.test',
        'profiles.activate',
        'profiles.remove',
        'profiles.setSafety',
        'users.exportCsv',
        'feedback.exportCsv',
        'campaigns.exportCsv',
        'audit.exportCsv',
        'analytics.refresh',
        'users.refresh',
        'tts.downloadGenerated',
        'ttsLibrary.download',
        'palette.opened',
        'toolkit.save',
        'app.setTheme',
        'app.takeDeepLink',
        'app.rememberScreen',
        'app.windowBack',
      ].sort(),
    );
    // auth.signUp creates an account in the project.
    expect(writes.find((o) => o.name === 'auth.signUp')?.spec.effect).toBe('project');
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

  it.each(destructive.map((o) => o.name))('refuses %s without the name, saying which, and never calls its handler', async (name) => {
    const { router, calls, setMode } = setUp();
    setMode('confirm');
    const result = await router.call(name, {});
    // An invalid input is answered as such first; a valid one is refused for want of the name.
    if (!result.ok && result.code === 'INVALID_INPUT') return;
    expect(result).toEqual({ ok: false, code: 'CONFIRMATION_REQUIRED', message: CONFIRMATION_REQUIRED_MESSAGE, confirmName: DEMO_PROFILE_NAME });
    expect(calls).toEqual([]);
  });

  it('runs a destructive call that carries the name, and refuses a wrong one with the exact message', async () => {
    const { router, calls, setMode } = setUp();
    setMode('confirm');
    expect(await router.call('banners.delete', { id }, { confirmName: 'Demo' })).toEqual({
      ok: false,
      code: 'CONFIRMATION_REQUIRED',
      message: WRONG_NAME_MESSAGE,
    });
    expect(await router.call('banners.delete', { id }, { confirmName: '' })).toEqual({ ok: false, code: 'CONFIRMATION_REQUIRED', message: WRONG_NAME_MESSAGE });
    expect(calls).toEqual([]);
    expect(await router.call('banners.delete', { id }, { confirmName: DEMO_PROFILE_NAME })).toEqual({ ok: true, data: { ran: 'banners.delete' } });
    // Typed with stray spaces around it, as the dialog trims it.
    expect(await router.call('wisdom.delete', { id }, { confirmName: ` ${DEMO_PROFILE_NAME} ` })).toEqual({ ok: true, data: { ran: 'wisdom.delete' } });
    expect(calls).toEqual(['banners.delete', 'wisdom.delete']);
  });

  it('leaves nothing behind: a name typed for one call covers no other operation, nor the same one again', async () => {
    const { router, calls, setMode } = setUp();
    setMode('confirm');
    expect(await router.call('banners.delete', { id }, { confirmName: DEMO_PROFILE_NAME })).toMatchObject({ ok: true });
    expect(await router.call('wisdom.delete', { id })).toMatchObject({ ok: false, code: 'CONFIRMATION_REQUIRED', confirmName: DEMO_PROFILE_NAME });
    expect(await router.call('banners.delete', { id })).toMatchObject({ ok: false, code: 'CONFIRMATION_REQUIRED' });
    // A name sent with a read or a non-destructive write grants nothing either.
    expect(await router.call('banners.list', {}, { confirmName: DEMO_PROFILE_NAME })).toMatchObject({ ok: true });
    expect(await router.call('feedback.undoDelete', { id, status: 'new' }, { confirmName: DEMO_PROFILE_NAME })).toMatchObject({ ok: true });
    expect(await router.call('banners.delete', { id })).toMatchObject({ ok: false, code: 'CONFIRMATION_REQUIRED' });
    expect(calls.filter((c) => c.endsWith('.delete'))).toEqual(['banners.delete']);
  });

  it('no longer offers a confirmation to grant ahead of the operation', async () => {
    const { router, setMode } = setUp();
    setMode('confirm');
    expect(OPERATIONS.map((o) => o.name)).not.toContain('profiles.confirmDestructive');
    expect(await router.call('profiles.confirmDestructive', { typedName: DEMO_PROFILE_NAME })).toMatchObject({ ok: false, code: 'UNKNOWN_OPERATION' });
    expect(await router.call('banners.delete', { id })).toMatchObject({ ok: false, code: 'CONFIRMATION_REQUIRED' });
  });

  it('lets non-destructive writes through without asking', async () => {
    const { router, setMode } = setUp();
    setMode('confirm');
    expect(await router.call('feedback.undoDelete', { id, status: 'new' })).toMatchObject({ ok: true });
    expect(await router.call('flags.revoke', {})).not.toMatchObject({ code: 'CONFIRMATION_REQUIRED' });
  });

  it('answers an invalid input as such before asking for the name', async () => {
    const { router, calls, setMode } = setUp();
    setMode('confirm');
    expect(await router.call('banners.delete', { id: 'not-an-id' })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(await router.call('banners.delete', { id: 'not-an-id' }, { confirmName: DEMO_PROFILE_NAME })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(calls).toEqual([]);
  });

  it('ignores the name in normal mode', async () => {
    const { router } = setUp();
    expect(await router.call('banners.delete', { id }, { confirmName: 'anything' })).toEqual({ ok: true, data: { ran: 'banners.delete' } });
  });
});

describe('call options', () => {
  const id = '00000000-0000-4000-8000-000000000000';

  it.each([
    ['an unknown key', { confirmName: DEMO_PROFILE_NAME, grant: true }, 'Call options: Unknown field: grant'],
    ['a name that is not text', { confirmName: 42 }],
    ['a null name', { confirmName: null }],
    ['a name over 200 characters', { confirmName: 'x'.repeat(201) }],
    ['a string', 'Reflect Demo'],
    ['an array', [DEMO_PROFILE_NAME]],
    ['null', null],
  ])('refuses %s as INVALID_INPUT, in any mode and for any operation, before its handler', async (_what, options, message?: string) => {
    const { router, calls, setMode } = setUp();
    for (const mode of ['normal', 'confirm'] as const) {
      setMode(mode);
      for (const [name, input] of [
        ['banners.delete', { id }],
        ['banners.list', {}],
        ['profiles.list', {}],
      ] as const) {
        const result = await router.call(name, input, options);
        expect(result, `${mode} ${name}`).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
        if (message) expect(result).toMatchObject({ message });
      }
    }
    expect(calls).toEqual([]);
  });

  it('takes no options, or an empty object, as none', async () => {
    const { router } = setUp();
    expect(await router.call('banners.list', {}, {})).toMatchObject({ ok: true });
    expect(await router.call('banners.list', {}, undefined)).toMatchObject({ ok: true });
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
