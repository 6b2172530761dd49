// The replica's aggregates are always equal to its rows, however the rows got there: pages with duplicates,
// sessions completing later, months replaced by a reconcile, or a bulk first load rebuilt at the end. And the
// User Analytics figures computed from them equal a brute-force count over the same rows.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import { migrate } from '../../main/cache/migrations.js';
import { beginBulkLoad, endBulkLoad } from '../../main/cache/replica-aggregates.js';
import { createReplicaStore } from '../../main/services/analytics/replica-store.js';
import { syncTable, type ServerRow } from '../../main/services/analytics/tables.js';
import { userAnalytics } from '../../main/services/analytics/user-analytics.js';
import { analyticsWindow, dayOf, DAY_MS, type RangeDays } from '../../shared/rules/analytics/range.js';
import { panelCombinationKey } from '../../shared/rules/analytics/metrics.js';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const USERS = ['u-admin', 'u-b', 'u-c', 'u-d'];
const COACHES = ['c-1', 'c-2', 'c-3'];
const TABLES = ['profiles', 'blocks', 'chat_messages', 'coach_interactions', 'coach_panel_interactions', 'meditation_sessions'] as const;
type Table = (typeof TABLES)[number];

const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

/** A small deterministic hash, so a row's day, user and coach follow from its id as on a real server. */
const h = (s: string, m: number) => [...s].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7) % m;

/** A server row of `table`: fixed by its id (created within the last 40 days, some exactly at midnight), except
 * a meditation session's completion, which may change between pulls. */
const rowArb = (table: Table) =>
  fc.record({ n: fc.integer({ min: 1, max: 60 }), done: fc.boolean(), secs: fc.nat(3000) }).map((r): ServerRow => {
    const id = table === 'profiles' ? USERS[r.n % USERS.length]! : `${table}-${r.n}`;
    const age = h(id, 40 * 24);
    const created = h(id, 3) === 0 ? dayOf(NOW - age * 3_600_000) * DAY_MS : NOW - age * 3_600_000;
    const base = { id, user_id: USERS[h(`${id}u`, USERS.length)], created_at: iso(created), updated_at: iso(NOW) };
    const coach = h(`${id}c`, 4);
    if (table === 'profiles') return { id, created_at: base.created_at, updated_at: base.updated_at };
    if (table === 'coach_interactions') return { ...base, coach_id: coach === 3 ? null : COACHES[coach] };
    if (table === 'coach_panel_interactions') return { ...base, coach_ids: [COACHES[(coach + 1) % 3], COACHES[coach % 3]] };
    if (table === 'meditation_sessions') {
      return {
        ...base,
        brainwave_type: ['alpha', 'theta'][h(id, 2)],
        duration_minutes: 10 + h(id, 3) * 5,
        actual_duration_seconds: r.secs,
        completed_at: r.done ? base.created_at : null,
      };
    }
    return base;
  });

type Op = { kind: 'page'; table: Table; rows: ServerRow[] } | { kind: 'replace'; table: Table; from: number; to: number; rows: ServerRow[] };
const opArb: fc.Arbitrary<Op> = fc.constantFrom(...TABLES).chain((table) =>
  fc.oneof(
    fc.array(rowArb(table), { maxLength: 12 }).map((rows): Op => ({ kind: 'page', table, rows })),
    fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 20 }), fc.array(rowArb(table), { maxLength: 8 })).map(([back, len, rows]): Op => {
      const from = dayOf(NOW) - back;
      return {
        kind: 'replace',
        table,
        from,
        to: from + len,
        rows: rows.filter((r) => dayOf(Date.parse(String(r.created_at))) >= from && dayOf(Date.parse(String(r.created_at))) < from + len),
      };
    }),
  ),
);

function replicaDb(): Database.Database {
  const db = new Database(':memory:');
  migrate(db);
  return db;
}

/** The server's rows as the replica should hold them after the operations. */
function apply(model: Map<Table, Map<string, ServerRow>>, op: Op): void {
  const rows = model.get(op.table) ?? model.set(op.table, new Map()).get(op.table)!;
  if (op.kind === 'replace') {
    for (const [id, r] of rows) {
      const d = dayOf(Date.parse(String(r.created_at)));
      if (d >= op.from && d < op.to) rows.delete(id);
    }
  }
  // A page may hold a row already there: only a meditation session takes its newer state.
  for (const r of op.rows) if (!rows.has(String(r.id)) || op.table === 'meditation_sessions') rows.set(String(r.id), r);
}

const AGGREGATES = ['agg_daily', 'agg_active', 'agg_dau', 'agg_coach', 'agg_panel', 'agg_meditation'];
const dump = (db: Database.Database) => Object.fromEntries(AGGREGATES.map((t) => [t, db.prepare(`select * from ${t} order by 1, 2`).all()]));

describe('analytics replica aggregates', () => {
  it('stay equal to a rebuild from the rows after any sequence of pages and month replacements', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 25 }), (ops) => {
        const db = replicaDb();
        const store = createReplicaStore(db);
        const model = new Map<Table, Map<string, ServerRow>>();
        for (const op of ops) {
          if (op.kind === 'page') store.writePage(syncTable(op.table), op.rows);
          else store.replaceDays(syncTable(op.table), op.from, op.to, op.rows);
          apply(model, op);
        }
        const viaTriggers = dump(db);
        endBulkLoad(db);
        expect(dump(db)).toEqual(viaTriggers);

        // The same rows loaded in bulk give the same aggregates.
        const bulk = replicaDb();
        const bulkStore = createReplicaStore(bulk);
        beginBulkLoad(bulk);
        for (const [table, rows] of model) bulkStore.writePage(syncTable(table), [...rows.values()]);
        endBulkLoad(bulk);
        expect(dump(bulk)).toEqual(viaTriggers);
        expect(bulk.prepare("select count(*) n from sqlite_master where type = 'trigger'").get()).toEqual(
          db.prepare("select count(*) n from sqlite_master where type = 'trigger'").get(),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('give User Analytics figures equal to a brute-force count over the same rows', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { minLength: 1, maxLength: 20 }),
        fc.constantFrom<RangeDays>(7, 14, 30, 0),
        fc.constantFrom<string | null>(null, 'u-admin'),
        (ops, days, exclude) => {
          const db = replicaDb();
          const store = createReplicaStore(db);
          const model = new Map<Table, Map<string, ServerRow>>();
          for (const op of ops.filter((o) => o.kind === 'page')) {
            store.writePage(syncTable(op.table), op.rows);
            apply(model, op);
          }
          store.replaceAll(
            syncTable('coaches'),
            COACHES.map((id) => ({ id, name: `Coach ${id}` })),
          );
          const got = userAnalytics(db, { days, excludeUserId: exclude, nowMs: NOW });

          const w = analyticsWindow(days, NOW);
          const from = w.windowStartDay ?? -Infinity;
          const rowsOf = (t: Table) => [...(model.get(t)?.values() ?? [])].filter((r) => (t === 'profiles' ? r.id : r.user_id) !== exclude);
          const day = (r: ServerRow) => dayOf(Date.parse(String(r.created_at)));
          const inWindow = (t: Table) => rowsOf(t).filter((r) => day(r) >= from);
          expect(got.cards.totalUsers).toBe(rowsOf('profiles').length);
          expect(got.cards.newUsers).toBe(inWindow('profiles').length);
          expect(got.totals.journalEntries).toBe(inWindow('blocks').length);
          expect(got.totals.chatMessages).toBe(inWindow('chat_messages').length);
          expect(got.cards.aiInteractions).toBe(inWindow('coach_interactions').length + inWindow('coach_panel_interactions').length);
          const activity = (['blocks', 'chat_messages', 'coach_interactions', 'coach_panel_interactions', 'meditation_sessions'] as const).flatMap(rowsOf);
          for (const p of got.series) {
            const d = dayOf(Date.parse(p.date));
            expect(p.activeUsers).toBe(new Set(activity.filter((r) => day(r) === d).map((r) => r.user_id)).size);
            expect(p.totalUsers).toBe(rowsOf('profiles').filter((r) => day(r) <= d).length);
          }
          const med = inWindow('meditation_sessions');
          expect(got.meditation.sessions).toBe(med.length);
          expect(got.meditation.completedSessions).toBe(med.filter((r) => r.completed_at).length);
          const coachCounts = new Map<string, number>();
          for (const r of inWindow('coach_interactions')) if (r.coach_id) coachCounts.set(String(r.coach_id), (coachCounts.get(String(r.coach_id)) ?? 0) + 1);
          expect(new Map(got.coachPopularity.map((c) => [c.coachId, c.sessions]))).toEqual(coachCounts);
          const combos = new Map<string, number>();
          for (const r of inWindow('coach_panel_interactions')) {
            const k = panelCombinationKey(r.coach_ids as string[]);
            combos.set(k, (combos.get(k) ?? 0) + 1);
          }
          expect(new Map(got.panelCombinations.map((c) => [c.key, c.count]))).toEqual(combos);
        },
      ),
      { numRuns: 80 },
    );
  });
});
