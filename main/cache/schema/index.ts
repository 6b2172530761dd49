/**
 * The cache file's tables, owned here and nowhere else: one module per migration, frozen as it shipped. Entry i
 * brings the database to user_version i + 1 (main/cache/migrations.ts runs them). To add or change a table, append
 * an entry and its module; never edit or reorder shipped ones, since a user's file may be at any earlier version.
 * Features read the names they need (indexes, triggers) from the module of the migration that made them.
 */
import type Database from 'better-sqlite3';
import { KEPT_READS_SCHEMA } from './v1-kept-reads.js';
import { replicaSchema } from './v2-analytics-replica.js';
import { TOOLKIT_PROGRESS_SCHEMA } from './v3-toolkit-progress.js';
import { CACHE_AUDIT_LOG_SCHEMA } from './v4-audit-log.js';
import { USERS_REPLICA_SCHEMA } from './v5-users-replica.js';
import { PALETTE_SCHEMA } from './v6-palette.js';
import { USERS_SEARCH_SCHEMA } from './v7-users-search.js';

/** SQL run as one script, or a step given the database; either runs in the transaction of its user_version bump. */
export type Migration = string | ((db: Database.Database) => void);

export const CACHE_MIGRATIONS: readonly Migration[] = [
  KEPT_READS_SCHEMA,
  (db) => db.exec(replicaSchema()),
  TOOLKIT_PROGRESS_SCHEMA,
  CACHE_AUDIT_LOG_SCHEMA,
  USERS_REPLICA_SCHEMA,
  PALETTE_SCHEMA,
  USERS_SEARCH_SCHEMA,
];
