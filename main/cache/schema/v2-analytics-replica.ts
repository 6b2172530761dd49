/**
 * Cache migration 2: the analytics replica's tables in the profile's SQLite cache: just the columns the analytics need, and
 * per-day aggregates that SQLite triggers keep equal to those rows. Whatever writes a replica row (a page of an
 * incremental pull, a month re-pulled after a reconcile) therefore updates the aggregates in the same
 * transaction (SECURITY.md D2), and no reader ever sees one without the other. A first sync loads without the
 * triggers and rebuilds the aggregates once at the end (main/cache/replica-aggregates.ts).
 *
 * Layout, chosen for the sizes of the benchmark (millions of rows):
 * - activity tables are WITHOUT ROWID with the key (day, user_id, id): pulls arrive roughly in time order, so
 *   inserts append instead of landing at random places of a large b-tree, and "this user's rows on these days"
 *   (to leave the signed-in admin out) is a key lookup per day.
 * - days are UTC day numbers (shared/rules/analytics/range.ts); instants the screens need are kept in ms.
 * - aggregates: rows per kind and day (agg_daily), distinct active users per day (agg_active, agg_dau),
 *   meditation, coach and panel figures per day.
 *
 * Frozen: what cache migration 2 created, as it shipped. A user's file may be at any earlier version, so this is
 * never edited; a feature that needs a change adds a migration (a new module here) and reads its names from it.
 * tests/unit/cache-schema.test.ts holds the schema each migration leaves.
 */

/** Activity kinds: the replica table each is kept in, counted per day in agg_daily. */
export const ACTIVITY_KINDS = {
  blocks: 'rep_blocks',
  goals: 'rep_goals',
  challenges: 'rep_challenges',
  meditation: 'rep_meditation',
  reflections: 'rep_reflections',
  coach: 'rep_coach_sessions',
  panel: 'rep_panels',
  chat: 'rep_chat',
} as const;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;
/** Kinds counted per day: the activities, plus sign-ups. */
export type DailyKind = ActivityKind | 'profiles';
export const ACTIVITY_KIND_LIST = Object.keys(ACTIVITY_KINDS) as ActivityKind[];

const EXTRA_COLUMNS: Partial<Record<ActivityKind, string>> = {
  meditation: 'brainwave text not null, planned_minutes integer not null, listened_seconds integer not null, completed integer not null,',
  coach: 'coach_id text,',
  panel: 'combo text not null,',
};

const upsert = (table: string, key: string, keyValues: string, delta: string) =>
  `insert into ${table} (${key}, n) values (${keyValues}, ${delta}) on conflict (${key}) do update set n = n + ${delta};`;
const decrement = (table: string, where: string) => `update ${table} set n = n - 1 where ${where}; delete from ${table} where ${where} and n = 0;`;

export interface Trigger {
  readonly name: string;
  readonly sql: string;
}

function activityTriggers(kind: ActivityKind): Trigger[] {
  const t = ACTIVITY_KINDS[kind];
  const onInsert = [upsert('agg_daily', 'kind, day', `'${kind}', new.day`, '1'), upsert('agg_active', 'day, user_id', 'new.day, new.user_id', '1')];
  const onDelete = [decrement('agg_daily', `kind = '${kind}' and day = old.day`), decrement('agg_active', 'day = old.day and user_id = old.user_id')];
  const triggers: Trigger[] = [];
  if (kind === 'coach') {
    onInsert.push(
      `insert into agg_coach (day, coach_id, n) select new.day, new.coach_id, 1 where new.coach_id is not null on conflict (day, coach_id) do update set n = n + 1;`,
    );
    onDelete.push(decrement('agg_coach', 'day = old.day and coach_id = old.coach_id'));
  }
  if (kind === 'panel') {
    onInsert.push(upsert('agg_panel', 'day, combo', 'new.day, new.combo', '1'));
    onDelete.push(decrement('agg_panel', 'day = old.day and combo = old.combo'));
  }
  if (kind === 'meditation') {
    const add = (row: 'new' | 'old', sign: '+' | '-') =>
      `insert into agg_meditation (day, brainwave, sessions, completed, planned_minutes, listened_seconds)
         values (${row}.day, ${row}.brainwave, ${sign}1, ${sign}${row}.completed, ${sign}${row}.planned_minutes, ${sign}${row}.listened_seconds)
         on conflict (day, brainwave) do update set sessions = sessions + excluded.sessions, completed = completed + excluded.completed,
           planned_minutes = planned_minutes + excluded.planned_minutes, listened_seconds = listened_seconds + excluded.listened_seconds;`;
    const prune = `delete from agg_meditation where day = old.day and brainwave = old.brainwave and sessions = 0;`;
    onInsert.push(add('new', '+'));
    onDelete.push(add('old', '-'), prune);
    // A session completes after it was first pulled: the pull upserts it, and the figures follow.
    triggers.push({ name: `${t}_au`, sql: `create trigger ${t}_au after update on ${t} begin ${add('old', '-')} ${add('new', '+')} ${prune} end` });
  }
  triggers.push({ name: `${t}_ai`, sql: `create trigger ${t}_ai after insert on ${t} begin ${onInsert.join(' ')} end` });
  triggers.push({ name: `${t}_ad`, sql: `create trigger ${t}_ad after delete on ${t} begin ${onDelete.join(' ')} end` });
  return triggers;
}

/** The triggers that keep the aggregates equal to the replica rows. */
export function aggregateTriggers(): Trigger[] {
  return [
    { name: 'agg_active_ai', sql: `create trigger agg_active_ai after insert on agg_active begin ${upsert('agg_dau', 'day', 'new.day', '1')} end` },
    { name: 'agg_active_ad', sql: `create trigger agg_active_ad after delete on agg_active begin ${decrement('agg_dau', 'day = old.day')} end` },
    ...ACTIVITY_KIND_LIST.flatMap(activityTriggers),
    {
      name: 'rep_profiles_ai',
      sql: `create trigger rep_profiles_ai after insert on rep_profiles begin ${upsert('agg_daily', 'kind, day', `'profiles', new.day`, '1')} end`,
    },
    {
      name: 'rep_profiles_ad',
      sql: `create trigger rep_profiles_ad after delete on rep_profiles begin ${decrement('agg_daily', `kind = 'profiles' and day = old.day`)} end`,
    },
    {
      name: 'rep_engagement_coaches_ai',
      sql: `create trigger rep_engagement_coaches_ai after insert on rep_engagement_coaches begin ${upsert('agg_engagement_coach', 'day, coach_id', 'new.day, new.coach_id', 'new.n')} end`,
    },
    {
      name: 'rep_engagement_coaches_ad',
      sql: `create trigger rep_engagement_coaches_ad after delete on rep_engagement_coaches begin
              update agg_engagement_coach set n = n - old.n where day = old.day and coach_id = old.coach_id;
              delete from agg_engagement_coach where day = old.day and coach_id = old.coach_id and n = 0; end`,
    },
  ];
}

export function replicaSchema(): string {
  return `
    -- Sync bookkeeping: one row per server table (watermark = the last (column value, id) pulled).
    create table rep_state (tbl text primary key, wm_ts text, wm_id text, pulled_at text);
    create table rep_meta (key text primary key, value text not null);

    create table agg_daily (kind text not null, day integer not null, n integer not null, primary key (kind, day)) without rowid;
    create table agg_active (day integer not null, user_id text not null, n integer not null, primary key (day, user_id)) without rowid;
    create table agg_dau (day integer primary key, n integer not null);
    create table agg_coach (day integer not null, coach_id text not null, n integer not null, primary key (day, coach_id)) without rowid;
    create table agg_panel (day integer not null, combo text not null, n integer not null, primary key (day, combo)) without rowid;
    create table agg_meditation (day integer not null, brainwave text not null, sessions integer not null, completed integer not null,
                                 planned_minutes integer not null, listened_seconds integer not null, primary key (day, brainwave)) without rowid;

    ${ACTIVITY_KIND_LIST.map(
      (kind) => `create table ${ACTIVITY_KINDS[kind]} (day integer not null, user_id text not null, id text not null, ${EXTRA_COLUMNS[kind] ?? ''}
                   primary key (day, user_id, id)) without rowid;`,
    ).join('\n')}

    create table rep_profiles (day integer not null, id text not null, primary key (day, id)) without rowid;

    create table rep_subscriptions (id text primary key, day integer not null, user_id text not null, plan_id text, status text not null) without rowid;
    create table rep_plans (id text primary key, name text not null) without rowid;
    create table rep_coaches (id text primary key, name text not null) without rowid;

    create table rep_engagement (
      id text primary key, day integer not null, user_id text not null, phase text, score_centi integer not null,
      last_activity_ms integer, journal_entries integer not null, coach_interactions integer not null,
      goals_created integer not null, streak_days integer not null) without rowid;
    -- coach_interaction_summary: one row per (metrics row, coach), replaced with its metrics row, summed per day
    -- and coach in agg_engagement_coach; the names the summaries carry, for coaches no longer in the catalogue.
    create table rep_engagement_coaches (metric_id text not null, coach_id text not null, day integer not null, n integer not null,
                                         primary key (metric_id, coach_id)) without rowid;
    create table rep_summary_coach_names (coach_id text primary key, name text not null) without rowid;
    create table agg_engagement_coach (day integer not null, coach_id text not null, n integer not null, primary key (day, coach_id)) without rowid;
    create trigger rep_engagement_ad after delete on rep_engagement begin delete from rep_engagement_coaches where metric_id = old.id; end;

    ${aggregateTriggers()
      .map((t) => `${t.sql};`)
      .join('\n')}
  `;
}
