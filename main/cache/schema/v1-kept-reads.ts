/**
 * Cache migration 1: read results kept for offline review (main/cache/read-cache.ts); data is the JSON of the
 * operation's output.
 *
 * Frozen: what cache migration 1 created, as it shipped. A user's file may be at any earlier version, so this is
 * never edited; a feature that needs a change adds a migration (a new module here) and reads its names from it.
 * tests/unit/cache-schema.test.ts holds the schema each migration leaves.
 */
export const KEPT_READS_SCHEMA = `create table kept_reads (
     user_id    text not null,
     op         text not null,
     input_key  text not null,
     data       text not null,
     fetched_at text not null,
     primary key (user_id, op, input_key)
   )`;
