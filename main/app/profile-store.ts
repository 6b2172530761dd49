import type { ProfileStore, StoredProfile } from '../core/ports.js';
import { toSafety } from '../../shared/rules/profiles/safety.js';

/**
 * Saved connection profiles in electron-store (the user-data folder's profiles.json): names and URLs only.
 * Keys live in the SecretStore; whatever else a caller passes is dropped field by field, so a key can never
 * end up in this file by accident. The store is injected (`new Store({ name: 'profiles' })` in main.ts) so the
 * mapping is testable without Electron.
 */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

const PROFILES = 'profiles';
const ACTIVE = 'activeId';
const SAFETY = 'safety';

function toStored(value: unknown): StoredProfile | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const fields = ['id', 'name', 'url', 'productName', 'createdAt'] as const;
  if (!fields.every((f) => typeof v[f] === 'string')) return undefined;
  const base = { id: v.id as string, name: v.name as string, url: v.url as string, productName: v.productName as string, createdAt: v.createdAt as string };
  // publicHost came later: profiles saved before it have none and take the default.
  return typeof v.publicHost === 'string' ? { ...base, publicHost: v.publicHost } : base;
}

const safetyMap = (raw: unknown): Record<string, unknown> =>
  raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : {};

export function createElectronProfileStore(store: KeyValueStore): ProfileStore {
  const list = (): StoredProfile[] => {
    const raw = store.get(PROFILES);
    return Array.isArray(raw) ? raw.map(toStored).filter((p): p is StoredProfile => p !== undefined) : [];
  };
  return {
    list,
    save(profile) {
      const clean = toStored(profile);
      if (!clean) throw new Error('A connection profile needs an id, a name, a URL, a product name and a creation time.');
      store.set(PROFILES, [...list().filter((p) => p.id !== clean.id), clean]);
    },
    remove(id) {
      store.set(
        PROFILES,
        list().filter((p) => p.id !== id),
      );
      const { [id]: _gone, ...rest } = safetyMap(store.get(SAFETY));
      store.set(SAFETY, rest);
      if (store.get(ACTIVE) === id) store.delete(ACTIVE);
    },
    activeId() {
      const id = store.get(ACTIVE);
      return typeof id === 'string' ? id : undefined;
    },
    setActiveId(id) {
      store.set(ACTIVE, id);
    },
    // Kept apart from the profiles so the built-in ones (never in PROFILES) have a mode too.
    safetyOf(id) {
      const all = safetyMap(store.get(SAFETY));
      return id in all ? toSafety(all[id]) : undefined;
    },
    setSafety(id, safety) {
      store.set(SAFETY, { ...safetyMap(store.get(SAFETY)), [id]: toSafety(safety) });
    },
  };
}
