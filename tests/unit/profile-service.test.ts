import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProfileService } from '../../main/services/profiles/profile-service.js';
import { createJsonProfileStore } from '../../main/core/json-profile-store.js';
import { ProfileRegistry } from '../../main/core/profiles.js';
import { createEventBus } from '../../main/core/events.js';
import type { Connection } from '../../main/core/connections.js';
import type { SecretStore } from '../../main/core/ports.js';
import { AppError } from '../../main/ground/errors.js';
import { DEMO_PROFILE_ID } from '../../shared/rules/profiles/types.js';

/** Switching or repointing the active project, step by step: the session ends on the project being left. */

function memorySecrets(): SecretStore {
  const m = new Map<string, string>();
  return { persistence: 'session', get: (k) => m.get(k), set: (k, v) => void m.set(k, v), delete: (k) => void m.delete(k) };
}

const KEY = 'k'.repeat(40);
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'profile-service-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function setUp(opts: { signedIn?: boolean; admin?: boolean; signOutFails?: boolean } = {}) {
  const registry = new ProfileRegistry(createJsonProfileStore(path.join(dir, 'profiles.json')), memorySecrets(), undefined);
  const steps: string[] = [];
  const events = createEventBus();
  events.subscribe((e) => void steps.push(`event ${e.type}${e.type === 'profile-changed' ? ` ${e.profileId}` : ''}`));
  const service = createProfileService({
    registry,
    events,
    secrets: { persistence: 'session' },
    embedded: { credentials: async () => ({ url: 'http://127.0.0.1:1', anonKey: KEY, serviceRoleKey: KEY }) },
    connections: {
      current: async () => ({ profile: registry.get(registry.activeId()) }) as unknown as Connection,
      dispose: async () => void steps.push(`dispose (active ${registry.activeId()})`),
    },
    sessions: {
      localUserId: () => (opts.signedIn ? 'user-1' : undefined),
      requireAdmin: async () => {
        if (!opts.admin) throw new AppError('FORBIDDEN', 'no');
        return { id: 'user-1', email: 'a@x.io', username: null, roles: ['admin'] };
      },
      signOut: async () => {
        steps.push(`signOut (active ${registry.activeId()})`);
        if (opts.signOutFails) throw new Error('network down');
        return { signedOut: true };
      },
    },
  });
  const other = registry.save({ name: 'Staging', url: 'https://staging.example.co', anonKey: KEY, serviceRoleKey: KEY, productName: 'Reflect' });
  return { registry, service, steps, other };
}

describe('profile service: leaving the active project', () => {
  it('activate: ends the session on the project being left, then switches, closes its connection and tells the windows', async () => {
    const { service, steps, other, registry } = setUp({ signedIn: true, admin: true });
    expect(await service.activate(other.id)).toEqual({ activeId: other.id });
    expect(registry.activeId()).toBe(other.id);
    expect(steps).toEqual([`signOut (active ${DEMO_PROFILE_ID})`, `dispose (active ${other.id})`, `event profile-changed ${other.id}`]);
  });

  it('activate: a failed sign-out does not stop the switch; the same profile again does nothing', async () => {
    const { service, steps, other, registry } = setUp({ signOutFails: true });
    await service.activate(other.id);
    expect(registry.activeId()).toBe(other.id);
    expect(steps.at(-1)).toBe(`event profile-changed ${other.id}`);
    steps.length = 0;
    await service.activate(other.id);
    expect(steps).toEqual([]);
  });

  it('activate while signed in without the admin role: refused, nothing signed out or switched', async () => {
    const { service, steps, other, registry } = setUp({ signedIn: true, admin: false });
    await expect(service.activate(other.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(registry.activeId()).toBe(DEMO_PROFILE_ID);
    expect(steps).toEqual([]);
  });

  it('save: a new address of the active profile ends its session; the same address does not', async () => {
    const { service, steps, other, registry } = setUp({ signedIn: true, admin: true });
    await service.activate(other.id);
    steps.length = 0;
    await service.save({ id: other.id, name: 'Staging 2', url: 'https://staging.example.co', anonKey: KEY, productName: 'Reflect' });
    expect(steps).toEqual([]);
    expect(registry.get(other.id)?.name).toBe('Staging 2');
    await service.save({ id: other.id, name: 'Staging 2', url: 'https://other.example.co', anonKey: KEY, serviceRoleKey: KEY, productName: 'Reflect' });
    expect(steps).toEqual([`signOut (active ${other.id})`, `dispose (active ${other.id})`, `event profile-changed ${other.id}`]);
  });

  it('remove: the active profile is refused, another is forgotten', async () => {
    const { service, other, registry } = setUp();
    await expect(service.remove(DEMO_PROFILE_ID)).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect(await service.remove(other.id)).toEqual({ removed: true });
    expect(registry.get(other.id)).toBeUndefined();
  });
});

describe('handlers stay one call each', () => {
  it('no handler file signs out, closes connections or emits events itself', () => {
    const areas = 'main/api/areas';
    for (const file of fs.readdirSync(areas)) {
      const text = fs.readFileSync(path.join(areas, file), 'utf8');
      // The auth handler's signOut is the one call to the session service.
      const calls = text.replace('signOut: () => s.sessions.signOut()', '');
      expect(calls, file).not.toMatch(/\.signOut\(|connections\.dispose\(|events\.emit\(/);
    }
  });
});
