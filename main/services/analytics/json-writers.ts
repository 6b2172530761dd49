/**
 * Writing a page of PostgREST's JSON answer without parsing it in JavaScript: SQLite reads the text with
 * jsonb_each and inserts the page's rows in one statement, from the response's bytes as received. At millions of rows this is what keeps a first sync
 * short: no JSON.parse building an object per row on main's thread, and one call into SQLite per page instead
 * of one per row. Each statement writes exactly what the row-by-row writer of tables.ts writes for the same rows
 * (tests/unit/analytics-json-writers.test.ts); tables whose rows need JavaScript (arrays sorted into a key,
 * jsonb summaries) keep that writer.
 */
import type Database from 'better-sqlite3';

/**
 * The page's rows as `v` (the row's JSON) with `s`, its created_at in whole Unix seconds. The page may come as
 * the response's bytes (a blob: cast to text, since SQLite would read a blob as its binary JSONB) or as text.
 * jsonb_each hands each row over parsed (SQLite's binary JSON), so the row's `->>` lookups do not parse its text
 * again: 12% less time per row written than json_each (synthetic pages of the pull's shape).
 */
const ROWS = `from (select unixepoch(j.value ->> 'created_at') as s, j.value as v from jsonb_each(cast(? as text)) j)`;
// Duplicates are skipped with ON CONFLICT DO NOTHING rather than INSERT OR IGNORE, which would also skip, silently,
// a row whose created_at SQLite cannot read (a NULL day): that must fail the page, as it does row by row.
/** The UTC day number of created_at (floor division, as dayOf(Date.parse(created_at)) counts it). */
const DAY = `(s - ((s % 86400) + 86400) % 86400) / 86400`;
/** A number column as the row-by-row writer's int(): truncated, 0 when null. */
const int = (key: string) => `coalesce(cast(v ->> '${key}' as integer), 0)`;

/** A page of PostgREST's JSON answer: its UTF-8 bytes as received (no decoding into a JS string), or text. */
export type JsonText = string | Uint8Array;
export type JsonWriter = (json: JsonText) => void;

/** Activity rows whose figures never change once written (a row pulled again is left as it is). */
export const immutableJson =
  (table: string, extra: Readonly<Record<string, string>> = {}) =>
  (db: Database.Database): JsonWriter => {
    const cols = ['day', 'user_id', 'id', ...Object.keys(extra)];
    const stmt = db.prepare(`insert into ${table} (${cols.join(', ')})
      select ${DAY}, v ->> 'user_id', v ->> 'id'${Object.values(extra)
        .map((e) => `, ${e}`)
        .join('')} ${ROWS} where true on conflict do nothing`);
    return (json) => void stmt.run(json);
  };

export const profilesJson = (db: Database.Database): JsonWriter => {
  const stmt = db.prepare(`insert into rep_profiles (day, id) select ${DAY}, v ->> 'id' ${ROWS} where true on conflict do nothing`);
  return (json) => void stmt.run(json);
};

export const meditationJson = (db: Database.Database): JsonWriter => {
  // 'where true' tells SQLite's parser that ON CONFLICT belongs to the insert, not to a join.
  const stmt = db.prepare(`insert into rep_meditation (day, user_id, id, brainwave, planned_minutes, listened_seconds, completed)
    select ${DAY}, v ->> 'user_id', v ->> 'id', v ->> 'brainwave_type', ${int('duration_minutes')}, ${int('actual_duration_seconds')},
      coalesce(v ->> 'completed_at', '') <> '' ${ROWS} where true
    on conflict (day, user_id, id) do update set brainwave = excluded.brainwave, planned_minutes = excluded.planned_minutes,
      listened_seconds = excluded.listened_seconds, completed = excluded.completed
    where brainwave <> excluded.brainwave or planned_minutes <> excluded.planned_minutes
       or listened_seconds <> excluded.listened_seconds or completed <> excluded.completed`);
  return (json) => void stmt.run(json);
};

export const subscriptionsJson = (db: Database.Database): JsonWriter => {
  const stmt = db.prepare(`insert into rep_subscriptions (id, day, user_id, plan_id, status)
    select v ->> 'id', ${DAY}, v ->> 'user_id', v ->> 'plan_id', v ->> 'status' ${ROWS} where true
    on conflict (id) do update set day = excluded.day, user_id = excluded.user_id, plan_id = excluded.plan_id, status = excluded.status`);
  return (json) => void stmt.run(json);
};
