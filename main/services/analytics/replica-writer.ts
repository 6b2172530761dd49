/**
 * The writes of a sync's pull, run off main's thread. At millions of rows SQLite is busy for tens of seconds
 * writing pages and then rebuilding the aggregates; on main's thread that stalls every request in flight (and,
 * with the embedded backend, the gateway that answers them) and freezes the window meanwhile.
 *
 * Main records what the replica store would do (the same writers of tables.ts and json-writers.ts, called on a
 * recorder standing in for the database: each `prepare(sql).run(params)` and `exec(sql)` becomes an operation),
 * and a worker thread with its own connection to the cache file runs each batch of operations in one
 * transaction. The SQL is written once; only where it runs changes. An in-memory database (unit tests) cannot
 * be shared with a thread, so there the operations run on the store's own connection, as before.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import { CACHE_PRAGMAS } from '../../cache/database.js';
import { log } from '../../core/log.js';
import type { JsonText } from './json-writers.js';
import type { Page, ReplicaStore } from './replica-store.js';

/** One statement: a prepared one run with its parameters, or a script run with exec. */
export type WriteOp = { readonly sql: string; readonly params: readonly unknown[] } | { readonly exec: string };

/**
 * A stand-in for the database that records what is done to it. Enough of better-sqlite3's surface for the
 * replica's writers: prepare(...).run(...), exec, and transaction(fn).immediate() (the ops of one batch already
 * run in one transaction, so a nested one adds nothing).
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

/**
 * Runs recorded operations on a connection, in one immediate transaction (SECURITY.md D2). Self-contained (only
 * its parameters and built-ins, no named inner functions): the worker runs this function's own source text.
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
      stmt.run(...op.params);
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
    // Nothing after a failed batch is written: the sync ends with the first failure.
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

export interface ReplicaWriter {
  /** Writes pages (of any tables) in one transaction. Resolves once the writer has room for more. */
  write(pages: readonly Page[]): Promise<void>;
  /** Runs `fn`'s writes (recorded) after everything written so far, in one transaction; resolves when committed. */
  run(fn: (db: Database.Database) => void): Promise<void>;
  /** Waits for every write; rejects with the first that failed. */
  drain(): Promise<void>;
  /** Drains and lets the worker go. Safe to call after a failure. */
  close(): Promise<void>;
  /** Whether writes run on a worker thread (the benchmark prints it). */
  readonly threaded: boolean;
  /** Milliseconds SQLite has spent on this writer's batches so far. */
  readonly busyMs: number;
}

/** Records a batch of pages as the store's writers would write them. */
function recordPages(store: ReplicaStore, pages: readonly Page[]): { ops: WriteOp[]; transfer: ArrayBuffer[] } {
  const ops: WriteOp[] = [];
  const db = recorder(ops);
  const transfer: ArrayBuffer[] = [];
  for (const p of pages) {
    const json: JsonText = p.json;
    // A page's bytes move to the worker without a copy when they own their whole buffer.
    if (typeof json !== 'string' && json.byteOffset === 0 && json.byteLength === json.buffer.byteLength && json.buffer instanceof ArrayBuffer) transfer.push(json.buffer);
    store.recordPage(db, p);
  }
  return { ops, transfer };
}

/** The pull's writes on the store's own connection (an in-memory database, or no worker available). */
function inProcessWriter(store: ReplicaStore, cacheKib: number): ReplicaWriter {
  const stmts = new Map<string, Database.Statement>();
  const cacheSize = store.db.pragma('cache_size', { simple: true }) as number;
  store.db.pragma(`cache_size = ${cacheKib}`);
  let busyMs = 0;
  const timed = (ops: readonly WriteOp[]) => {
    const t0 = performance.now();
    runOps(store.db, stmts, ops);
    busyMs += performance.now() - t0;
  };
  return {
    threaded: false,
    get busyMs() {
      return Math.round(busyMs);
    },
    write: async (pages) => timed(recordPages(store, pages).ops),
    run: async (fn) => {
      const ops: WriteOp[] = [];
      fn(recorder(ops));
      timed(ops);
    },
    drain: async () => undefined,
    close: async () => {
      if (store.db.open) store.db.pragma(`cache_size = ${Math.trunc(cacheSize)}`);
    },
  };
}

type Reply = { id?: number; ready?: boolean; error?: string; ms?: number };

/** At most this many batches wait for the worker: enough to keep it busy, little memory held. */
const QUEUED_BATCHES = 2;

async function workerWriter(store: ReplicaStore, file: string, cacheKib: number): Promise<ReplicaWriter> {
  const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3');
  const pragmas = [...Object.entries(CACHE_PRAGMAS).filter(([k]) => k !== 'journal_mode'), ['cache_size', cacheKib]];
  const worker = new Worker(WORKER_CODE, { eval: true, workerData: { betterSqlite3, file, pragmas } });
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  let failure: Error | undefined;
  let nextId = 1;
  const fail = (e: Error) => {
    failure ??= e;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (m: Reply) => (m.ready ? resolve() : reject(new Error(m.error ?? 'The replica writer did not start'))));
    worker.once('error', reject);
  });
  let busyMs = 0;
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
  worker.on('exit', (code) => fail(new Error(`The replica writer stopped (${code})`)));
  let closed = false;

  const send = (msg: { ops?: readonly WriteOp[]; close?: true }, transfer: ArrayBuffer[] = []): Promise<void> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    const done = new Promise<void>((resolve, reject) => waiting.set(id, { resolve, reject }));
    worker.postMessage({ id, ...msg }, transfer);
    return done;
  };
  const inFlight: Promise<void>[] = [];
  const track = (p: Promise<void>) => {
    inFlight.push(p);
    // Failures surface through drain() and the next write; no unhandled rejection meanwhile.
    p.catch(() => undefined).finally(() => inFlight.splice(inFlight.indexOf(p), 1));
  };
  const room = async () => {
    while (inFlight.length > QUEUED_BATCHES) await Promise.race(inFlight).catch(() => undefined);
    if (failure) throw failure;
  };
  const drain = async () => {
    await Promise.allSettled([...inFlight]);
    if (failure) throw failure;
  };

  return {
    threaded: true,
    get busyMs() {
      return Math.round(busyMs);
    },
    async write(pages) {
      const { ops, transfer } = recordPages(store, pages);
      track(send({ ops }, transfer));
      await room();
    },
    async run(fn) {
      const ops: WriteOp[] = [];
      fn(recorder(ops));
      await drain();
      await send({ ops });
    },
    drain,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...inFlight]);
      if (!failure) await send({ close: true }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/**
 * The writer for a sync of `store`: a worker thread on the store's cache file, or, for an in-memory database
 * or when the worker cannot start (logged), the store's own connection.
 */
export async function openReplicaWriter(store: ReplicaStore, cacheKib: number): Promise<ReplicaWriter> {
  const file = store.db.name;
  if (!file || file === ':memory:' || store.db.memory) return inProcessWriter(store, cacheKib);
  try {
    return await workerWriter(store, file, cacheKib);
  } catch (err) {
    log.warn(`Replica sync writes on main's thread: the writer thread did not start (${err instanceof Error ? err.message : String(err)}).`);
    return inProcessWriter(store, cacheKib);
  }
}
