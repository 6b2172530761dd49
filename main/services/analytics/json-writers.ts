/**
 * Writing a page of the pull without parsing it in JavaScript: SQLite reads the response's bytes with jsonb_each
 * and inserts the page's rows in one statement. At millions of rows this is what keeps a first sync short: no
 * JSON.parse building an object per row on main's thread, and one call into SQLite per page instead of one per row.
 *
 * The page is admin_analytics_page's compact answer (migration 0094): `{"n", "ts", "id", "rows": [[day, ...], ...]}`,
 * each row its UTC day number then the table's COMPACT_COLUMNS (tables.ts) in that order. Each statement writes
 * exactly what the row-by-row writer of tables.ts writes for the same rows (tests/unit/analytics-json-writers.test.ts);
 * tables whose rows need JavaScript (arrays sorted into a key, jsonb summaries) keep that writer.
 */
import type Database from 'better-sqlite3';

/**
 * The page's rows as `v`. The page may come as the response's bytes (a blob: cast to text, since SQLite would read
 * a blob as its binary JSONB) or as text. jsonb_each hands each row over parsed (SQLite's binary JSON), so the
 * row's `->>` lookups do not parse its text again.
 */
const ROWS = `from (select j.value as v from jsonb_each(cast(? as text), '$.rows') j)`;
// Duplicates are skipped with ON CONFLICT DO NOTHING rather than INSERT OR IGNORE, which would also skip, silently,
// a row without a day (NULL): that must fail the page, as it does row by row.
/** The row's UTC day number (floor(created_at's Unix seconds / 86,400), counted by the server as dayOf counts it). */
const DAY = 'v ->> 0';

/** A page of the pull: its UTF-8 bytes as received (no decoding into a JS string), or text. */
export type JsonText = string | Uint8Array;
export type JsonWriter = (json: JsonText) => void;

/** The SQL reading a column of a compact row: its place among the table's columns, after the day. */
export const compactColumn = (columns: readonly string[], name: string): string => {
  const i = columns.indexOf(name);
  if (i < 0) throw new Error(`Not a column of the compact page: ${name}`);
  return `v ->> ${i + 1}`;
};

/** A number column as the row-by-row writer's int(): truncated, 0 when null. */
const int = (col: string) => `coalesce(cast(${col} as integer), 0)`;

/** Activity rows whose figures never change once written (a row pulled again is left as it is). */
export const immutableJson =
  (table: string, columns: readonly string[], extra: readonly string[] = []) =>
  (db: Database.Database): JsonWriter => {
    const c = (name: string) => compactColumn(columns, name);
    const cols = ['user_id', 'id', ...extra];
    const stmt = db.prepare(`insert into ${table} (day, ${cols.join(', ')})
      select ${DAY}, ${cols.map(c).join(', ')} ${ROWS} where true on conflict do nothing`);
    return (json) => void stmt.run(json);
  };

export const profilesJson =
  (columns: readonly string[]) =>
  (db: Database.Database): JsonWriter => {
    const stmt = db.prepare(`insert into rep_profiles (day, id) select ${DAY}, ${compactColumn(columns, 'id')} ${ROWS} where true on conflict do nothing`);
    return (json) => void stmt.run(json);
  };

export const meditationJson =
  (columns: readonly string[]) =>
  (db: Database.Database): JsonWriter => {
    const c = (name: string) => compactColumn(columns, name);
    // 'where true' tells SQLite's parser that ON CONFLICT belongs to the insert, not to a join. In place of
    // completed_at the server sends whether the session completed (completed_at is not null): ->> reads 1 or 0.
    const stmt = db.prepare(`insert into rep_meditation (day, user_id, id, brainwave, planned_minutes, listened_seconds, completed)
    select ${DAY}, ${c('user_id')}, ${c('id')}, ${c('brainwave_type')}, ${int(c('duration_minutes'))}, ${int(c('actual_duration_seconds'))},
      ${c('completed_at')} ${ROWS} where true
    on conflict (day, user_id, id) do update set brainwave = excluded.brainwave, planned_minutes = excluded.planned_minutes,
      listened_seconds = excluded.listened_seconds, completed = excluded.completed
    where brainwave <> excluded.brainwave or planned_minutes <> excluded.planned_minutes
       or listened_seconds <> excluded.listened_seconds or completed <> excluded.completed`);
    return (json) => void stmt.run(json);
  };

export const subscriptionsJson =
  (columns: readonly string[]) =>
  (db: Database.Database): JsonWriter => {
    const c = (name: string) => compactColumn(columns, name);
    const stmt = db.prepare(`insert into rep_subscriptions (id, day, user_id, plan_id, status)
    select ${c('id')}, ${DAY}, ${c('user_id')}, ${c('plan_id')}, ${c('status')} ${ROWS} where true
    on conflict (id) do update set day = excluded.day, user_id = excluded.user_id, plan_id = excluded.plan_id, status = excluded.status`);
    return (json) => void stmt.run(json);
  };
