import type { SecretStore } from './ports.js';

/** Session-only secrets: nothing touches the disk; everything is gone when the process ends. */
export function createMemorySecretStore(): SecretStore {
  const values = new Map<string, string>();
  return {
    persistence: 'session',
    get: (name) => values.get(name),
    set: (name, value) => void values.set(name, value),
    delete: (name) => void values.delete(name),
  };
}
