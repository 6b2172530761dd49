/**
 * The one pattern for cache writes (SECURITY.md D2): every write runs inside a transaction, so a crash leaves
 * either all of it or none of it. BEGIN IMMEDIATE takes the write lock up front: in WAL mode a deferred
 * transaction that reads first and writes later can fail with SQLITE_BUSY_SNAPSHOT without waiting for
 * busy_timeout, whereas an immediate one waits. Called inside another transaction, better-sqlite3 nests it as a
 * savepoint, so helpers compose.
 */
import type Database from 'better-sqlite3';

/** Runs `fn` once, in a write transaction; returns its result, or rolls back and rethrows. */
export function writeTransaction<T>(db: Database.Database, fn: (db: Database.Database) => T): T {
  return db.transaction(() => fn(db)).immediate();
}

/**
 * A reusable write: wraps `fn` once (for hot paths such as ReadCache.put) so each call is one transaction
 * without rebuilding the wrapper.
 */
export function writeTransactionFn<A extends unknown[], T>(db: Database.Database, fn: (...args: A) => T): (...args: A) => T {
  const tx = db.transaction(fn);
  return (...args: A) => tx.immediate(...args);
}
