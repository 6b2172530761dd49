/**
 * Bulk loading of the analytics replica. A first sync writes millions of rows; keeping the aggregates per row
 * through the triggers costs more than the rows themselves. So a first sync drops the triggers, loads the rows,
 * then rebuilds every aggregate from the rows with a few GROUP BY statements and puts the triggers back, in one
 * transaction. 'aggregates' in rep_meta says which state the file is in ('bulk' while the triggers are off),
 * so a load interrupted by a crash is finished by the next sync, never read half-done.
 */
import type Database from 'better-sqlite3';
import { writeTransaction } from './transaction.js';
import { ACTIVITY_KIND_LIST, ACTIVITY_KINDS, aggregateTriggers } from './schema/v2-analytics-replica.js';

const STATE_KEY = 'aggregates';

export function aggregatesInBulkMode(db: Database.Database): boolean {
  const row = db.prepare('select value from rep_meta where key = ?').get(STATE_KEY) as { value: string } | undefined;
  return row?.value === 'bulk';
}

/** Drops the aggregate triggers for a bulk load (one transaction with the state flag). */
export function beginBulkLoad(db: Database.Database): void {
  writeTransaction(db, () => {
    for (const t of aggregateTriggers()) db.exec(`drop trigger if exists ${t.name}`);
    db.prepare(`insert into rep_meta (key, value) values (?, 'bulk') on conflict (key) do update set value = excluded.value`).run(STATE_KEY);
  });
}

/** Recomputes every aggregate from the replica rows and restores the triggers, in one transaction. */
export function endBulkLoad(db: Database.Database): void {
  writeTransaction(db, () => {
    // Without the triggers while rebuilding, whatever state the file was left in.
    for (const t of aggregateTriggers()) db.exec(`drop trigger if exists ${t.name}`);
    for (const t of ['agg_daily', 'agg_active', 'agg_dau', 'agg_coach', 'agg_panel', 'agg_meditation', 'agg_engagement_coach']) db.exec(`delete from ${t}`);
    for (const kind of ACTIVITY_KIND_LIST) {
      const t = ACTIVITY_KINDS[kind];
      db.exec(`insert into agg_daily (kind, day, n) select '${kind}', day, count(*) from ${t} group by day`);
      // Each table is stored in (day, user_id) order: every pass streams, and the upsert merges the kinds.
      db.exec(`insert into agg_active (day, user_id, n) select day, user_id, count(*) from ${t} where true group by day, user_id
               on conflict (day, user_id) do update set n = n + excluded.n`);
    }
    db.exec(`insert into agg_daily (kind, day, n) select 'profiles', day, count(*) from rep_profiles group by day`);
    db.exec('insert into agg_dau (day, n) select day, count(*) from agg_active group by day');
    db.exec(
      `insert into agg_coach (day, coach_id, n) select day, coach_id, count(*) from ${ACTIVITY_KINDS.coach} where coach_id is not null group by day, coach_id`,
    );
    db.exec(`insert into agg_panel (day, combo, n) select day, combo, count(*) from ${ACTIVITY_KINDS.panel} group by day, combo`);
    db.exec(`insert into agg_meditation (day, brainwave, sessions, completed, planned_minutes, listened_seconds)
             select day, brainwave, count(*), sum(completed), sum(planned_minutes), sum(listened_seconds) from ${ACTIVITY_KINDS.meditation} group by day, brainwave`);
    db.exec('insert into agg_engagement_coach (day, coach_id, n) select day, coach_id, sum(n) from rep_engagement_coaches group by day, coach_id');
    for (const t of aggregateTriggers()) db.exec(t.sql);
    db.prepare(`insert into rep_meta (key, value) values (?, 'ok') on conflict (key) do update set value = excluded.value`).run(STATE_KEY);
  });
}
