/**
 * What the benchmarks share (bench-feedback, bench-affiliates, bench-campaigns): a seeded embedded backend with
 * main's router booted against it and signed in as the demo admin, timing, the "equal to SQL" verdicts, and the load
 * average to read the times by (the machine is shared).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalBackend, type LocalBackend, type LocalBackendOptions } from '../../main/local-backend/stack.js';
import { bootTestApp, type TestApp } from '../../tests/support/booted.js';
import { backendTempDir, removeBackendTempDir } from '../../tests/support/temp-dir.js';

export interface BenchBackend {
  readonly backend: LocalBackend;
  readonly app: TestApp;
  readonly dataDir: string;
}

/** `--users N --data-dir DIR`: the dataset's size, and a seeded backend folder to reuse (none: a fresh temp one). */
export function benchArgs(defaultUsers: number, flags: readonly string[] = []): { users: number; dataDir: string | undefined; flags: Set<string> } {
  const options = { users: { type: 'string', default: String(defaultUsers) }, 'data-dir': { type: 'string' } } as const;
  const { values } = parseArgs({ options: { ...options, ...Object.fromEntries(flags.map((f) => [f, { type: 'boolean' as const }])) } });
  const all = values as Record<string, unknown>;
  return { users: Number(values.users), dataDir: values['data-dir'], flags: new Set(flags.filter((f) => all[f] === true)) };
}

/**
 * Seeds (or, given a seeded `dataDir`, restarts) an embedded backend, boots main's router on it signed in as the
 * demo admin, runs `body`, and stops both; a temp folder of its own is removed with its lock.
 */
export async function withBenchBackend(
  opts: { readonly title: string; readonly tempPrefix: string; readonly dataDir?: string | undefined; readonly seed: NonNullable<LocalBackendOptions['seed']> },
  body: (b: BenchBackend) => Promise<void>,
): Promise<void> {
  const dataDir = opts.dataDir ?? backendTempDir(opts.tempPrefix);
  const reuse = opts.dataDir !== undefined && fs.existsSync(path.join(dataDir, 'pgdata'));
  console.log(`${opts.title}, data in ${dataDir}${reuse ? ' (reused)' : ''}`);
  const t = performance.now();
  const backend = await startLocalBackend({ dataDir, fresh: !reuse, seed: opts.seed });
  let app: TestApp | undefined;
  try {
    console.log(`  backend ${reuse ? 'started' : 'seeded'} in ${Math.round(performance.now() - t).toLocaleString('en-US')} ms`);
    app = bootTestApp({ url: backend.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceRoleKey, databaseUrl: backend.databaseUrl, dataDir });
    await app.signIn();
    await body({ backend, app, dataDir });
  } finally {
    await app?.close();
    await backend.stop();
    if (!opts.dataDir) removeBackendTempDir(dataDir);
  }
}

export interface Timing<T> {
  readonly out: T;
  /** The first run (cold caches), not counted in the median. */
  readonly first: number;
  readonly median: number;
  readonly worst: number;
}

/** Runs `fn` once, then `runs` times more: the first time, and the median and slowest of the others, in ms. */
export async function timed<T>(fn: () => Promise<T>, runs = 5): Promise<Timing<T>> {
  let t = performance.now();
  let out = await fn();
  const first = performance.now() - t;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    out = await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { out, first, median: times[times.length >> 1] ?? first, worst: times[times.length - 1] ?? first };
}

/** Verdicts against ground truth that remember a miss, for the script's exit code. */
export class Checks {
  failed = false;

  /** 'equal to SQL', or 'DIFFERENT from SQL' (and the run fails). */
  equal(ok: boolean, truth = 'SQL'): string {
    if (!ok) this.failed = true;
    return ok ? `equal to ${truth}` : `DIFFERENT from ${truth}`;
  }

  /** Within the target (ms), or 'MISSED' (and the run fails). */
  within(ms: number, target: number): string {
    const ok = ms < target;
    if (!ok) this.failed = true;
    return ok ? 'ok' : 'MISSED';
  }
}

export const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')} (${os.cpus().length} cores)`;

/** Runs a benchmark's main, printing a failure and setting the exit code. */
export function runBench(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
