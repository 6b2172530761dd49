import path from 'node:path';
import pg from 'pg';
import { boot, type Booted } from '../../main/boot.js';
import type { EmbeddedBackend } from '../../main/core/embedded-handle.js';
import { createMemorySecretStore } from '../../main/core/memory-secret-store.js';
import { createJsonProfileStore } from '../../main/core/json-profile-store.js';
import { openCacheDatabase } from '../../main/cache/database.js';
import type { LocalBackend } from '../../main/local-backend/stack.js';
import { outboxDirOf } from '../../main/local-backend/process/mail-sink.js';
import type { Result } from '../../shared/contract/index.js';
import type { SharedBackend } from './shared-backend.js';
import { backendTempDir, removeBackendTempDir } from './temp-dir.js';

export const DEMO_PASSWORD = 'reflect-demo';
export const ADMIN_EMAIL = 'admin@reflect.local';
export const MEMBER_EMAIL = 'member@reflect.local';

/**
 * An embedded-backend handle over a backend that is already running (the suite's shared one). `overLink`: its URL
 * is a simulated link's, so the app asks for compressed answers as it does of a hosted project.
 */
export function sharedEmbedded(backend: SharedBackend, overLink = false): EmbeddedBackend {
  const running = { ...backend, outboxDir: outboxDirOf(backend.dataDir), timings: {}, stop: async () => undefined } as unknown as LocalBackend;
  return {
    start: async () => running,
    stop: async () => undefined,
    running: () => running,
    credentials: async () => ({ url: backend.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceRoleKey, onThisComputer: !overLink }),
    generation: () => 1,
    outboxDir: () => outboxDirOf(backend.dataDir),
  };
}

export interface TestApp extends Booted {
  readonly dataDir: string;
  /** Calls an operation and returns its Result. */
  call<T = unknown>(name: string, input?: unknown): Promise<Result<T>>;
  /** Calls an operation that must succeed and returns its data. */
  data<T = unknown>(name: string, input?: unknown): Promise<T>;
  signIn(email?: string, password?: string): Promise<void>;
  close(): Promise<void>;
}

/** main's services and router booted against the shared backend, with a throwaway data folder. */
export function bootTestApp(backend: SharedBackend, opts: { readonly overLink?: boolean } = {}): TestApp {
  const dataDir = backendTempDir('reflect-app-');
  const booted = boot({
    mode: 'browser',
    version: 'test',
    dataDir,
    profileStore: createJsonProfileStore(path.join(dataDir, 'profiles.json')),
    secrets: createMemorySecretStore(),
    openCache: (file) => openCacheDatabase(file),
    embedded: sharedEmbedded(backend, opts.overLink),
  });
  const call = <T>(name: string, input: unknown = {}) => booted.router.call(name, input) as Promise<Result<T>>;
  return {
    ...booted,
    dataDir,
    call,
    async data<T>(name: string, input: unknown = {}) {
      const r = await call<T>(name, input);
      if (!r.ok) throw new Error(`${name} failed: ${r.code} ${r.message}`);
      return r.data;
    },
    async signIn(email = ADMIN_EMAIL, password = DEMO_PASSWORD) {
      const r = await call('auth.signIn', { email, password });
      if (!r.ok) throw new Error(`sign-in failed: ${r.message}`);
    },
    async close() {
      await booted.shutdown();
      removeBackendTempDir(dataDir);
    },
  };
}

/** Runs SQL against the backend's database (ground truth for figures). */
export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(backend: SharedBackend, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: backend.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}
