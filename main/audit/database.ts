/**
 * The profile's audit log file, `<dataDir>/profiles/<id>/audit.sqlite`, apart from the cache on purpose: the
 * cache is refetchable (a damaged one is replaced by an empty one, and old set-asides are pruned), the audit log
 * is history that exists nowhere else. Opened by the cache's code (openSqliteFile) with its own migrations and:
 *
 * - synchronous = FULL: in WAL mode every commit syncs the -wal, so an entry the recorder appended survives a
 *   power loss or OS crash too (the cache's NORMAL may drop the last commits; fine for a cache only).
 * - a file failing quick_check is set aside and NEVER pruned (every set is kept for a post-mortem); the name is
 *   kept on the AuditDatabase so the audit screen can say so.
 * - on the first open of a fresh file, the entries the cache's audit_log (cache migration 4, no longer written)
 *   holds are copied over, ids and all, in one transaction recorded in audit_meta, so it never runs twice.
 */
import path from 'node:path';
import type Database from 'better-sqlite3';
import { log as mainLog } from '../ground/log.js';
import { openSqliteFile, type OpenCacheOptions, type SqliteFileSpec } from '../cache/database.js';
import type { Migration } from '../cache/migrations.js';
import { writeTransaction } from '../cache/transaction.js';
import { AUDIT_OUTCOME_UNKNOWN, AUDIT_SCHEMA } from './schema.js';
import type { AuditDatabase } from '../core/ports.js';

export type { AuditDatabase };

/** Append-only list, as the cache's: entry i brings the file to user_version i + 1; never edit shipped ones. */
export const AUDIT_MIGRATIONS: readonly Migration[] = [
  // 1: the log (as cache migration 4 had it) and one-off facts about the file, e.g. the copy from the cache.
  `${AUDIT_SCHEMA}
   create table audit_meta (
     key   text primary key,
     value text not null
   );`,
  // 2: outcome 'unknown' for a write whose reply was lost (schema.ts).
  AUDIT_OUTCOME_UNKNOWN,
];

/** The pragmas set on open, as `pragma <name>` reads them back (synchronous 2 = FULL). */
export const AUDIT_PRAGMAS = {
  busy_timeout: 5000,
  journal_mode: 'wal',
  synchronous: 2,
  foreign_keys: 1,
} as const;

export const AUDIT_FILE: SqliteFileSpec = {
  label: 'audit log',
  migrations: AUDIT_MIGRATIONS,
  pragmas: AUDIT_PRAGMAS,
  keepSetAside: Infinity,
  afterSetAside: 'The set-aside file is kept; new changes are recorded in the new log.',
};

/** The audit_meta key of the copy from the cache's audit_log; its value says when and how many entries. */
export const COPIED_FROM_CACHE = 'copied_from_cache';

export interface OpenAuditOptions extends OpenCacheOptions {
  /** The profile's cache, whose audit_log (if any) is copied on the first open of a fresh audit file. */
  readonly cache?: Database.Database | undefined;
}

function hasAuditTable(cache: Database.Database): boolean {
  return cache.prepare("select 1 from sqlite_master where type = 'table' and name = 'audit_log'").get() !== undefined;
}

/**
 * Copies every row of the cache's audit_log, ids and all, and records it in audit_meta, in one transaction: a
 * crash leaves either the whole copy and its record or neither. Runs only while audit_meta has no record, and
 * only with a cache (without one, the next open tries again). Returns the rows copied, or undefined if it did not run.
 */
export function copyFromCache(audit: Database.Database, cache: Database.Database | undefined, now: Date): number | undefined {
  if (!cache) return undefined;
  if (audit.prepare('select 1 from audit_meta where key = ?').get(COPIED_FROM_CACHE) !== undefined) return undefined;
  return writeTransaction(audit, () => {
    let copied = 0;
    if (hasAuditTable(cache)) {
      const insert = audit.prepare(
        `insert into audit_log (id, at, admin_id, admin_email, operation, area, target_table, target_id, input, before, after, outcome, error_code, error_message)
         values (@id, @at, @admin_id, @admin_email, @operation, @area, @target_table, @target_id, @input, @before, @after, @outcome, @error_code, @error_message)`,
      );
      // Read lazily, in id order: the cache's log may be large.
      for (const row of cache.prepare('select * from audit_log order by id').iterate()) {
        insert.run(row as Record<string, unknown>);
        copied++;
      }
    }
    audit.prepare('insert into audit_meta (key, value) values (?, ?)').run(COPIED_FROM_CACHE, JSON.stringify({ at: now.toISOString(), entries: copied }));
    return copied;
  });
}

/** Opens (creating if needed) the audit file at `file`. Throws only when no usable file can be had. */
export function openAuditDatabase(file: string, opts: OpenAuditOptions = {}): AuditDatabase {
  const log = opts.log ?? ((line: string) => mainLog.warn(line));
  const now = opts.now ?? (() => new Date());
  const { db, setAsideAs } = openSqliteFile(file, AUDIT_FILE, { log, now });
  let copiedFromCache: number | undefined;
  try {
    copiedFromCache = copyFromCache(db, opts.cache, now());
    if (copiedFromCache) log(`Copied ${copiedFromCache} audit entries from the local cache into ${path.basename(file)}.`);
  } catch (err) {
    // The log still works for new entries; the copy is tried again on the next open (nothing was recorded).
    log(`Copying the audit entries of the local cache failed; it is tried again on the next open. ${err instanceof Error ? err.message : String(err)}`);
  }
  return {
    file,
    db,
    setAsideAs,
    copiedFromCache,
    close() {
      if (db.open) db.close();
    },
  };
}
