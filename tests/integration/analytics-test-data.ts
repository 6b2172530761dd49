/**
 * Extra rows for the analytics suites, so every replicated table holds more than 1,000 rows (one server page)
 * and the edge cases are present: rows exactly at and a microsecond before UTC midnight, null coach ids,
 * abandoned meditation sessions, scores on the histogram's bucket edges, activity on the recency edges.
 * Every row belongs to a test user (`*@<domain>`); removing the users removes the rest (on delete cascade).
 */
import type { SharedBackend } from './global-setup.js';
import { sql } from '../support/booted.js';

const TS = (k: string) => `case when i % 3 = 0 then (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') - ((i * ${k}) % 120) * interval '1 day'
   when i % 3 = 1 then (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') - ((i * ${k}) % 120) * interval '1 day' - interval '1 microsecond'
   else now() - ((i * ${k}) % 120) * interval '1 day' - (i % 997) * interval '1 minute' end`;

const users = (domain: string) => `(select u.id, u.created_at, row_number() over (order by u.email) as i from auth.users u where u.email like '%@${domain}') x`;
const coaches = `(select array_agg(id order by name) as c, array_agg(name order by name) as names from public.coaches) k`;

export async function insertAnalyticsData(backend: SharedBackend, domain: string, count = 1100): Promise<void> {
  await sql(
    backend,
    `insert into auth.users (email, encrypted_password, created_at, updated_at)
     select 'ana-' || i || '@${domain}', 'not-a-hash', now() - ((i * 7) % 150) * interval '1 day' - (i % 1440) * interval '1 minute', now()
       from generate_series(1, $1::int) i`,
    [count],
  );
  const from = `from ${users(domain)}, ${coaches}`;
  await sql(backend, `insert into public.blocks (user_id, content, created_at) select id, 'analytics test', ${TS('13')} ${from}`);
  await sql(backend, `insert into public.goals (user_id, title, created_at) select id, 'analytics goal', ${TS('17')} ${from}`);
  await sql(backend, `insert into public.challenges (user_id, title, created_at) select id, 'analytics challenge', ${TS('19')} ${from}`);
  await sql(backend, `insert into public.saved_reflections (user_id, content, created_at) select id, 'analytics reflection', ${TS('23')} ${from}`);
  await sql(
    backend,
    `insert into public.meditation_sessions (user_id, brainwave_type, duration_minutes, actual_duration_seconds, completed_at, created_at)
     select id, (array['alpha','beta','theta','delta','gamma'])[1 + i % 5], (array[5,10,15,20,30,45])[1 + i % 6],
            case when i % 4 = 0 then null else (array[5,10,15,20,30,45])[1 + i % 6] * 60 - i % 61 end,
            case when i % 3 <> 0 then now() - (i % 90) * interval '1 day' end, ${TS('29')} ${from}`,
  );
  await sql(
    backend,
    `insert into public.coach_interactions (user_id, coach_id, created_at)
     select id, case when i % 17 = 0 then null else c[1 + (i % cardinality(c))] end, ${TS('31')} ${from}`,
  );
  await sql(
    backend,
    `insert into public.chat_messages (user_id, coach_id, role, content, created_at) select id, c[1 + (i % cardinality(c))], 'user', 'hi', ${TS('37')} ${from}`,
  );
  await sql(
    backend,
    `insert into public.coach_panel_interactions (user_id, coach_ids, created_at)
     select id, array[c[1 + ((i * 5) % cardinality(c))], c[1 + (i % 3)]] || case when i % 2 = 0 then array[c[1 + ((i * 7) % cardinality(c))]] else '{}'::uuid[] end,
            ${TS('41')} ${from}`,
  );
  await sql(
    backend,
    `insert into public.user_subscriptions (user_id, plan_id, status, created_at)
     select id, (select array_agg(id order by name) from public.subscription_plans)[1 + i % 4],
            (array['active','active','trialing','canceled','past_due'])[1 + i % 5], ${TS('43')} ${from}`,
  );
  await sql(
    backend,
    `insert into public.user_engagement_metrics (user_id, growth_phase, engagement_score, last_journal_entry_at, last_coach_interaction_at,
        last_goal_activity_at, last_challenge_activity_at, coach_interaction_summary, total_journal_entries, total_coach_interactions,
        total_goals_created, current_streak_days, created_at)
     select id, (array[null, 'new', 'exploring', 'building', 'established', 'advanced'])[1 + i % 6],
            case i % 9 when 0 then 20 when 1 then 20.01 when 2 then 40 when 3 then 80.01 when 4 then 100 when 5 then 0 else (i * 37 % 10001) / 100.0 end,
            case when i % 5 = 0 then null else now() - (i % 45) * interval '1 day' - (i % 23) * interval '1 hour' end,
            case when i % 7 = 0 then now() - interval '23 hours 59 minutes' end,
            case when i % 11 = 0 then now() - interval '7 days' + interval '1 second' end,
            case when i % 13 = 0 then now() - interval '30 days' - interval '1 second' end,
            jsonb_build_object(c[1 + (i % cardinality(c))]::text, jsonb_build_object('coach_name', names[1 + (i % cardinality(c))], 'count', 1 + i % 5),
                               c[1 + ((i * 3) % cardinality(c))]::text, jsonb_build_object('coach_name', names[1 + ((i * 3) % cardinality(c))], 'count', 2)),
            i % 40, i % 25, i % 6, i % 9, created_at
       ${from}`,
  );
}

export async function removeAnalyticsData(backend: SharedBackend, domain: string): Promise<void> {
  await sql(backend, `delete from auth.users where email like '%@${domain}'`);
}
