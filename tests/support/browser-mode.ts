import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { backendTempDir, removeBackendTempDir } from './temp-dir.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');
// REFLECT_DIST: the build folder under test (dist by default), so parallel runs can keep separate builds.
const ENTRY = path.join(ROOT, process.env.REFLECT_DIST ?? 'dist', 'main/web.js');

export interface BrowserMode {
  /** The printed address, with #token=... */
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  readonly dataDir: string;
  readonly output: () => string;
  /** Calls a test hook of browser mode (REFLECT_TEST_HOOKS=1): backend-stop, backend-start, backend-info. */
  hook<T = unknown>(name: string): Promise<T>;
  /** Calls an operation of the router over HTTP, as the renderer does. */
  /** options: the call options (CallOptions), sent as browser mode's client sends them. */
  op<T = unknown>(name: string, input?: unknown, options?: unknown): Promise<{ ok: boolean; data?: T; code?: string; message?: string; confirmName?: string }>;
  stop(): Promise<void>;
}

export interface BrowserModeOptions {
  readonly fresh?: boolean;
  readonly dataDir?: string;
  readonly env?: Record<string, string>;
  readonly args?: readonly string[];
}

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(t);
      resolve(true);
    });
  });
}

/**
 * Every browser mode still running, killed when the test process exits: a suite whose setup failed half way
 * (Chromium missing, say) never gets its handle, and its server must not outlive the run. SIGKILL is enough: the
 * servers' guards stop PostgreSQL and PostgREST when browser mode's pipes close.
 */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** The seeded backend the e2e setup built (tests/e2e/global-setup.ts), copied by a fresh start; none elsewhere. */
function templateEnv(): Record<string, string> {
  try {
    const dir = inject('backendTemplate');
    return dir ? { REFLECT_BACKEND_TEMPLATE: dir } : {};
  } catch {
    return {};
  }
}

/** Starts `node dist/main/web.js` (the built browser mode) on a random port with its own data folder. */
export async function startBrowserMode(opts: BrowserModeOptions = {}): Promise<BrowserMode> {
  if (!fs.existsSync(ENTRY)) throw new Error('dist/main/web.js is missing: run `npm run build` before the end-to-end tests.');
  const dataDir = opts.dataDir ?? backendTempDir('reflect-e2e-');
  const ownsDir = !opts.dataDir;
  const child = spawn(process.execPath, [ENTRY, '--port', '0', '--data-dir', dataDir, ...(opts.fresh === false ? [] : ['--fresh']), ...(opts.args ?? [])], {
    cwd: ROOT,
    // Suites sign in many times: hosted rate limits are off unless a test sets REFLECT_AUTH_RATE_LIMITS itself.
    env: { ...process.env, REFLECT_TEST_HOOKS: '1', REFLECT_AUTH_RATE_LIMITS: 'off', ...templateEnv(), ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser mode did not start in 90 s:\n${out}`)), 90_000);
    const check = () => {
      const m = /Reflect Admin: (http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`browser mode exited (${code}):\n${out}`));
    });
  }).catch((e: unknown) => {
    child.kill('SIGKILL');
    throw e;
  });
  const parsed = new URL(url);
  const token = parsed.hash.replace('#token=', '');
  let stopped: Promise<void> | undefined;
  return {
    url,
    origin: parsed.origin,
    token,
    dataDir,
    output: () => out,
    async hook<T>(name: string): Promise<T> {
      const res = await fetch(`${parsed.origin}/__test/${name}`, { method: 'POST', headers: { 'x-reflect-token': token } });
      if (!res.ok) throw new Error(`hook ${name}: HTTP ${res.status}`);
      return (await res.json()) as T;
    },
    async op<T>(name: string, input: unknown = {}, options?: unknown) {
      const extra: Record<string, string> = options === undefined ? {} : { 'x-reflect-call-options': encodeURIComponent(JSON.stringify(options)) };
      const res = await fetch(`${parsed.origin}/api/op/${name}`, {
        method: 'POST',
        headers: { 'x-reflect-token': token, 'content-type': 'application/json', ...extra },
        body: JSON.stringify(input),
      });
      return (await res.json()) as { ok: boolean; data?: T; code?: string; message?: string };
    },
    stop: () =>
      (stopped ??= (async () => {
        child.kill('SIGTERM');
        if (!(await waitExit(child, 30_000))) {
          child.kill('SIGKILL');
          await waitExit(child, 5_000);
        }
        if (ownsDir) removeBackendTempDir(dataDir);
      })()),
  };
}
