// A compact page (admin_analytics_page, migration 0094) written by SQLite straight from its JSON text leaves the
// replica exactly as the row-by-row writer does with the table API's rows: same days (timestamps at midnight, with
// offsets, with microseconds), same values, the same upserts of rows pulled again, the same aggregates. The
// server's function sends each table's columns in the order the writers read them.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import { migrate } from '../../main/cache/migrations.js';
import { SYNC_TABLES, type ServerRow, type SyncTable } from '../../main/services/analytics/tables.js';
import { migrationsDir } from '../../main/local-backend/migrations/index.js';
import { compactPage } from '../support/compact-page.js';

const TABLES = SYNC_TABLES.filter((t) => t.jsonWriter);
const REPLICA_TABLES = [
  'rep_profiles',
  'rep_blocks',
  'rep_goals',
  'rep_challenges',
  'rep_reflections',
  'rep_chat',
  'rep_coach_sessions',
  'rep_meditation',
  'rep_subscriptions',
  'agg_daily',
  'agg_active',
  'agg_dau',
  'agg_coach',
  'agg_meditation',
];

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** PostgREST's JSON form of a timestamptz, in several offsets and precisions. */
const timestamp = fc
  .record({
    ms: fc.integer({ min: Date.parse('1969-12-25T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') }),
    midnight: fc.boolean(),
    micro: fc.nat(999),
    offset: fc.constantFrom(0, 0, 330, -180, 60),
  })
  .map(({ ms, midnight, micro, offset }) => {
    const at = midnight ? Math.floor(ms / 86_400_000) * 86_400_000 : ms;
    const local = new Date(at + offset * 60_000);
    const frac = micro % 3 === 0 ? '' : `.${pad(local.getUTCMilliseconds(), 3)}${micro % 2 ? pad(micro, 3) : ''}`;
    const sign = offset < 0 ? '-' : '+';
    return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${frac}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  });

const rowArb = (table: SyncTable): fc.Arbitrary<ServerRow> =>
  fc
    .record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
      user_id: fc.constantFrom('u1', 'u2', 'u3'),
      created_at: timestamp,
      coach_id: fc.option(fc.constantFrom('c1', 'c2'), { nil: null }),
      brainwave_type: fc.constantFrom('alpha', 'theta'),
      duration_minutes: fc.integer({ min: 0, max: 60 }),
      actual_duration_seconds: fc.option(fc.integer({ min: 0, max: 3600 }), { nil: null }),
      completed_at: fc.option(timestamp, { nil: null }),
      plan_id: fc.option(fc.constantFrom('p1', 'p2'), { nil: null }),
      status: fc.constantFrom('active', 'canceled'),
    })
    .map((r) => {
      const base = { id: `${table.name}-${r.id}`, user_id: r.user_id, created_at: r.created_at, updated_at: r.created_at };
      if (table.name === 'profiles') return { id: base.id, created_at: base.created_at, updated_at: base.updated_at };
      if (table.name === 'coach_interactions') return { ...base, coach_id: r.coach_id };
      if (table.name === 'meditation_sessions')
        return {
          ...base,
          brainwave_type: r.brainwave_type,
          duration_minutes: r.duration_minutes,
          actual_duration_seconds: r.actual_duration_seconds,
          completed_at: r.completed_at,
        };
      if (table.name === 'user_subscriptions') return { ...base, plan_id: r.plan_id, status: r.status };
      return base;
    });

function replica(): Database.Database {
  const db = new Database(':memory:');
  migrate(db);
  return db;
}
const dump = (db: Database.Database) =>
  Object.fromEntries(
    REPLICA_TABLES.map((t) => [
      t,
      db.prepare(`select * from ${t} order by ${(db.pragma(`table_info(${t})`) as unknown[]).map((_c, i) => i + 1).join(', ')}`).all(),
    ]),
  );

describe('compact page writers', () => {
  it('cover the big tables', () => {
    expect(TABLES.map((t) => t.name)).toEqual(
      expect.arrayContaining(['profiles', 'blocks', 'chat_messages', 'coach_interactions', 'meditation_sessions', 'user_subscriptions']),
    );
    expect(SYNC_TABLES.filter((t) => t.compact).map((t) => t.name)).toEqual(TABLES.map((t) => t.name));
  });

  it('read the columns in the order the server function sends them', () => {
    const sql = fs.readFileSync(`${migrationsDir()}/0094_analytics_replica_pages.sql`, 'utf8');
    const sent = Object.fromEntries([...sql.matchAll(/when '([a-z_]+)' then '([a-z_, ]+)'/g)].map((m) => [m[1], m[2]!.split(', ')]));
    expect(sent).toEqual(Object.fromEntries(TABLES.map((t) => [t.name, t.compact])));
  });

  for (const table of TABLES) {
    it(`write ${table.name} exactly as the row-by-row writer, pages pulled again included`, () => {
      fc.assert(
        fc.property(fc.array(fc.array(rowArb(table), { maxLength: 6 }), { minLength: 1, maxLength: 4 }), (pages) => {
          const [byRow, byJson] = [replica(), replica()];
          const w = table.writer(byRow);
          const j = table.jsonWriter!(byJson);
          pages.forEach((page, i) => {
            byRow.transaction(() => w(page))();
            // The sync hands over the response's bytes; text is accepted too.
            const json = compactPage(table, page);
            byJson.transaction(() => j(i % 2 === 0 ? Buffer.from(json) : json))();
          });
          expect(dump(byJson)).toEqual(dump(byRow));
        }),
        { numRuns: 60 },
      );
    });
  }

  it('refuse a row without a day, as the row-by-row writer refuses one without a timestamp', () => {
    const db = replica();
    const page = JSON.stringify({ n: 1, ts: 'x', id: 'x', rows: [[null, 'u', 'x']] });
    expect(() => SYNC_TABLES.find((t) => t.name === 'blocks')!.jsonWriter!(db)(page)).toThrow(/NOT NULL constraint/);
    const rows = [{ id: 'x', user_id: 'u', created_at: 'not a time', updated_at: 'not a time' }];
    expect(() => SYNC_TABLES.find((t) => t.name === 'blocks')!.writer(db)(rows)).toThrow(/Not a timestamp/);
  });
});
