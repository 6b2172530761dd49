// The sync's writer thread leaves the cache file exactly as the store's own writes on main's connection do (every
// kind of table, JSON pages and pages written row by row in JavaScript, the bulk load's aggregate rebuild), moves
// page bytes to the thread without keeping them on main, stops at the first failed batch with SQLite's message,
// and falls back to main's connection when no thread can open the file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { openCacheDatabase } from '../../main/cache/database.js';
import { migrate } from '../../main/cache/migrations.js';
import { beginBulkLoad, endBulkLoad } from '../../main/cache/replica-aggregates.js';
import { createReplicaStore, type Page, type ReplicaStore } from '../../main/services/analytics/replica-store.js';
import { openReplicaWriter } from '../../main/services/analytics/replica-writer.js';
import { syncTable, type ServerRow } from '../../main/services/analytics/tables.js';
import { pageJson } from '../support/compact-page.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function fileStore(): { store: ReplicaStore; close: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-writer-'));
  dirs.push(dir);
  const cache = openCacheDatabase(path.join(dir, 'cache.sqlite'), { log: () => undefined });
  return { store: createReplicaStore(cache.db), close: () => cache.db.close() };
}

const iso = (day: number, i: number) => new Date(Date.UTC(2026, 0, 1 + day, i % 24, i % 60)).toISOString().replace('Z', '+00:00');
const USERS = ['u1', 'u2', 'u3', 'u4'];

function rowsOf(table: string, n: number): ServerRow[] {
  return Array.from({ length: n }, (_, i) => {
    const base = { id: `${table}-${i}`, user_id: USERS[i % USERS.length], created_at: iso(i % 9, i), updated_at: iso(i % 9, i) };
    switch (table) {
      case 'profiles':
        return { id: `p-${i}`, created_at: base.created_at, updated_at: base.updated_at };
      case 'coach_interactions':
        return { ...base, coach_id: i % 3 ? `c${i % 3}` : null };
      case 'coach_panel_interactions':
        return { ...base, coach_ids: [`c${i % 3}`, `c${(i + 1) % 3}`] };
      case 'meditation_sessions':
        return {
          ...base,
          brainwave_type: i % 2 ? 'alpha' : 'theta',
          duration_minutes: 10,
          actual_duration_seconds: i * 7,
          completed_at: i % 2 ? base.created_at : null,
        };
      case 'user_subscriptions':
        return { ...base, plan_id: i % 2 ? 'p1' : null, status: i % 3 ? 'active' : 'canceled' };
      case 'user_engagement_metrics':
        return {
          ...base,
          growth_phase: 'seed',
          engagement_score: 12.345,
          last_journal_entry_at: base.created_at,
          last_coach_interaction_at: null,
          last_goal_activity_at: null,
          last_challenge_activity_at: null,
          coach_interaction_summary: { c1: { coach_name: 'Ada', count: i } },
          total_journal_entries: i,
          total_coach_interactions: 1,
          total_goals_created: 0,
          current_streak_days: 2,
        };
      default:
        return base;
    }
  });
}

const TABLES = [
  'profiles',
  'blocks',
  'chat_messages',
  'coach_interactions',
  'coach_panel_interactions',
  'meditation_sessions',
  'user_subscriptions',
  'user_engagement_metrics',
];
/** Pages as the pull hands them over: the response's bytes, each owning its whole buffer. */
const pagesOf = (): Page[] =>
  TABLES.flatMap((t) =>
    [rowsOf(t, 40), rowsOf(t, 40).slice(10)].map((rows) => ({ table: syncTable(t), json: new Uint8Array(Buffer.from(pageJson(syncTable(t), rows))) })),
  );

function dump(db: Database.Database): Record<string, unknown[]> {
  const tables = db
    .prepare("select name from sqlite_master where type = 'table' and (name like 'rep\\_%' escape '\\' or name like 'agg\\_%' escape '\\') order by name")
    .all() as { name: string }[];
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables)
    out[name] = db
      .prepare(`select * from ${name}`)
      .all()
      .map((r) => JSON.stringify(r))
      .sort();
  out.triggers = db.prepare("select name from sqlite_master where type = 'trigger' order by name").all();
  return out;
}

describe('replica writer thread', () => {
  it('writes pages and rebuilds the aggregates exactly as the store does on its own connection', async () => {
    const expected = new Database(':memory:');
    migrate(expected);
    const reference = createReplicaStore(expected);
    beginBulkLoad(expected);
    reference.writePages(pagesOf());
    endBulkLoad(expected);

    const { store, close } = fileStore();
    beginBulkLoad(store.db);
    const writer = await openReplicaWriter(store, -4096);
    expect(writer.threaded).toBe(true);
    const pages = pagesOf();
    for (let i = 0; i < pages.length; i += 3) await writer.write(pages.slice(i, i + 3));
    // The bytes went to the thread: main holds none of them any more.
    expect(pages.every((p) => (p.json as Uint8Array).byteLength === 0)).toBe(true);
    await writer.run(endBulkLoad);
    await writer.close();
    expect(writer.busyMs).toBeGreaterThan(0);
    expect(dump(store.db)).toEqual(dump(expected));
    expect(dump(store.db).rep_chat).toHaveLength(40);
    close();
  });

  it("stops at the first failed batch, with SQLite's message, and writes nothing after it", async () => {
    const { store, close } = fileStore();
    const writer = await openReplicaWriter(store, -4096);
    const blocks = syncTable('blocks');
    const page = (rows: ServerRow[]): Page => ({ table: blocks, json: Buffer.from(pageJson(blocks, rows)) });
    await writer.write([page(rowsOf('blocks', 5))]);
    // A row without a day: the NOT NULL constraint fails the batch.
    const bad = Buffer.from(JSON.stringify({ n: 1, ts: 'x', id: 'bad', rows: [[null, 'u1', 'bad']] }));
    await writer.write([{ table: blocks, json: bad }]).catch(() => undefined);
    await writer.write([page(rowsOf('blocks', 20))]).catch(() => undefined);
    await expect(writer.drain()).rejects.toThrow(/NOT NULL constraint failed/);
    await expect(writer.write([page(rowsOf('blocks', 30))])).rejects.toThrow(/NOT NULL/);
    await writer.close();
    expect((store.db.prepare('select count(*) as n from rep_blocks').get() as { n: number }).n).toBe(5);
    close();
  });

  it("writes on the store's own connection for an in-memory database", async () => {
    const db = new Database(':memory:');
    migrate(db);
    const store = createReplicaStore(db);
    const writer = await openReplicaWriter(store, -4096);
    expect(writer.threaded).toBe(false);
    await writer.write([{ table: syncTable('chat_messages'), json: Buffer.from(pageJson(syncTable('chat_messages'), rowsOf('chat_messages', 12))) }]);
    await writer.close();
    expect((db.prepare('select count(*) as n from rep_chat').get() as { n: number }).n).toBe(12);
  });

  it("falls back to main's connection when the thread cannot open the file", async () => {
    const { store, close } = fileStore();
    // The thread is given a file that does not exist (as if the cache had moved); main's connection still works.
    const missing = path.join(os.tmpdir(), 'reflect-no-such-dir', 'cache.sqlite');
    const db = new Proxy(store.db, {
      get: (t, k) => {
        if (k === 'name') return missing;
        const v = Reflect.get(t, k, t) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
      },
    });
    const writer = await openReplicaWriter({ ...store, db }, -4096);
    expect(writer.threaded).toBe(false);
    await writer.write([{ table: syncTable('blocks'), json: Buffer.from(pageJson(syncTable('blocks'), rowsOf('blocks', 7))) }]);
    await writer.close();
    expect((store.db.prepare('select count(*) as n from rep_blocks').get() as { n: number }).n).toBe(7);
    close();
  });
});
