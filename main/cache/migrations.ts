/**
 * The cache schema as an append-only list: entry i brings the database to user_version i + 1. To add a table
 * (e.g. the analytics replica), append an entry; never edit or reorder shipped ones, since a user's file may
 * be at any earlier version. Each entry runs in the same transaction as its user_version bump.
 */
import type Database from 'better-sqlite3';
import { writeTransaction } from './transaction.js';
import { replicaSchema } from './replica-schema.js';
import { AUDIT_SCHEMA } from '../audit/schema.js';
import { USERS_REPLICA_SCHEMA, USERS_SEARCH_SCHEMA } from '../services/users/replica-schema.js';
import { PALETTE_SCHEMA } from '../services/palette/schema.js';

export type Migration = string | ((db: Database.Database) => void);

export const CACHE_MIGRATIONS: readonly Migration[] = [
  // 1: read results kept for offline review; data is the JSON of the operation's output.
  `create table kept_reads (
     user_id    text not null,
     op         text not null,
     input_key  text not null,
     data       text not null,
     fetched_at text not null,
     primary key (user_id, op, input_key)
   )`,
  // 2: the analytics replica and its per-day aggregates (replica-schema.ts).
  (db) => db.exec(replicaSchema()),
  // 3: the self-reflection toolkit's progress, per user and tool (responses as JSON keyed by step number).
  `create table toolkit_progress (
     user_id         text not null,
     tool_id         text not null,
     completed_steps text not null,
     step_responses  text not null,
     updated_at      text not null,
     primary key (user_id, tool_id)
   )`,
  // 4: the audit log of every write made from the app (main/audit/schema.ts); append-only, kept on sign-out.
  AUDIT_SCHEMA,
  // 5: the user list's replica (rep_users, keyed by user_id, with email) and its sync state (main/services/users/replica-schema.ts).
  USERS_REPLICA_SCHEMA,
  // 6: the command palette's index of what the cache holds (FTS5, trigram) and each admin's recent items (main/services/palette/schema.ts).
  PALETTE_SCHEMA,
  // 7: the user list's search index, trigram over rep_users' lower-cased e-mails (main/services/users/replica-schema.ts).
  USERS_SEARCH_SCHEMA,
];

/** Thrown when the file was written by a newer app version whose schema this one does not know. */
export class NewerSchemaError extends Error {
  constructor(readonly found: number, readonly known: number) {
    super(`The cache schema version ${found} is newer than this app's ${known}.`);
    this.name = 'NewerSchemaError';
  }
}

/** Applies the missing migrations; returns the resulting user_version. */
export function migrate(db: Database.Database, migrations: readonly Migration[] = CACHE_MIGRATIONS): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) throw new NewerSchemaError(current, migrations.length);
  for (let v = current; v < migrations.length; v++) {
    const step = migrations[v]!;
    writeTransaction(db, () => {
      if (typeof step === 'string') db.exec(step);
      else step(db);
      // pragma takes no bound parameters; v is an integer we computed.
      db.pragma(`user_version = ${v + 1}`);
    });
  }
  return migrations.length;
}
