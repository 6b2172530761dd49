/**
 * The per-profile SQLite cache of main, `<userData>/profiles/<id>/cache.sqlite`. It holds read results kept
 * for offline review (kept_reads: per user, operation and input, with the time they were fetched) and, later,
 * the analytics replica. Everything in it can be fetched again from the backend; that shapes the choices:
 *
 * - journal_mode = WAL: a commit appends to the -wal file and readers never block the writer; a crash at any
 *   moment leaves the last committed state (SECURITY.md D1, D2).
 * - synchronous = NORMAL: in WAL mode NORMAL syncs at checkpoints instead of at every commit. A power loss or
 *   OS crash may lose the last few transactions but never corrupts the file; a crash of the app loses
 *   nothing committed. Losing the newest kept reads only costs a refetch, which is cheaper than an fsync per
 *   put (FULL).
 * - foreign_keys = ON: off by default in SQLite; on so that tables added later have their references kept.
 * - busy_timeout = 5000: wait up to 5 s for a lock (another connection, a checkpoint) instead of failing.
 *
 * On open, quick_check runs first, read-only (a file can open and answer simple queries while pages in the
 * middle are garbage). A file that fails it, or cannot be read as a database at all, is set aside with its
 * -wal and -shm (set-aside.ts) and a fresh cache takes its place (SECURITY.md D3); it refills as reads are
 * fetched again. quick_check rather than integrity_check: it skips index-content checks, so it stays fast.
 *
 * openSqliteFile holds that open/inspect/set-aside logic once, parametrised by a SqliteFileSpec (migrations,
 * pragmas, how many set-aside sets to keep), so the audit log's own file (main/audit/database.ts) opens the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { log as mainLog } from '../ground/log.js';
import { CACHE_MIGRATIONS, migrate, NewerSchemaError, type Migration } from './migrations.js';
import { createReadCache } from './read-cache.js';
import { KEEP_SET_ASIDE, setAside } from './set-aside.js';
import type { CacheDatabase } from './types.js';

/** The pragmas set on open, as `pragma <name>` reads them back (synchronous 1 = NORMAL). */
export const CACHE_PRAGMAS = {
  busy_timeout: 5000,
  journal_mode: 'wal',
  synchronous: 1,
  foreign_keys: 1,
} as const;

/** What differs between the SQLite files main keeps per profile (the cache, the audit log). */
export interface SqliteFileSpec {
  /** How log lines name the file, e.g. "local cache". */
  readonly label: string;
  readonly migrations: readonly Migration[];
  /** Set in order on every open; read back by `pragma <name>` as given here. busy_timeout first. */
  readonly pragmas: Readonly<Record<string, string | number>>;
  /** Set-aside sets kept beside the file (Infinity: never pruned). */
  readonly keepSetAside: number;
  /** The page size of a file created here (SQLite's default otherwise; an existing file keeps its own). */
  readonly newFilePageSize?: number;
  /** The end of the log line after a set-aside: what happens to the lost content. */
  readonly afterSetAside: string;
}

export interface OpenCacheOptions {
  /** Where to report set-asides and cache failures; never given data content. Defaults to main's log. */
  readonly log?: (line: string) => void;
  /** The clock used to name set-aside files. */
  readonly now?: () => Date;
}

/**
 * 16 KiB pages for a new cache: the replicas hold millions of narrow rows written in bulk, and a first analytics
 * sync's writes took a quarter less time than with the 4 KiB default (fewer b-tree pages to split, write and
 * checkpoint). A file made before keeps its pages: WAL mode fixes the size once a file has content.
 */
export const CACHE_PAGE_SIZE = 16_384;

export const CACHE_FILE: SqliteFileSpec = {
  label: 'local cache',
  migrations: CACHE_MIGRATIONS,
  pragmas: CACHE_PRAGMAS,
  keepSetAside: KEEP_SET_ASIDE,
  newFilePageSize: CACHE_PAGE_SIZE,
  afterSetAside: 'It is rebuilt from the backend as data is read again.',
};

/** Errors that mean "this file is not usable" rather than "the disk or the folder has a problem". */
function unusable(err: unknown): string | undefined {
  if (err instanceof NewerSchemaError) return 'written by a newer version of the app';
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'))) return code;
  return undefined;
}

function closeQuietly(db: Database.Database | undefined): void {
  try {
    if (db?.open) db.close();
  } catch {
    // Closing a damaged file may fail; the file is set aside either way.
  }
}

/** Applies the pragmas in order: busy_timeout first, so the switch to WAL waits for other connections. */
export function applyPragmas(db: Database.Database, pragmas: SqliteFileSpec['pragmas']): void {
  for (const [name, value] of Object.entries(pragmas)) db.pragma(`${name} = ${value}`);
}

/** Applies CACHE_PRAGMAS. */
export function applyCachePragmas(db: Database.Database): void {
  applyPragmas(db, CACHE_PRAGMAS);
}

/**
 * Checks an existing file through a read-only connection and returns why it is unusable, if it is. Read-only
 * on purpose: closing a read-write connection checkpoints and deletes the -wal, which would alter (or, with
 * a garbled header, silently drop) the evidence that is about to be set aside.
 */
function inspect(file: string, known: number): string | undefined {
  if (!fs.existsSync(file)) return undefined;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const rows = db.pragma('quick_check') as { quick_check: string }[];
    const problems = rows.filter((r) => r.quick_check !== 'ok').length;
    if (problems > 0) return `quick_check reported ${problems} problem(s)`;
    const version = db.pragma('user_version', { simple: true }) as number;
    return version > known ? unusable(new NewerSchemaError(version, known)) : undefined;
  } catch (err) {
    // Anything else (permissions, a lock) is for the read-write open to report.
    return unusable(err);
  } finally {
    closeQuietly(db);
  }
}

function openWritable(file: string, spec: SqliteFileSpec, log: (line: string) => void): Database.Database {
  const db = new Database(file);
  try {
    // Only before the first table (and before WAL): an empty file takes the size; later it is fixed.
    if (spec.newFilePageSize && db.pragma('page_count', { simple: true }) === 0) db.pragma(`page_size = ${spec.newFilePageSize}`);
    applyPragmas(db, spec.pragmas);
    if (db.pragma('journal_mode', { simple: true }) !== spec.pragmas.journal_mode) {
      log(`The ${spec.label} could not switch to WAL mode (unsupported file system?); it works, with less crash safety.`);
    }
    migrate(db, spec.migrations);
    return db;
  } catch (err) {
    closeQuietly(db);
    throw err;
  }
}

/**
 * Opens (creating if needed) the SQLite file at `file` as `spec` says; a file failing its check is set aside and
 * a fresh one takes its place. Throws only when no usable file can be had (folder not writable, disk full, a
 * fresh file failing too).
 */
export function openSqliteFile(file: string, spec: SqliteFileSpec, opts: OpenCacheOptions = {}): { db: Database.Database; setAsideAs: string | undefined } {
  const log = opts.log ?? ((line: string) => mainLog.warn(line));
  const now = opts.now ?? (() => new Date());
  fs.mkdirSync(path.dirname(file), { recursive: true });

  let reason = inspect(file, spec.migrations.length);
  let db: Database.Database | undefined;
  if (!reason) {
    try {
      db = openWritable(file, spec, log);
    } catch (err) {
      // Damage quick_check did not see but the schema read or migration hit.
      reason = unusable(err);
      if (!reason) throw err;
    }
  }
  let setAsideAs: string | undefined;
  if (!db) {
    setAsideAs = setAside(file, now(), spec.keepSetAside);
    log(
      `The ${spec.label} ${path.basename(file)} could not be used (${reason}); it was set aside as ` +
        `${path.basename(setAsideAs)} and a new one was created. ${spec.afterSetAside}`,
    );
    db = openWritable(file, spec, log);
  }
  return { db, setAsideAs };
}

/**
 * Opens (creating if needed) the cache database at `file`. Throws only when no usable cache can be had
 * (folder not writable, disk full, a fresh file failing too); the caller then works online only.
 */
export function openCacheDatabase(file: string, opts: OpenCacheOptions = {}): CacheDatabase {
  const log = opts.log ?? ((line: string) => mainLog.warn(line));
  const { db: opened, setAsideAs } = openSqliteFile(file, CACHE_FILE, { ...opts, log });
  return {
    file,
    db: opened,
    reads: createReadCache(opened, { log }),
    setAsideAs,
    close() {
      if (opened.open) opened.close();
    },
  };
}
