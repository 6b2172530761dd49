/**
 * What the replica copies from each server table: the columns the figures need, how a row is written to its
 * replica table, and how the table is kept current.
 *
 * - `watermark`: the column incremental pulls follow, with id as tie-breaker. updated_at where the table has one
 *   (a back-dated insert or a status change then arrives at the next pull); created_at for append-only tables,
 *   whose back-dated inserts and deletions the count reconcile finds.
 * - `trailingMs`: rows created this recently are read again on every pull, for tables whose rows change after
 *   they were first pulled but have no updated_at (a meditation session completes after it starts).
 * - `reconcile`: the table's rows are counted on the server by created_at month and compared with the replica.
 *   Tables without it (coaches, plans: a few dozen rows) are read whole on every sync.
 * - `compact`: the columns a page of admin_analytics_page (migration 0094) carries after each row's day, in that
 *   order, for the tables whose rows SQL writes (json-writers.ts); the others are pulled through the table API.
 */
import type Database from 'better-sqlite3';
import { dayOf, timestampMs } from '../../../shared/rules/analytics/range.js';
import { latestActivityMs, panelCombinationKey, scoreCenti } from '../../../shared/rules/analytics/metrics.js';
import { ACTIVITY_KINDS, type DailyKind } from '../../cache/schema/v2-analytics-replica.js';
import { immutableJson, meditationJson, profilesJson, subscriptionsJson, type JsonWriter } from './json-writers.js';

export type ServerRow = Record<string, unknown>;

export interface SyncTable {
  readonly name: string;
  readonly select: string;
  readonly watermark: 'created_at' | 'updated_at' | null;
  readonly trailingMs?: number;
  readonly reconcile: boolean;
  /** The replica table, and its kind in agg_daily when it is counted there. */
  readonly replica: string;
  readonly kind?: DailyKind;
  /** Returns a function writing one page of server rows (the caller holds the transaction). */
  writer(db: Database.Database): (rows: readonly ServerRow[]) => void;
  /** The columns of the table's compact pages (migration 0094), when it is pulled that way. */
  readonly compact?: readonly string[];
  /** Writes a compact page straight from its JSON text (json-writers.ts); present with `compact`. */
  readonly jsonWriter?: (db: Database.Database) => JsonWriter;
}

const str = (v: unknown): string => String(v);
const optStr = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const int = (v: unknown): number => Math.trunc(Number(v ?? 0)) || 0;
const dayOfRow = (row: ServerRow): number => dayOf(timestampMs(str(row.created_at)));

/** Activity rows whose figures never change once written: a row pulled again is left as it is. */
function immutable(table: string, extra: readonly string[] = [], values: (row: ServerRow) => unknown[] = () => []) {
  return (db: Database.Database) => {
    const cols = ['day', 'user_id', 'id', ...extra];
    const stmt = db.prepare(`insert or ignore into ${table} (${cols.join(', ')}) values (${cols.map(() => '?').join(', ')})`);
    return (rows: readonly ServerRow[]) => {
      for (const r of rows) stmt.run(dayOfRow(r), str(r.user_id), str(r.id), ...values(r));
    };
  };
}

const ACTIVITY_COLUMNS = ['user_id', 'id'];
const COACH_COLUMNS = ['user_id', 'id', 'coach_id'];
/** completed_at travels as whether the session completed (a boolean): all the replica keeps of it. */
const MEDITATION_COLUMNS = ['user_id', 'id', 'brainwave_type', 'duration_minutes', 'actual_duration_seconds', 'completed_at'];
const SUBSCRIPTION_COLUMNS = ['user_id', 'id', 'plan_id', 'status'];

const activity = (name: string, kind: keyof typeof ACTIVITY_KINDS, watermark: 'created_at' | 'updated_at'): SyncTable => ({
  name,
  select: watermark === 'updated_at' ? 'id,user_id,created_at,updated_at' : 'id,user_id,created_at',
  watermark,
  reconcile: true,
  replica: ACTIVITY_KINDS[kind],
  kind,
  writer: immutable(ACTIVITY_KINDS[kind]),
  compact: ACTIVITY_COLUMNS,
  jsonWriter: immutableJson(ACTIVITY_KINDS[kind], ACTIVITY_COLUMNS),
});

/** A session started up to two days ago may still complete (the longest lasts 45 minutes). */
const MEDITATION_MUTABLE_MS = 2 * 86_400_000;

function meditationWriter(db: Database.Database) {
  // Only a changed row is updated, so the aggregate trigger does no needless work.
  const stmt = db.prepare(`insert into rep_meditation (day, user_id, id, brainwave, planned_minutes, listened_seconds, completed)
    values (?, ?, ?, ?, ?, ?, ?)
    on conflict (day, user_id, id) do update set brainwave = excluded.brainwave, planned_minutes = excluded.planned_minutes,
      listened_seconds = excluded.listened_seconds, completed = excluded.completed
    where brainwave <> excluded.brainwave or planned_minutes <> excluded.planned_minutes
       or listened_seconds <> excluded.listened_seconds or completed <> excluded.completed`);
  return (rows: readonly ServerRow[]) => {
    for (const r of rows) {
      stmt.run(dayOfRow(r), str(r.user_id), str(r.id), str(r.brainwave_type), int(r.duration_minutes), int(r.actual_duration_seconds), r.completed_at ? 1 : 0);
    }
  };
}

function subscriptionWriter(db: Database.Database) {
  const stmt = db.prepare(`insert into rep_subscriptions (id, day, user_id, plan_id, status) values (?, ?, ?, ?, ?)
    on conflict (id) do update set day = excluded.day, user_id = excluded.user_id, plan_id = excluded.plan_id, status = excluded.status`);
  return (rows: readonly ServerRow[]) => {
    for (const r of rows) stmt.run(str(r.id), dayOfRow(r), str(r.user_id), optStr(r.plan_id), str(r.status));
  };
}

interface CoachSummary {
  readonly coach_name?: unknown;
  readonly count?: unknown;
}

function engagementWriter(db: Database.Database) {
  const stmt = db.prepare(`insert into rep_engagement (id, day, user_id, phase, score_centi, last_activity_ms, journal_entries,
      coach_interactions, goals_created, streak_days) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    on conflict (id) do update set day = excluded.day, user_id = excluded.user_id, phase = excluded.phase, score_centi = excluded.score_centi,
      last_activity_ms = excluded.last_activity_ms, journal_entries = excluded.journal_entries, coach_interactions = excluded.coach_interactions,
      goals_created = excluded.goals_created, streak_days = excluded.streak_days`);
  const clearCoaches = db.prepare('delete from rep_engagement_coaches where metric_id = ?');
  const addCoach = db.prepare('insert or replace into rep_engagement_coaches (metric_id, coach_id, day, n) values (?, ?, ?, ?)');
  const nameCoach = db.prepare(
    'insert into rep_summary_coach_names (coach_id, name) values (?, ?) on conflict (coach_id) do update set name = excluded.name where name <> excluded.name',
  );
  return (rows: readonly ServerRow[]) => {
    for (const r of rows) {
      const id = str(r.id);
      const day = dayOfRow(r);
      const userId = str(r.user_id);
      const last = latestActivityMs([r.last_journal_entry_at, r.last_coach_interaction_at, r.last_goal_activity_at, r.last_challenge_activity_at].map(optStr));
      stmt.run(
        id,
        day,
        userId,
        optStr(r.growth_phase),
        scoreCenti(r.engagement_score as number),
        last,
        int(r.total_journal_entries),
        int(r.total_coach_interactions),
        int(r.total_goals_created),
        int(r.current_streak_days),
      );
      clearCoaches.run(id);
      const summary = (r.coach_interaction_summary ?? {}) as Record<string, CoachSummary>;
      for (const [coachId, s] of Object.entries(summary)) {
        if (!s || typeof s !== 'object') continue;
        addCoach.run(id, coachId, day, int(s.count));
        if (s.coach_name) nameCoach.run(coachId, String(s.coach_name));
      }
    }
  };
}

/** Small catalogues, replaced whole on every sync. */
function catalogueWriter(table: string) {
  return (db: Database.Database) => {
    const stmt = db.prepare(`insert or replace into ${table} (id, name) values (?, ?)`);
    return (rows: readonly ServerRow[]) => {
      for (const r of rows) stmt.run(str(r.id), str(r.name ?? ''));
    };
  };
}

export const SYNC_TABLES: readonly SyncTable[] = [
  {
    name: 'profiles',
    select: 'id,created_at,updated_at',
    watermark: 'updated_at',
    reconcile: true,
    replica: 'rep_profiles',
    kind: 'profiles',
    compact: ['id'],
    jsonWriter: profilesJson(['id']),
    writer: (db) => {
      const stmt = db.prepare('insert or ignore into rep_profiles (day, id) values (?, ?)');
      return (rows) => {
        for (const r of rows) stmt.run(dayOfRow(r), str(r.id));
      };
    },
  },
  activity('blocks', 'blocks', 'updated_at'),
  activity('goals', 'goals', 'updated_at'),
  activity('challenges', 'challenges', 'updated_at'),
  activity('saved_reflections', 'reflections', 'created_at'),
  activity('chat_messages', 'chat', 'created_at'),
  {
    name: 'coach_interactions',
    select: 'id,user_id,coach_id,created_at',
    watermark: 'created_at',
    reconcile: true,
    replica: ACTIVITY_KINDS.coach,
    kind: 'coach',
    writer: immutable(ACTIVITY_KINDS.coach, ['coach_id'], (r) => [optStr(r.coach_id)]),
    compact: COACH_COLUMNS,
    jsonWriter: immutableJson(ACTIVITY_KINDS.coach, COACH_COLUMNS, ['coach_id']),
  },
  {
    name: 'coach_panel_interactions',
    select: 'id,user_id,coach_ids,created_at',
    watermark: 'created_at',
    reconcile: true,
    replica: ACTIVITY_KINDS.panel,
    kind: 'panel',
    writer: immutable(ACTIVITY_KINDS.panel, ['combo'], (r) => [panelCombinationKey(Array.isArray(r.coach_ids) ? r.coach_ids.map(String) : [])]),
  },
  {
    name: 'meditation_sessions',
    select: 'id,user_id,created_at,brainwave_type,duration_minutes,actual_duration_seconds,completed_at',
    watermark: 'created_at',
    trailingMs: MEDITATION_MUTABLE_MS,
    reconcile: true,
    replica: ACTIVITY_KINDS.meditation,
    kind: 'meditation',
    writer: meditationWriter,
    compact: MEDITATION_COLUMNS,
    jsonWriter: meditationJson(MEDITATION_COLUMNS),
  },
  {
    name: 'user_subscriptions',
    select: 'id,user_id,plan_id,status,created_at,updated_at',
    watermark: 'updated_at',
    reconcile: true,
    replica: 'rep_subscriptions',
    writer: subscriptionWriter,
    compact: SUBSCRIPTION_COLUMNS,
    jsonWriter: subscriptionsJson(SUBSCRIPTION_COLUMNS),
  },
  {
    name: 'user_engagement_metrics',
    select:
      'id,user_id,growth_phase,engagement_score,last_journal_entry_at,last_coach_interaction_at,last_goal_activity_at,' +
      'last_challenge_activity_at,coach_interaction_summary,total_journal_entries,total_coach_interactions,total_goals_created,' +
      'current_streak_days,created_at,updated_at',
    watermark: 'updated_at',
    reconcile: true,
    replica: 'rep_engagement',
    writer: engagementWriter,
  },
  { name: 'coaches', select: 'id,name', watermark: null, reconcile: false, replica: 'rep_coaches', writer: catalogueWriter('rep_coaches') },
  { name: 'subscription_plans', select: 'id,name', watermark: null, reconcile: false, replica: 'rep_plans', writer: catalogueWriter('rep_plans') },
];

export const syncTable = (name: string): SyncTable => {
  const t = SYNC_TABLES.find((x) => x.name === name);
  if (!t) throw new Error(`Not a replicated table: ${name}`);
  return t;
};
