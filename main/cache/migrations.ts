/**
 * Runs the cache's migrations (main/cache/schema/: the tables, one frozen module per migration). Each runs in the
 * same transaction as its user_version bump.
 */
import type Database from 'better-sqlite3';
import { writeTransaction } from './transaction.js';
import { CACHE_MIGRATIONS, type Migration } from './schema/index.js';

export { CACHE_MIGRATIONS, type Migration };

/** Thrown when the file was written by a newer app version whose schema this one does not know. */
export class NewerSchemaError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
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
