/**
 * Cache migration 3: the self-reflection toolkit's progress, per user and tool (responses as JSON keyed by step
 * number).
 *
 * Frozen: what cache migration 3 created, as it shipped. A user's file may be at any earlier version, so this is
 * never edited; a feature that needs a change adds a migration (a new module here) and reads its names from it.
 * tests/unit/cache-schema.test.ts holds the schema each migration leaves.
 */
export const TOOLKIT_PROGRESS_SCHEMA = `create table toolkit_progress (
     user_id         text not null,
     tool_id         text not null,
     completed_steps text not null,
     step_responses  text not null,
     updated_at      text not null,
     primary key (user_id, tool_id)
   )`;
