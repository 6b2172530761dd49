/**
 * ReadCache over the kept_reads table: one row per (user, operation, input key), holding the JSON of the
 * result and when it was fetched. The cache is an aid, never a source of truth, so get and put do not throw:
 * a failing cache (disk full, file gone bad while open) must not turn a successful backend read into an
 * error. clearUser does throw: sign-out must not report success while the user's data is still on disk.
 */
import type Database from 'better-sqlite3';
import { writeTransactionFn } from './transaction.js';
import type { KeptRead, ReadCache } from './types.js';

export interface ReadCacheOptions {
  /** Where to report a cache failure; lines name the operation and the SQLite error, never data. */
  readonly log?: (line: string) => void;
}

type Key = [userId: string, op: string, inputKey: string];

function reason(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : err instanceof Error ? err.message : String(err);
}

export function createReadCache(db: Database.Database, opts: ReadCacheOptions = {}): ReadCache {
  const log = opts.log ?? (() => undefined);
  const select = db.prepare<Key, { data: string; fetched_at: string }>(
    'select data, fetched_at from kept_reads where user_id = ? and op = ? and input_key = ?',
  );
  const upsert = db.prepare<[...Key, string, string]>(
    `insert into kept_reads (user_id, op, input_key, data, fetched_at) values (?, ?, ?, ?, ?)
     on conflict (user_id, op, input_key) do update set data = excluded.data, fetched_at = excluded.fetched_at`,
  );
  // Only the row still holding the unreadable text, so a fresh put in between is never lost.
  const deleteBad = db.prepare<[...Key, string]>('delete from kept_reads where user_id = ? and op = ? and input_key = ? and data = ?');
  const deleteUser = db.prepare<[string]>('delete from kept_reads where user_id = ?');

  const write = writeTransactionFn(db, (userId: string, op: string, inputKey: string, json: string, fetchedAt: string) => {
    upsert.run(userId, op, inputKey, json, fetchedAt);
  });
  const dropBad = writeTransactionFn(db, (userId: string, op: string, inputKey: string, text: string) => {
    deleteBad.run(userId, op, inputKey, text);
  });
  const clear = writeTransactionFn(db, (userId: string) => {
    deleteUser.run(userId);
  });

  return {
    get(userId, op, inputKey): KeptRead | undefined {
      let row: { data: string; fetched_at: string } | undefined;
      try {
        row = select.get(userId, op, inputKey);
      } catch (err) {
        log(`The local cache could not read a kept result of ${op} (${reason(err)}); treating it as missing.`);
        return undefined;
      }
      if (!row) return undefined;
      try {
        return { data: JSON.parse(row.data) as unknown, fetchedAt: row.fetched_at };
      } catch {
        // Unreadable JSON is as good as missing; drop it so the next online read replaces it.
        log(`The local cache held an unreadable result of ${op}; it was removed and will be fetched again.`);
        try {
          dropBad(userId, op, inputKey, row.data);
        } catch {
          // Removing is best effort; the row stays unreadable and keeps being treated as missing.
        }
        return undefined;
      }
    },

    put(userId, op, inputKey, data, fetchedAt) {
      try {
        // JSON.stringify(undefined) is undefined; keep it as null so the row stays valid JSON.
        write(userId, op, inputKey, JSON.stringify(data) ?? 'null', fetchedAt);
      } catch (err) {
        log(`The local cache could not keep a result of ${op} (${reason(err)}); it stays available online only.`);
      }
    },

    clearUser(userId) {
      clear(userId);
    },
  };
}
