/**
 * The audit export's reading and formatting, off main's thread (issue 26 item 6). Formatting 300,000 entries in
 * one go on main held its event loop for about 12 s, during which the app answered nothing. A worker thread opens
 * its own read-only connection to the audit file, runs the export's query (one statement, so one consistent
 * snapshot: entries appended meanwhile are not included) and formats the rows as CSV text a page at a time, when
 * main asks for the next page: main only writes pages to the file, and at most two pages are held at once.
 *
 * The worker runs the rule's own source text (csvKit, auditCsvCells, formatPage: self-contained functions), so
 * the file is formatted exactly as on main. An in-memory database cannot be shared with a thread; there, and if
 * the thread cannot start (logged), the pages are formatted on main, one per turn of the event loop.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import { log } from '../ground/log.js';
import { csvKit } from '../../shared/rules/common/csv.js';
import { auditCsvCells } from '../../shared/rules/audit/csv.js';

/** Rows per page: a few hundred KB of text, a few milliseconds of formatting. */
export const AUDIT_PAGE_ROWS = 2000;

export interface CsvPage {
  readonly text: string;
  readonly rows: number;
  /** No rows follow this page. */
  readonly done: boolean;
}

export interface CsvPages {
  /** Whether the pages are formatted on a worker thread. */
  readonly threaded: boolean;
  /** The next page; one request at a time. */
  next(): Promise<CsvPage>;
  /** Ends the query and lets the thread go. Safe to call twice. */
  close(): Promise<void>;
}

/** Formats up to `max` rows of the iterator. Self-contained (only its parameters and built-ins): the worker runs its source. */
function formatPage(
  rows: Iterator<(string | number | null)[]>,
  max: number,
  line: (cells: string[]) => string,
  cellsOf: (values: (string | number | null)[]) => string[],
): CsvPage {
  const lines: string[] = [];
  let done = false;
  while (lines.length < max) {
    const r = rows.next();
    if (r.done) {
      done = true;
      break;
    }
    lines.push(line(cellsOf(r.value)) + '\r\n');
  }
  return { text: lines.join(''), rows: lines.length, done };
}

// CommonJS run from a string (as the cache's writer thread): no separate file for the bundler to place.
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.betterSqlite3);
// Compilers that keep function names (tsx, for tests and benchmarks) may wrap functions in this helper.
const __name = (f) => f;
const kit = (${csvKit.toString()})();
const cellsOf = ${auditCsvCells.toString()};
const formatPage = ${formatPage.toString()};
let db;
let rows;
parentPort.on('message', (m) => {
  try {
    if (m.close) {
      if (rows && rows.return) rows.return();
      if (db) db.close();
      db = undefined;
      parentPort.postMessage({ id: m.id, closed: true });
      return;
    }
    parentPort.postMessage({ id: m.id, page: formatPage(rows, m.rows, kit.csvLine, cellsOf) });
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: String((e && e.message) || e) });
  }
});
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  rows = db.prepare(workerData.sql).raw(true).iterate(...workerData.params);
  parentPort.postMessage({ ready: true });
} catch (e) {
  parentPort.postMessage({ ready: false, error: String((e && e.message) || e) });
}
`;

type Reply = { id?: number; ready?: boolean; error?: string; page?: CsvPage; closed?: true };

function onMain(db: Database.Database, sql: string, params: readonly unknown[], pageRows: number): CsvPages {
  const line = csvKit().csvLine;
  const rows = db
    .prepare(sql)
    .raw(true)
    .iterate(...params) as IterableIterator<(string | number | null)[]>;
  return {
    threaded: false,
    async next() {
      // One page per turn of the event loop: other calls are answered between pages.
      await new Promise((r) => setImmediate(r));
      return formatPage(rows, pageRows, line, auditCsvCells);
    },
    async close() {
      rows.return?.();
    },
  };
}

async function onThread(file: string, sql: string, params: readonly unknown[], pageRows: number): Promise<CsvPages> {
  const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_CODE, { eval: true, workerData: { betterSqlite3, file, sql, params } });
  const waiting = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let failure: Error | undefined;
  const fail = (e: Error) => {
    failure ??= e;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (m: Reply) => (m.ready ? resolve() : reject(new Error(m.error ?? 'The export thread did not start'))));
      worker.once('error', reject);
    });
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  worker.on('message', (m: Reply) => {
    const w = m.id === undefined ? undefined : waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id!);
    if (m.error) w.reject(new Error(m.error));
    else w.resolve(m);
  });
  worker.on('error', (e) => fail(e));
  worker.on('exit', (code) => fail(new Error(`The export thread stopped (${code})`)));
  const ask = (msg: { rows?: number; close?: true }): Promise<Reply> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    const reply = new Promise<Reply>((resolve, reject) => waiting.set(id, { resolve, reject }));
    worker.postMessage({ id, ...msg });
    return reply;
  };
  let closed = false;
  return {
    threaded: true,
    async next() {
      return (await ask({ rows: pageRows })).page!;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (!failure) await ask({ close: true }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/** The CSV pages of `sql`'s rows (values in AUDIT_CSV_SOURCE order) over `db`'s file, formatted off main's thread. */
export async function openAuditCsvPages(db: Database.Database, sql: string, params: readonly unknown[], pageRows = AUDIT_PAGE_ROWS): Promise<CsvPages> {
  if (db.memory || !db.name || db.name === ':memory:') return onMain(db, sql, params, pageRows);
  try {
    return await onThread(db.name, sql, params, pageRows);
  } catch (err) {
    log.warn(`The audit export formats on main's thread: the export thread did not start (${err instanceof Error ? err.message : String(err)}).`);
    return onMain(db, sql, params, pageRows);
  }
}
