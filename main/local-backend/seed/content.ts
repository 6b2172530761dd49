import type pg from 'pg';
import * as T from './texts.js';

/**
 * Bulk content in SQL, from the seed_users work table: one statement per table, generate_series per user.
 * Determinism: setseed() before each statement fixes random(); every statement that calls random() reads a single
 * table in its physical order (no joins), so the sequence of calls is the same on every run. The inner
 * "offset 0" subqueries stop the planner from inlining them, so each random() runs exactly once per row.
 */

async function run(client: pg.PoolClient, seed: number, sql: string, params: unknown[] = []): Promise<number> {
  await client.query('select setseed($1)', [seed]);
  const res = await client.query(sql, params);
  return res.rowCount ?? 0;
}

/** A moment in the user's active span, skewed a little towards its end (people write more once they are hooked). */
const WHEN = `u.created_at + (u.active_until - u.created_at) * power(random(), 0.8)`;

export async function insertJournalContent(client: pg.PoolClient, now: Date): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  counts.blocks = await run(
    client,
    0.11,
    `
    insert into public.blocks (id, user_id, title, content, tags, created_at, updated_at)
    select pg_temp.sid('block:' || idx || ':' || g), id, pg_temp.pick($1, r1),
           concat_ws(' ', pg_temp.pick($2, r2), pg_temp.pick($3, r3), nullif(pg_temp.pick($4, r4), '')),
           case when r5 < 0.45 then '{}'::text[]
                when r5 < 0.85 then array[pg_temp.pick($5, r6)]
                else array[pg_temp.pick($5, r6), pg_temp.pick($5, case when r6 < 0.5 then r6 + 0.5 else r6 - 0.5 end)] end,
           t, t + case when r7 < 0.15 then interval '25 minutes' * r7 else interval '0' end
      from (select u.idx, u.id, g, ${WHEN} as t, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7
              from seed_users u cross join lateral generate_series(1, u.n_blocks) g offset 0) s`,
    [T.BLOCK_TITLES, T.BLOCK_OPENERS, T.BLOCK_MIDDLES, T.BLOCK_CLOSERS, T.BLOCK_TAGS],
  );

  counts.goals = await run(
    client,
    0.12,
    `
    insert into public.goals (id, user_id, title, description, status, target_date, completed_at, created_at, updated_at)
    select pg_temp.sid('goal:' || idx || ':' || g), id, pg_temp.pick($1, r1), 'Why it matters: ' || lower(pg_temp.pick($2, r2)), st,
           (t + interval '1 day' * (30 + floor(r3 * 150)))::date,
           case when st = 'completed' then least(t + interval '1 day' * (7 + r3 * 90), $3::timestamptz) end, t, t
      from (select u.idx, u.id, g, ${WHEN} as t, random() r1, random() r2, random() r3,
                   (array['active','active','active','active','active','completed','completed','completed','paused','archived'])[1 + floor(random() * 10)::int] st
              from seed_users u cross join lateral generate_series(1, u.n_goals) g offset 0) s`,
    [T.GOAL_TITLES, T.BLOCK_MIDDLES, now],
  );

  counts.challenges = await run(
    client,
    0.13,
    `
    insert into public.challenges (id, user_id, title, description, status, resolved_at, created_at, updated_at)
    select pg_temp.sid('challenge:' || idx || ':' || g), id, pg_temp.pick($1, r1), pg_temp.pick($2, r2), st,
           case when st = 'resolved' then t + interval '1 day' * (3 + r3 * 60) end, t, t
      from (select u.idx, u.id, g, ${WHEN} as t, random() r1, random() r2, random() r3,
                   (array['active','active','active','active','resolved','resolved','archived'])[1 + floor(random() * 7)::int] st
              from seed_users u cross join lateral generate_series(1, u.n_challenges) g offset 0) s`,
    [T.CHALLENGE_TITLES, T.BLOCK_MIDDLES],
  );

  // Most sessions complete; an abandoned one has a partial actual duration and no completed_at.
  counts.meditation_sessions = await run(
    client,
    0.14,
    `
    insert into public.meditation_sessions (id, user_id, brainwave_type, duration_minutes, actual_duration_seconds, completed_at, created_at)
    select pg_temp.sid('meditation:' || idx || ':' || g), id, bw, mins,
           case when done then floor(mins * 60 * (0.97 + 0.03 * r1))::int else floor(mins * 60 * r1 * 0.8)::int end,
           case when done then t + interval '1 second' * floor(mins * 60 * (0.97 + 0.03 * r1)) end, t
      from (select u.idx, u.id, g, ${WHEN} as t, random() r1, random() < 0.82 as done,
                   (array['alpha','alpha','alpha','theta','theta','beta','delta','gamma'])[1 + floor(random() * 8)::int] bw,
                   (array[5,10,10,15,15,20,30,45])[1 + floor(random() * 8)::int] mins
              from seed_users u cross join lateral generate_series(1, u.n_meditations) g offset 0) s`,
  );

  counts.saved_reflections = await run(
    client,
    0.15,
    `
    insert into public.saved_reflections (id, user_id, reflection_type, content, created_at)
    select pg_temp.sid('reflection:' || idx || ':' || g), id, pg_temp.pick(array['brief','brief','detailed','deep'], r1), pg_temp.pick($1, r2), t
      from (select u.idx, u.id, g, ${WHEN} as t, random() r1, random() r2
              from seed_users u cross join lateral generate_series(1, u.n_reflections) g offset 0) s`,
    [T.REFLECTIONS],
  );
  return counts;
}

/**
 * Coach sessions, their messages and panels. coachIds is ordered by popularity (inactive coaches last), and the
 * skewed pick makes the first coaches the most used ones.
 */
export async function insertCoachingActivity(
  client: pg.PoolClient,
  coachIds: readonly string[],
  panelCombos: readonly string[],
  messagesPerInteraction: number,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  counts.coach_interactions = await run(
    client,
    0.21,
    `
    insert into public.coach_interactions (id, user_id, coach_id, message_count, created_at, ended_at)
    select pg_temp.sid('interaction:' || idx || ':' || g), id, ($1::uuid[])[1 + floor(power(r1, 1.8) * cardinality($1::uuid[]))::int],
           n, t, t + interval '50 seconds' * n + interval '1 second' * floor(r2 * 40)
      from (select u.idx, u.id, g, ${WHEN} as t, random() r1, random() r2,
                   -- pairs = 1 + a stochastically rounded exponential, so the mean is exactly $2 messages
                   2 * (1 + floor(-ln(1 - random()) * greatest($2 / 2.0 - 1, 0) + random()))::int as n
              from seed_users u cross join lateral generate_series(1, u.n_interactions) g offset 0) s`,
    [coachIds, messagesPerInteraction],
  );

  // Reads coach_interactions in the order the statement above wrote it (one table, no join).
  counts.chat_messages = await run(
    client,
    0.22,
    `
    insert into public.chat_messages (id, user_id, coach_id, interaction_id, role, content, created_at)
    select pg_temp.sid('message:' || iid || ':' || g), user_id, coach_id, iid,
           case when g % 2 = 1 then 'user' else 'assistant' end,
           case when g % 2 = 1 then pg_temp.pick($1, r) else pg_temp.pick($2, r) end,
           created_at + interval '50 seconds' * (g - 1)
      from (select ci.id iid, ci.user_id, ci.coach_id, ci.created_at, g, random() r
              from public.coach_interactions ci cross join lateral generate_series(1, ci.message_count) g offset 0) s`,
    [T.USER_MESSAGES, T.ASSISTANT_MESSAGES],
  );

  counts.coach_panel_interactions = await run(
    client,
    0.23,
    `
    insert into public.coach_panel_interactions (id, user_id, coach_ids, question, created_at)
    select pg_temp.sid('panel:' || idx || ':' || g), id, ($1::text[])[1 + floor(power(r1, 1.5) * cardinality($1::text[]))::int]::uuid[],
           pg_temp.pick($2, r2), t
      from (select u.idx, u.id, g, ${WHEN} as t, random() r1, random() r2
              from seed_users u cross join lateral generate_series(1, u.n_panels) g offset 0) s`,
    [panelCombos, T.PANEL_QUESTIONS],
  );
  return counts;
}

/** AI usage of the last 120 days (the usage screen's longest period is 90 days). */
export async function insertApiUsage(client: pg.PoolClient, now: Date): Promise<number> {
  return run(
    client,
    0.31,
    `
    insert into public.api_usage_logs (id, user_id, endpoint_type, model, prompt_token_count, candidates_token_count,
                                       total_token_count, estimated_cost_usd, response_time_ms, success, created_at)
    select pg_temp.sid('api:' || idx || ':' || g), id, ep, case when ep = 'tts-generator' then 'gemini-2.5-flash-preview-tts' else 'gemini-2.5-flash' end,
           pin, pout, pin + pout, round(((pin * 0.30 + pout * 2.50) / 1000000.0)::numeric, 6),
           floor(400 + r3 * 2600 + (pin + pout) * 0.4)::int, r4 > 0.02,
           greatest(created_at, $1::timestamptz - interval '120 days' * r5)
      from (select u.idx, u.id, u.created_at, g, random() r3, random() r4, random() r5,
                   (array['coach-chat','coach-chat','coach-chat','mirror-reflection','mirror-reflection','daily-wisdom','entry-analysis',
                          'entry-analysis','block-suggestions','coach-panel','public-chatbot','internal-chatbot','tts-generator'])[1 + floor(random() * 13)::int] ep,
                   floor(300 + random() * 2500)::int pin, floor(80 + random() * 900)::int pout
              from seed_users u cross join lateral generate_series(1, u.n_apilogs) g offset 0) s`,
    [now],
  );
}
