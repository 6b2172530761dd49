/**
 * Every write to the analytics replica, each one transaction (SECURITY.md D2): a page of rows together with
 * the watermark it advances, a re-pulled month together with the removal of what it replaces. The triggers of
 * main/cache/schema/v2-analytics-replica.ts update the aggregates inside the same transactions.
 */
import type Database from 'better-sqlite3';
import { writeTransaction } from '../../cache/transaction.js';
import { eraseRows } from '../../cache/erase.js';
import { beginBulkLoad, endBulkLoad } from '../../cache/replica-aggregates.js';
import { SYNC_TABLES, type ServerRow, type SyncTable } from './tables.js';
import type { JsonText, JsonWriter } from './json-writers.js';

export interface Watermark {
  readonly ts: string;
  readonly id: string;
}

/** A page of a table as received (its bytes, or text): a compact page for tables with `compact`, else the table API's JSON. */
export interface Page {
  readonly table: SyncTable;
  readonly json: JsonText;
}

/** last_error: the last sync's failure, cleared by a sync that succeeds (main/services/support/sync-runner.ts). */
/** pull_plan: the slices of a pull under way and where each stopped (sync.ts), so a cut sync resumes there. */
export type MetaKey = 'last_synced_at' | 'last_full_reconcile_at' | 'last_error' | 'pull_plan' | 'pull_started_at';

const PUT_META = 'insert into rep_meta (key, value) values (?, ?) on conflict (key) do update set value = excluded.value';

/** Sets a meta key on another connection or a recorder (the writer thread's batch, in the same transaction as its rows). */
export function putMetaOn(db: Database.Database, key: MetaKey, value: string): void {
  db.prepare(PUT_META).run(key, value);
}

export interface ReplicaStore {
  readonly db: Database.Database;
  watermark(table: SyncTable): Watermark | null;
  /** Writes a page of rows and, when given, moves the table's watermark, in one transaction. */
  writePage(table: SyncTable, rows: readonly ServerRow[], watermark?: Watermark): void;
  /** Writes many pages (of any tables) in one transaction: a pull commits tens of thousands of rows at once. */
  writePages(pages: readonly Page[]): void;
  /** Writes a page on another connection, or on a recorder of what would be written (replica-writer.ts). */
  recordPage(db: Database.Database, page: Page): void;
  /** Replaces the replica rows created on days [fromDay, toDay) (null: unbounded) with `rows`, in one transaction. */
  replaceDays(table: SyncTable, fromDay: number | null, toDay: number | null, rows: readonly ServerRow[]): void;
  /** Replaces the whole table (small catalogues). */
  replaceAll(table: SyncTable, rows: readonly ServerRow[]): void;
  /** Replica rows created on days [fromDay, toDay). */
  count(table: SyncTable, fromDay: number | null, toDay: number | null): number;
  /** The earliest day of the table's rows, or null when it is empty. */
  minDay(table: SyncTable): number | null;
  meta(key: MetaKey): string | null;
  /** null removes the key. */
  setMeta(key: MetaKey, value: string | null): void;
  /** Deletes every row, aggregate and watermark with secure_delete (main/cache/erase.ts): the next sync is a first one. */
  erase(): void;
}

/** The replica's tables (main/cache/schema/v2-analytics-replica.ts), the user list's (rep_users*) apart. */
const REPLICA_TABLES = "select name from sqlite_master where type = 'table' and (name glob 'rep_*' or name glob 'agg_*') and name not glob 'rep_users*'";

/** A page through the table's compact writer where it has one, else parsed and written row by row. */
function writeJsonWith(jsonWriter: JsonWriter | undefined, writer: (rows: readonly ServerRow[]) => void, json: JsonText): void {
  if (jsonWriter) jsonWriter(json);
  else writer(JSON.parse(typeof json === 'string' ? json : Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8')) as ServerRow[]);
}

const range = (fromDay: number | null, toDay: number | null) => ({ from: fromDay ?? -1e9, to: toDay ?? 1e9 });

export function createReplicaStore(db: Database.Database): ReplicaStore {
  const writers = new Map(SYNC_TABLES.map((t) => [t.name, t.writer(db)]));
  const writerOf = (t: SyncTable) => writers.get(t.name)!;
  const jsonWriters = new Map(SYNC_TABLES.map((t) => [t.name, t.jsonWriter?.(db)]));
  const writeJson = (t: SyncTable, json: JsonText) => writeJsonWith(jsonWriters.get(t.name), writerOf(t), json);
  const getWatermark = db.prepare<[string], { wm_ts: string | null; wm_id: string | null }>('select wm_ts, wm_id from rep_state where tbl = ?');
  const putWatermark = db.prepare<[string, string, string, string]>(
    `insert into rep_state (tbl, wm_ts, wm_id, pulled_at) values (?, ?, ?, ?)
     on conflict (tbl) do update set wm_ts = excluded.wm_ts, wm_id = excluded.wm_id, pulled_at = excluded.pulled_at`,
  );
  const getMeta = db.prepare<[string], { value: string }>('select value from rep_meta where key = ?');
  const putMeta = db.prepare<[string, string]>(PUT_META);
  const dropMeta = db.prepare<[string]>('delete from rep_meta where key = ?');
  const kindCount = db.prepare<[string, number, number], { n: number | null }>('select sum(n) as n from agg_daily where kind = ? and day >= ? and day < ?');
  const kindMin = db.prepare<[string], { d: number | null }>('select min(day) as d from agg_daily where kind = ?');
  const statements = new Map<string, Database.Statement>();
  const stmt = (sql: string) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = db.prepare(sql)));
    return s;
  };

  return {
    db,
    watermark(table) {
      const row = getWatermark.get(table.name);
      return row?.wm_ts && row.wm_id ? { ts: row.wm_ts, id: row.wm_id } : null;
    },
    writePage(table, rows, watermark) {
      writeTransaction(db, () => {
        writerOf(table)(rows);
        if (watermark) putWatermark.run(table.name, watermark.ts, watermark.id, new Date().toISOString());
      });
    },
    writePages(pages) {
      writeTransaction(db, () => {
        for (const p of pages) writeJson(p.table, p.json);
      });
    },
    recordPage(on, page) {
      writeJsonWith(page.table.jsonWriter?.(on), page.table.writer(on), page.json);
    },
    replaceDays(table, fromDay, toDay, rows) {
      const { from, to } = range(fromDay, toDay);
      writeTransaction(db, () => {
        stmt(`delete from ${table.replica} where day >= ? and day < ?`).run(from, to);
        writerOf(table)(rows);
      });
    },
    replaceAll(table, rows) {
      writeTransaction(db, () => {
        stmt(`delete from ${table.replica}`).run();
        writerOf(table)(rows);
      });
    },
    count(table, fromDay, toDay) {
      const { from, to } = range(fromDay, toDay);
      if (table.kind) return kindCount.get(table.kind, from, to)?.n ?? 0;
      return (stmt(`select count(*) as n from ${table.replica} where day >= ? and day < ?`).get(from, to) as { n: number }).n;
    },
    minDay(table) {
      if (table.kind) return kindMin.get(table.kind)?.d ?? null;
      return (stmt(`select min(day) as d from ${table.replica}`).get() as { d: number | null }).d;
    },
    meta(key) {
      return getMeta.get(key)?.value ?? null;
    },
    setMeta(key, value) {
      writeTransaction(db, () => (value === null ? dropMeta.run(key) : putMeta.run(key, value)));
    },
    erase() {
      eraseRows(db, () => {
        // Without the aggregate triggers (row by row, millions of them); put back over the empty tables after.
        beginBulkLoad(db);
        for (const { name } of db.prepare<[], { name: string }>(REPLICA_TABLES).all()) db.exec(`delete from ${name}`);
        endBulkLoad(db);
      });
    },
  };
}
