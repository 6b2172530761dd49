import { describe, expect, it } from 'vitest';
import { createElectronProfileStore, type KeyValueStore } from '../../main/app/profile-store.js';
import type { StoredProfile } from '../../main/core/ports.js';

function mapStore(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return { data, get: (k) => data.get(k), set: (k, v) => void data.set(k, structuredClone(v)), delete: (k) => void data.delete(k) };
}

const profile: StoredProfile = { id: 'p1', name: 'Production', url: 'https://abcd.supabase.co', productName: 'Reflect', createdAt: '2026-01-01T00:00:00.000Z' };

describe('electron-store profile store', () => {
  it('saves, lists, activates and removes profiles', () => {
    const kv = mapStore();
    const store = createElectronProfileStore(kv);
    expect(store.list()).toEqual([]);
    store.save(profile);
    store.save({ ...profile, name: 'Renamed' });
    expect(store.list()).toEqual([{ ...profile, name: 'Renamed' }]);
    store.setActiveId('p1');
    expect(store.activeId()).toBe('p1');
    store.remove('p1');
    expect(store.list()).toEqual([]);
    expect(store.activeId()).toBeUndefined();
  });

  it('never writes anything but the five profile fields (no keys)', () => {
    const kv = mapStore();
    createElectronProfileStore(kv).save({ ...profile, serviceRoleKey: 'eyJsecret', anonKey: 'eyJanon' } as StoredProfile);
    expect(JSON.stringify([...kv.data])).not.toMatch(/eyJ|serviceRoleKey|anonKey/);
  });

  it('keeps the public site address, and reads profiles saved before it without one', () => {
    const kv = mapStore();
    const store = createElectronProfileStore(kv);
    store.save({ ...profile, publicHost: 'https://www.example.com' });
    expect(store.list()).toEqual([{ ...profile, publicHost: 'https://www.example.com' }]);
    kv.data.set('profiles', [profile]);
    expect(store.list()[0]).not.toHaveProperty('publicHost');
  });

  it('ignores malformed stored entries', () => {
    const kv = mapStore();
    kv.data.set('profiles', [profile, { id: 3 }, null, 'x']);
    kv.data.set('activeId', 42);
    const store = createElectronProfileStore(kv);
    expect(store.list()).toEqual([profile]);
    expect(store.activeId()).toBeUndefined();
  });
});
