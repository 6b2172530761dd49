/**
 * Long writes to the cache file off main's thread. A replica's first load writes millions of rows and builds its
 * indexes for seconds; on main's thread that stalls every request in flight (and, with the embedded backend, the
 * gateway that answers them) and freezes the window meanwhile.
 *
 * Main records what a writer would do (the same code, called on a recorder standing in for the database: each
 * `prepare(sql).run(params)` and `exec(sql)` becomes an operation), and a worker thread with its own connection to
 * the file runs each batch of operations in one transaction (SECURITY.md D2). The SQL is written once; only where
 * it runs changes. An in-memory database (unit tests) cannot be shared with a thread, so there the operations run
 * on the caller's own connection, as they would without a thread.
 *
 * While the thread holds a write transaction, a write on main's connection waits for it (busy_timeout): batches are
 * kept to a fraction of a second; one long statement (an index build) holds writes, never reads.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import { log } from '../ground/log.js';
import { CACHE_PRAGMAS } from './database.js';

/**
 * One statement: a prepared one run with its parameters, or once per row of parameters (one copy of the SQL sent
 * to the thread for many rows), or a script run with exec.
 */
export type WriteOp =
  | { readonly sql: string; readonly params: readonly unknown[] }
  | { readonly sql: string; readonly rows: readonly (readonly unknown[])[] }
  | { readonly exec: string };

/**
 * A stand-in for the database that records what is done to it. Enough of better-sqlite3's surface for writers:
 * prepare(...).run(...), exec, and transaction(fn).immediate() (the ops of one batch already run in one
 * transaction, so a nested one adds nothing). Reads are not recorded: a writer that must read first reads on its
 * own connection.
 */
export function recorder(ops: WriteOp[]): Database.Database {
  const rec = {
    prepare: (sql: string) => ({ run: (...params: unknown[]) => void ops.push({ sql, params }) }),
    exec: (exec: string) => {
      ops.push({ exec });
      return rec;
    },
    transaction: (fn: (...a: unknown[]) => unknown) => Object.assign((...a: unknown[]) => fn(...a), { immediate: (...a: unknown[]) => fn(...a) }),
  };
  return rec as unknown as Database.Database;
}

/** What `fn` writes, as operations. */
export function record(fn: (db: Database.Database) => void): WriteOp[] {
  const ops: WriteOp[] = [];
  fn(recorder(ops));
  return ops;
}

/**
 * Runs recorded operations on a connection, in one immediate transaction. Self-contained (only its parameters and
 * built-ins, no named inner functions): the worker runs this function's own source text.
 */
function runOps(db: Database.Database, stmts: Map<string, Database.Statement>, ops: readonly WriteOp[]): void {
  db.transaction(() => {
    for (const op of ops) {
      if ('exec' in op) {
        db.exec(op.exec);
        continue;
      }
      let stmt = stmts.get(op.sql);
      if (!stmt) stmts.set(op.sql, (stmt = db.prepare(op.sql)));
      if ('rows' in op) for (const params of op.rows) stmt.run(...params);
      else stmt.run(...op.params);
    }
  }).immediate();
}

// The worker is CommonJS run from a string (as the speech worker): no separate file for the bundler to place.
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.betterSqlite3);
// Compilers that keep function names (tsx, for the benchmarks) may wrap functions in this helper.
const __name = (f) => f;
const runOps = ${runOps.toString()};
let db;
let failed;
const stmts = new Map();
parentPort.on('message', (m) => {
  try {
    if (m.close) { if (db) db.close(); db = undefined; }
    else if (failed) throw new Error(failed);
    const t0 = performance.now();
    if (!m.close) runOps(db, stmts, m.ops);
    parentPort.postMessage({ id: m.id, ms: performance.now() - t0 });
  } catch (e) {
    // Nothing after a failed batch is written: the work ends with the first failure.
    failed = failed || String((e && e.message) || e);
    parentPort.postMessage({ id: m.id, error: failed });
  }
});
try {
  db = new Database(workerData.file, { fileMustExist: true });
  for (const [k, v] of workerData.pragmas) db.pragma(k + ' = ' + v);
  parentPort.postMessage({ ready: true });
} catch (e) {
  parentPort.postMessage({ ready: false, error: String((e && e.message) || e) });
}
`;

export interface WriterThread {
  /** Whether the writes run on a worker thread. */
  readonly threaded: boolean;
  /** Milliseconds SQLite has spent on this writer's batches so far. */
  readonly busyMs: number;
  /**
   * Queues a batch (one transaction); `transfer` lists buffers its parameters own, moved to the thread without a
   * copy. Resolves once the writer has room for more; rejects with the first failure.
   */
  send(ops: readonly WriteOp[], transfer?: readonly ArrayBuffer[]): Promise<void>;
  /** Runs `fn`'s writes (recorded) after every batch queued, in one transaction; resolves when committed. */
  run(fn: (db: Database.Database) => void): Promise<void>;
  /** Waits for every batch; rejects with the first that failed. */
  drain(): Promise<void>;
  /** Drains and lets the thread go. Safe to call after a failure. */
  close(): Promise<void>;
}

export interface WriterThreadOptions {
  /** SQLite's page cache for the writes (negative: KiB), given back when the writer closes. */
  readonly cacheKib?: number;
  /** How log lines name the work, e.g. "Replica sync". */
  readonly label: string;
}

/** The writes on the caller's own connection (an in-memory database, or no thread available). */
function onConnection(db: Database.Database, cacheKib: number | undefined): WriterThread {
  const stmts = new Map<string, Database.Statement>();
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  if (cacheKib !== undefined) db.pragma(`cache_size = ${cacheKib}`);
  let busyMs = 0;
  const timed = (ops: readonly WriteOp[]) => {
    const t0 = performance.now();
    runOps(db, stmts, ops);
    busyMs += performance.now() - t0;
  };
  return {
    threaded: false,
    get busyMs() {
      return Math.round(busyMs);
    },
    send: async (ops) => timed(ops),
    run: async (fn) => timed(record(fn)),
    drain: async () => undefined,
    close: async () => {
      if (cacheKib !== undefined && db.open) db.pragma(`cache_size = ${Math.trunc(cacheSize)}`);
    },
  };
}

type Reply = { id?: number; ready?: boolean; error?: string; ms?: number };

/** How long a thread's write waits for the file's lock before failing (main's connection: 5 s). */
const THREAD_BUSY_TIMEOUT_MS = 60_000;
/** At most this many batches wait for the thread: enough to keep it busy, little memory held. */
const QUEUED_BATCHES = 2;

async function onThread(file: string, cacheKib: number | undefined): Promise<WriterThread> {
  const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3');
  // A thread waits longer than main for the lock (another writer's index build): it holds up no window.
  const pragmas = [
    ...Object.entries({ ...CACHE_PRAGMAS, busy_timeout: THREAD_BUSY_TIMEOUT_MS }).filter(([k]) => k !== 'journal_mode'),
    ...(cacheKib === undefined ? [] : [['cache_size', cacheKib]]),
  ];
  const worker = new Worker(WORKER_CODE, { eval: true, workerData: { betterSqlite3, file, pragmas } });
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  let failure: Error | undefined;
  let nextId = 1;
  let busyMs = 0;
  const fail = (e: Error) => {
    failure ??= e;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (m: Reply) => (m.ready ? resolve() : reject(new Error(m.error ?? 'The writer thread did not start'))));
    worker.once('error', reject);
  });
  worker.on('message', (m: Reply) => {
    busyMs += m.ms ?? 0;
    const w = m.id === undefined ? undefined : waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id!);
    if (m.error) {
      fail(new Error(m.error));
      w.reject(failure!);
    } else w.resolve();
  });
  worker.on('error', (e) => fail(e));
  worker.on('exit', (code) => fail(new Error(`The writer thread stopped (${code})`)));

  const post = (msg: { ops?: readonly WriteOp[]; close?: true }, transfer: readonly ArrayBuffer[] = []): Promise<void> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    const done = new Promise<void>((resolve, reject) => waiting.set(id, { resolve, reject }));
    worker.postMessage({ id, ...msg }, [...transfer]);
    return done;
  };
  const inFlight: Promise<void>[] = [];
  const drain = async () => {
    await Promise.allSettled([...inFlight]);
    if (failure) throw failure;
  };
  let closed = false;

  return {
    threaded: true,
    get busyMs() {
      return Math.round(busyMs);
    },
    async send(ops, transfer = []) {
      const p = post({ ops }, transfer);
      inFlight.push(p);
      // Failures surface through drain() and the next send; no unhandled rejection meanwhile.
      void p.catch(() => undefined).finally(() => inFlight.splice(inFlight.indexOf(p), 1));
      while (inFlight.length > QUEUED_BATCHES) await Promise.race(inFlight).catch(() => undefined);
      if (failure) throw failure;
    },
    async run(fn) {
      const ops = record(fn);
      await drain();
      await post({ ops });
    },
    drain,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...inFlight]);
      if (!failure) await post({ close: true }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/**
 * A writer for `db`'s file: a worker thread with its own connection, or, for an in-memory database or when the
 * thread cannot start (logged), `db` itself.
 */
export async function openWriterThread(db: Database.Database, opts: WriterThreadOptions): Promise<WriterThread> {
  const file = db.name;
  if (!file || file === ':memory:' || db.memory) return onConnection(db, opts.cacheKib);
  try {
    return await onThread(file, opts.cacheKib);
  } catch (err) {
    log.warn(`${opts.label} writes on main's thread: the writer thread did not start (${err instanceof Error ? err.message : String(err)}).`);
    return onConnection(db, opts.cacheKib);
  }
}
