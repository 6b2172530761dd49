import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSafeStorageSecretStore, hasRealKeyring, type SafeStorageLike } from '../../main/app/secret-store.js';
import { setLogSink } from '../../main/ground/log.js';

const logged: string[] = [];
beforeAll(() => setLogSink((_level, line) => void logged.push(line)));

const SECRET = 'eyJhbGciOiJIUzI1NiJ9.service-role-key-for-test.c2lnbmF0dXJl';

/** A stand-in for safeStorage: XOR with a key plus a prefix, enough to prove the plaintext never reaches the file. */
function fakeSafeStorage(opts: { available: boolean; backend?: string }): SafeStorageLike {
  const mask = (b: Buffer) => Buffer.from(b.map((x, i) => x ^ (0x5a + (i % 7))));
  return {
    isEncryptionAvailable: () => opts.available,
    getSelectedStorageBackend: () => opts.backend ?? 'unknown',
    encryptString: vi.fn((plain: string) => Buffer.concat([Buffer.from('v11'), mask(Buffer.from(plain, 'utf8'))])),
    decryptString: vi.fn((enc: Buffer) => {
      if (enc.subarray(0, 3).toString() !== 'v11') throw new Error('not ours');
      return mask(enc.subarray(3)).toString('utf8');
    }),
  };
}

const dirs: string[] = [];
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-secrets-'));
  dirs.push(dir);
  return path.join(dir, 'user-data', 'secrets.json');
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

// K2: keys on disk only through safeStorage with a real keyring; otherwise for this session only.
describe('safeStorage secret store (K2)', () => {
  it('with a real keyring (gnome_libsecret) keeps values encrypted on disk', () => {
    const file = tempFile();
    const safeStorage = fakeSafeStorage({ available: true, backend: 'gnome_libsecret' });
    const store = createSafeStorageSecretStore({ safeStorage, platform: 'linux', file, notice: vi.fn() });
    expect(store.persistence).toBe('encrypted');
    store.set('profile:p1:service', SECRET);
    const bytes = fs.readFileSync(file);
    expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
    expect(bytes.includes(Buffer.from('service-role-key'))).toBe(false);
    expect(bytes.includes(Buffer.from(Buffer.from(SECRET).toString('base64')))).toBe(false);
    expect(safeStorage.encryptString).toHaveBeenCalledWith(SECRET);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o077).toBe(0);

    // a new process (a new store over the same file) reads it back through safeStorage
    const again = createSafeStorageSecretStore({ safeStorage, platform: 'linux', file, notice: vi.fn() });
    expect(again.get('profile:p1:service')).toBe(SECRET);
    again.delete('profile:p1:service');
    expect(createSafeStorageSecretStore({ safeStorage, platform: 'linux', file }).get('profile:p1:service')).toBeUndefined();
  });

  it.each([
    ['linux, basic_text', { available: true, backend: 'basic_text' }, 'linux'],
    ['linux, unknown backend', { available: true, backend: 'unknown' }, 'linux'],
    ['linux, no encryption', { available: false, backend: 'gnome_libsecret' }, 'linux'],
    ['windows, no encryption', { available: false }, 'win32'],
  ] as const)('with %s writes nothing to disk and keeps secrets for the session', (_label, fake, platform) => {
    const file = tempFile();
    const notice = vi.fn();
    const safeStorage = fakeSafeStorage(fake);
    const store = createSafeStorageSecretStore({ safeStorage, platform, file, notice });
    expect(store.persistence).toBe('session');
    store.set('profile:p1:service', SECRET);
    expect(store.get('profile:p1:service')).toBe(SECRET);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(path.dirname(file))).toBe(false);
    expect(safeStorage.encryptString).not.toHaveBeenCalled();
    expect(notice).toHaveBeenCalledTimes(1);
    expect(String(notice.mock.calls[0]?.[0])).not.toContain(SECRET);
  });

  it('trusts encryption on macOS and Windows without a backend name', () => {
    expect(hasRealKeyring({ ...fakeSafeStorage({ available: true }), getSelectedStorageBackend: undefined }, 'darwin')).toBe(true);
    expect(hasRealKeyring(fakeSafeStorage({ available: true }), 'win32')).toBe(true);
    expect(hasRealKeyring(fakeSafeStorage({ available: true, backend: 'kwallet6' }), 'linux')).toBe(true);
    expect(hasRealKeyring({ ...fakeSafeStorage({ available: true }), getSelectedStorageBackend: undefined }, 'linux')).toBe(false);
    const throwing = {
      ...fakeSafeStorage({ available: true }),
      isEncryptionAvailable: () => {
        throw new Error('not ready');
      },
    };
    expect(hasRealKeyring(throwing, 'darwin')).toBe(false);
  });

  it('treats a value the keyring cannot decrypt as missing', () => {
    const file = tempFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ version: 1, values: { 'profile:p1:service': Buffer.from('garbage').toString('base64') } }));
    const store = createSafeStorageSecretStore({ safeStorage: fakeSafeStorage({ available: true }), platform: 'darwin', file });
    expect(store.get('profile:p1:service')).toBeUndefined();
    expect(logged.some((l) => l.includes('could not be decrypted'))).toBe(true);
  });
});
