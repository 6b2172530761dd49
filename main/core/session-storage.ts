import type { SecretStore } from './ports.js';

/**
 * supabase-js's storage for the signed-in session, kept by main only. With a real keyring the session is
 * persisted encrypted (SecretStore); otherwise it lasts as long as the process.
 */
export interface SessionStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/** The storage key given to supabase-js; the suffixes are the other entries auth-js may keep beside it. */
export const AUTH_STORAGE_KEY = 'reflect-admin-auth';
const KNOWN_KEYS = [AUTH_STORAGE_KEY, `${AUTH_STORAGE_KEY}-code-verifier`, `${AUTH_STORAGE_KEY}-user`];

export function createSessionStorage(secrets: SecretStore, profileId: string): SessionStorage {
  const prefix = `session:${profileId}:`;
  const keys = new Set<string>();
  return {
    getItem: (key) => secrets.get(prefix + key) ?? null,
    setItem(key, value) {
      keys.add(key);
      secrets.set(prefix + key, value);
    },
    removeItem(key) {
      keys.delete(key);
      secrets.delete(prefix + key);
    },
    clear() {
      for (const key of new Set([...keys, ...KNOWN_KEYS])) secrets.delete(prefix + key);
      keys.clear();
    },
  };
}
