import fs from 'node:fs';
import path from 'node:path';
import type { SecretStore } from '../core/ports.js';
import { createMemorySecretStore } from '../core/memory-secret-store.js';
import { log } from '../ground/log.js';

/**
 * Keys and sessions through Electron's safeStorage (K2 in SECURITY.md). Kept on disk only when the OS offers
 * real encryption: on Linux that means a keyring backend (libsecret, KWallet), never 'basic_text' (a fixed
 * password in Chromium's source) or 'unknown'. Otherwise everything stays in memory for this session.
 *
 * On disk: one JSON file, mode 0600, each value encrypted by safeStorage and stored as base64. Written
 * atomically (temp file, fsync, rename).
 */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only. */
  getSelectedStorageBackend?(): string;
}

export interface SafeStorageSecretStoreOptions {
  /** Electron's safeStorage; call after the app is ready (before that Linux reports no encryption). */
  readonly safeStorage: SafeStorageLike;
  readonly platform: NodeJS.Platform;
  /** The encrypted file, in the user-data folder. */
  readonly file: string;
  readonly notice?: (line: string) => void;
}

interface FileShape {
  readonly version: 1;
  readonly values: Record<string, string>;
}

const UNSAFE_LINUX_BACKENDS = new Set(['basic_text', 'unknown']);

/** Whether safeStorage offers encryption worth writing to disk on this platform. */
export function hasRealKeyring(safeStorage: SafeStorageLike, platform: NodeJS.Platform): boolean {
  try {
    if (!safeStorage.isEncryptionAvailable()) return false;
    if (platform !== 'linux') return true;
    const backend = safeStorage.getSelectedStorageBackend?.();
    return typeof backend === 'string' && !UNSAFE_LINUX_BACKENDS.has(backend);
  } catch {
    return false;
  }
}

function readFile(file: string): Record<string, string> {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<FileShape>;
    const values = parsed && typeof parsed.values === 'object' && parsed.values ? parsed.values : {};
    return Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string'));
  } catch {
    return {};
  }
}

function writeFile(file: string, values: Record<string, string>): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, 'w', 0o600);
  try {
    fs.writeFileSync(fd, JSON.stringify({ version: 1, values } satisfies FileShape));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

export function createSafeStorageSecretStore(opts: SafeStorageSecretStoreOptions): SecretStore {
  if (!hasRealKeyring(opts.safeStorage, opts.platform)) {
    (opts.notice ?? ((line: string) => log.warn(line)))(
      'No OS keyring with real encryption is available: connection keys and sign-ins are kept for this session only.',
    );
    return createMemorySecretStore();
  }
  const { safeStorage, file } = opts;
  let values = readFile(file);
  const plain = new Map<string, string>();
  return {
    persistence: 'encrypted',
    get(name) {
      const known = plain.get(name);
      if (known !== undefined) return known;
      const stored = values[name];
      if (stored === undefined) return undefined;
      try {
        const value = safeStorage.decryptString(Buffer.from(stored, 'base64'));
        plain.set(name, value);
        return value;
      } catch {
        log.warn(`A stored secret (${name}) could not be decrypted with the OS keyring; it must be entered again.`);
        return undefined;
      }
    },
    set(name, value) {
      const encrypted = safeStorage.encryptString(value).toString('base64');
      values = { ...readFile(file), [name]: encrypted };
      writeFile(file, values);
      plain.set(name, value);
    },
    delete(name) {
      plain.delete(name);
      const current = readFile(file);
      if (!(name in current)) {
        values = current;
        return;
      }
      delete current[name];
      values = current;
      writeFile(file, values);
    },
  };
}
