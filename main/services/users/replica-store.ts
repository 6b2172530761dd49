/**
 * Every read and write of the user list's replica (rep_users, main/cache/schema/v5-users-replica.ts). Writes are one transaction each
 * (SECURITY.md D2): a page of rows, the end of a sync (deletions reconciled and the sync time), a deleted user.
 */
import type Database from 'better-sqlite3';
import { writeTransaction } from '../../cache/transaction.js';
import type { UserListQuery } from '../../../shared/rules/users/list.js';
import type { AdminUserRow } from '../../../shared/rules/users/types.js';
import { orderOf, sortColumnOf, whereOf } from './list-sql.js';
import { USERS_INDEX_NAMES, USERS_INDEXES } from '../../cache/schema/v5-users-replica.js';
import { USERS_SEARCH_TRIGGER_NAMES, USERS_SEARCH_TRIGGERS } from '../../cache/schema/v7-users-search.js';
import { eraseRows } from '../../cache/erase.js';
import { buildSearchIndex, searchModeOf } from './search-index.js';
import { openWriterThread, type WriteOp } from '../../cache/writer-thread.js';

/** sync_ranges: the key ranges of a sync under way and where each stopped (sync.ts), so a cut sync resumes there. */
export type UsersMetaKey = 'last_synced_at' | 'last_error' | 'sync_ranges' | 'sync_started_at';

/** A position in the list's order: (user_created_at, user_id); null is past either end. */
export interface KeyBound {
  readonly user_created_at: string;
  readonly user_id: string;
}

/** Beyond every key (an unbounded end of an interval). */
const ABOVE = [Number.MAX_SAFE_INTEGER, ''] as const;
const BELOW = [-Number.MAX_SAFE_INTEGER, ''] as const;
const boundOf = (k: KeyBound | null, none: readonly [number, string]) => (k ? [microsOf(k.user_created_at), k.user_id] : none);

/** A missing sort value: an empty BLOB orders after every number and text in SQLite (main/cache/schema/v5-users-replica.ts). */
const MISSING = Buffer.alloc(0);

/**
 * An ISO time in microseconds since 1970: Date.parse keeps milliseconds, the fraction's 4th to 6th digits the rest,
 * so users created in the same millisecond keep admin-get-users' order.
 */
export function microsOf(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return 0;
  const fraction = /\.(\d+)/.exec(iso)?.[1] ?? '';
  return ms * 1000 + Number(fraction.slice(3, 6).padEnd(3, '0'));
}

/** The named parameters of the upsert below. */
function columnsOf(row: AdminUserRow, json: string): Record<string, unknown> {
  const us = microsOf(row.user_created_at);
  return {
    user_id: row.user_id,
    email: row.user_email,
    email_lower: row.user_email.toLowerCase(),
    created_us: us,
    created_ms: Math.floor(us / 1000),
    subscription_id: row.subscription_id,
    subscription_status: row.subscription_status,
    plan_name: row.plan_name,
    block_count: row.block_count,
    status_key: row.subscription_status ?? MISSING,
    plan_key: row.plan_name ?? MISSING,
    login_key: row.last_sign_in_at === null ? MISSING : Date.parse(row.last_sign_in_at),
    json,
  };
}

// Inserts a user, or rewrites one whose stored JSON differs.
const UPSERT = `insert into rep_users (user_id, email, email_lower, created_us, created_ms, subscription_id, subscription_status, plan_name,
                            block_count, status_key, plan_key, login_key)
     values (@user_id, @email, @email_lower, @created_us, @created_ms, @subscription_id, @subscription_status, @plan_name,
             @block_count, @status_key, @plan_key, @login_key)
     on conflict (user_id) do update set
       email = excluded.email, email_lower = excluded.email_lower, created_us = excluded.created_us, created_ms = excluded.created_ms,
       subscription_id = excluded.subscription_id, subscription_status = excluded.subscription_status, plan_name = excluded.plan_name,
       block_count = excluded.block_count, status_key = excluded.status_key, plan_key = excluded.plan_key, login_key = excluded.login_key
     where (select row_json from rep_users_json j where j.id = rep_users.id) is not @json`;
// A first load's rows, by position (the writer thread runs them once per row: main/cache/writer-thread.ts).
const LOAD_USER = `insert into rep_users (user_id, email, email_lower, created_us, created_ms, subscription_id, subscription_status, plan_name,
                            block_count, status_key, plan_key, login_key)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (user_id) do update set
       email = excluded.email, email_lower = excluded.email_lower, created_us = excluded.created_us, created_ms = excluded.created_ms,
       subscription_id = excluded.subscription_id, subscription_status = excluded.subscription_status, plan_name = excluded.plan_name,
       block_count = excluded.block_count, status_key = excluded.status_key, plan_key = excluded.plan_key, login_key = excluded.login_key`;
const LOAD_JSON = `insert into rep_users_json (id, row_json) values ((select id from rep_users where user_id = ?), ?)
     on conflict (id) do update set row_json = excluded.row_json`;
const PUT_META = 'insert into rep_users_meta (key, value) values (?, ?) on conflict (key) do update set value = excluded.value';

export interface ListPage {
  readonly rows: AdminUserRow[];
  readonly matched: number;
  readonly total: number;
}

export interface UsersReplicaStore {
  readonly db: Database.Database;
  /** Inserts new users and rewrites changed ones (row_json differs); returns how many were written. */
  writePage(rows: readonly AdminUserRow[]): number;
  /** Ends a sync: removes every user the sync did not see and records its time, in one transaction. */
  finishSync(seen: ReadonlySet<string>, at: string): number;
  /**
   * Writes the rows read from the key interval [lower, upper) (null: unbounded), removes the replica's other users
   * of that interval (deleted on the server) and records the sync's progress, in one transaction. Returns the
   * users written and removed. `prune` false skips the removal (a load into an empty replica has nothing to remove).
   */
  writeInterval(
    rows: readonly AdminUserRow[],
    lower: KeyBound | null,
    upper: KeyBound | null,
    progress: string,
    prune?: boolean,
  ): { written: number; removed: number };
  /**
   * The writes of a slice of a first load (an empty replica loading without its indexes) and the sync's progress,
   * for a writer thread (main/cache/writer-thread.ts), whose connection commits them in one transaction.
   */
  loadOps(rows: readonly AdminUserRow[], progress: string): WriteOp[];
  /** Ends a sync read by intervals: records its time and forgets its progress, in one transaction. */
  endSync(at: string): void;
  remove(userId: string): void;
  /** Before loading an empty replica: drops the indexes and the search index's triggers (buildIndexes puts them back). Returns whether it did. */
  beginBulkLoad(): boolean;
  buildIndexes(): Promise<void>;
  page(query: UserListQuery, offset: number, limit: number): ListPage;
  count(): number;
  meta(key: UsersMetaKey): string | null;
  setMeta(key: UsersMetaKey, value: string | null): void;
  /** Deletes every user and the sync's bookkeeping with secure_delete (main/cache/erase.ts): the next sync is a first one. */
  erase(): void;
}

export function createUsersReplicaStore(db: Database.Database): UsersReplicaStore {
  // Answers the row's id when it was inserted or changed, nothing when the stored JSON is the same.
  const upsert = db.prepare<[Record<string, unknown>], { id: number }>(`${UPSERT} returning id`);
  const putJson = db.prepare('insert into rep_users_json (id, row_json) values (?, ?) on conflict (id) do update set row_json = excluded.row_json');
  const ids = db.prepare('select user_id from rep_users').pluck();
  const removeOne = db.prepare('delete from rep_users where user_id = ?');
  const countAll = db.prepare('select count(*) from rep_users').pluck();
  const getMeta = db.prepare<[string], string>('select value from rep_users_meta where key = ?').pluck();
  const putMeta = db.prepare(PUT_META);
  const dropMeta = db.prepare('delete from rep_users_meta where key = ?');
  const removeOthers = db.prepare(
    `delete from rep_users where (created_us, user_id) >= (?, ?) and (created_us, user_id) < (?, ?) and user_id not in (select value from json_each(?))`,
  );
  const statements = new Map<string, Database.Statement>();
  const stmt = (sql: string) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = db.prepare(sql)));
    return s;
  };
  /** The 13 indexes and the search index, as far as they are missing: asked on `db`, written on `on`. */
  const writeIndexes = (on: Database.Database) => {
    for (const sql of USERS_INDEXES) on.exec(sql);
    buildSearchIndex(db, on);
  };
  // A load cut short (a crash during a first sync) left the indexes dropped: they are built again before any read.
  writeTransaction(db, () => writeIndexes(db));
  const rowsOf = (sql: string, params: readonly unknown[]) =>
    (
      stmt(sql)
        .pluck()
        .all(...params) as string[]
    ).map((j) => JSON.parse(j) as AdminUserRow);

  return {
    db,
    writePage(rows) {
      return writeTransaction(db, () => {
        let written = 0;
        for (const row of rows) {
          const json = JSON.stringify(row);
          const changed = upsert.get(columnsOf(row, json));
          if (changed) {
            putJson.run(changed.id, json);
            written++;
          }
        }
        return written;
      });
    },
    finishSync(seen, at) {
      return writeTransaction(db, () => {
        const gone = (ids.all() as string[]).filter((id) => !seen.has(id));
        for (const id of gone) removeOne.run(id);
        putMeta.run('last_synced_at', at);
        dropMeta.run('last_error');
        return gone.length;
      });
    },
    writeInterval(rows, lower, upper, progress, prune = true) {
      return writeTransaction(db, () => {
        const written = this.writePage(rows);
        const removed = !prune ? 0 : removeOthers.run(...boundOf(lower, BELOW), ...boundOf(upper, ABOVE), JSON.stringify(rows.map((r) => r.user_id))).changes;
        putMeta.run('sync_ranges', progress);
        return { written, removed };
      });
    },
    loadOps(rows, progress) {
      const users: unknown[][] = [];
      const jsons: unknown[][] = [];
      for (const row of rows) {
        const c = columnsOf(row, '');
        users.push([
          c.user_id,
          c.email,
          c.email_lower,
          c.created_us,
          c.created_ms,
          c.subscription_id,
          c.subscription_status,
          c.plan_name,
          c.block_count,
          c.status_key,
          c.plan_key,
          c.login_key,
        ]);
        jsons.push([row.user_id, JSON.stringify(row)]);
      }
      return [
        { sql: LOAD_USER, rows: users },
        { sql: LOAD_JSON, rows: jsons },
        { sql: PUT_META, params: ['sync_ranges', progress] },
      ];
    },
    endSync(at) {
      writeTransaction(db, () => {
        putMeta.run('last_synced_at', at);
        dropMeta.run('last_error');
        dropMeta.run('sync_ranges');
        dropMeta.run('sync_started_at');
      });
    },
    beginBulkLoad() {
      if (this.count() > 0) return false;
      writeTransaction(db, () => {
        for (const name of USERS_INDEX_NAMES) db.exec(`drop index if exists ${name}`);
        for (const name of USERS_SEARCH_TRIGGER_NAMES) db.exec(`drop trigger if exists ${name}`);
      });
      return true;
    },
    async buildIndexes() {
      // Seconds at 100,000 users: on a writer thread, so main goes on answering (reads scan meanwhile).
      const thread = await openWriterThread(db, { label: 'The user list replica' });
      try {
        // A transaction per index, the search index with its triggers in one: a write on main's connection (a kept
        // read, once the list answers during the build) waits for one of them at most, never for the whole build.
        for (const sql of USERS_INDEXES) await thread.run((on) => on.exec(sql));
        await thread.run((on) => buildSearchIndex(db, on));
      } finally {
        await thread.close();
      }
    },
    erase() {
      eraseRows(db, () => {
        // The search index is emptied at once; its triggers, off meanwhile, would delete row by row.
        for (const name of USERS_SEARCH_TRIGGER_NAMES) db.exec(`drop trigger if exists ${name}`);
        db.exec("insert into rep_users_search (rep_users_search) values ('delete-all')");
        db.exec('delete from rep_users');
        db.exec('delete from rep_users_json');
        db.exec('delete from rep_users_meta');
        for (const sql of USERS_SEARCH_TRIGGERS) db.exec(sql);
      });
    },
    remove(userId) {
      writeTransaction(db, () => removeOne.run(userId));
    },
    page(query, offset, limit) {
      const where = whereOf(query, searchModeOf(db, query.search));
      // The page's ids first (an offset skips index entries only), then their JSON: 200 lookups, not offset + 200.
      const order = orderOf(query.sort);
      const rows = rowsOf(
        `select row_json from (select id, ${sortColumnOf(query.sort)} as k, created_us, user_id from rep_users where ${where.sql} order by ${order} limit ? offset ?) p
           join rep_users_json using (id) order by ${order.replace(sortColumnOf(query.sort), 'k')}`,
        [...where.params, limit, offset],
      );
      const total = countAll.get() as number;
      const matched =
        where.sql === '1 and 1'
          ? total
          : (stmt(`select count(*) from rep_users where ${where.sql}`)
              .pluck()
              .get(...where.params) as number);
      return { rows, matched, total };
    },
    count() {
      return countAll.get() as number;
    },
    meta(key) {
      return getMeta.get(key) ?? null;
    },
    setMeta(key, value) {
      writeTransaction(db, () => (value === null ? dropMeta.run(key) : putMeta.run(key, value)));
    },
  };
}

/**
 * The rows of a query in display order, one at a time (the export). While the iterator is open its connection
 * runs no other statement, so the export reads through a connection of its own (see export.ts).
 */
export function* rowsInOrder(db: Database.Database, query: UserListQuery): Generator<AdminUserRow> {
  const where = whereOf(query, searchModeOf(db, query.search));
  const it = db
    .prepare(`select row_json from rep_users join rep_users_json using (id) where ${where.sql} order by ${orderOf(query.sort)}`)
    .pluck()
    .iterate(...where.params) as IterableIterator<string>;
  for (const json of it) yield JSON.parse(json) as AdminUserRow;
}
