/**
 * Erasing local copies from the disk, not only from the tables (an administrator revoked: SECURITY.md A1). A plain
 * delete leaves the rows' bytes in the freed pages of the file and in older frames of its -wal, and pages freed
 * earlier (an index dropped and rebuilt by a bulk load, a split) hold older copies too. So the deletes run with
 * secure_delete (what they free is overwritten with zeros), and once they are done VACUUM rewrites the file from
 * its live rows alone and a TRUNCATE checkpoint empties the -wal. The replicas are most of the file, so what is
 * left to rewrite is small.
 */
import type Database from 'better-sqlite3';
import { writeTransaction } from './transaction.js';

/** Runs the deletes of `erase` in one transaction with secure_delete on. */
export function eraseRows(db: Database.Database, erase: (db: Database.Database) => void): void {
  const was = db.pragma('secure_delete', { simple: true }) as number;
  db.pragma('secure_delete = on');
  try {
    writeTransaction(db, erase);
  } finally {
    db.pragma(`secure_delete = ${was}`);
  }
}

/** Rewrites the file without its free pages and empties its -wal; nothing to do in memory (no cache file). */
export function dropFreedPages(db: Database.Database): void {
  if (db.memory) return;
  db.exec('vacuum');
  db.pragma('wal_checkpoint(TRUNCATE)');
}
