import type pg from 'pg';

/**
 * Engagement metrics derived from the generated activity, so the detail screen agrees with the counts. The totals are
 * the per-user counts the bulk statements generated; the latest dates come from one aggregate per table. No random():
 * the per-user uniforms r1..r4 of seed_users decide inclusion, a missing growth phase, streaks and the busiest day.
 */
export async function insertEngagementMetrics(client: pg.PoolClient, now: Date, share: number): Promise<number> {
  const res = await client.query(
    `
    insert into public.user_engagement_metrics (
      user_id, growth_phase, engagement_score, last_journal_entry_at, last_coach_interaction_at, last_goal_activity_at,
      last_challenge_activity_at, last_login_at, coach_interaction_summary, total_journal_entries, total_coach_interactions,
      total_goals_created, total_challenges_created, current_streak_days, longest_streak_days, preferred_interaction_type,
      most_active_day_of_week, calculated_at, created_at, updated_at)
    select m.id,
           case when m.r2 < 0.08 and m.idx >= 2 then null
                when m.age_days < 14 or m.total < 3 then 'new' when m.total < 12 then 'exploring' when m.total < 35 then 'building'
                when m.total < 90 then 'established' else 'advanced' end,
           least(100, round((12 * ln(1 + m.nb) + 8 * ln(1 + m.ni) + 3 * ln(1 + m.ng + m.nc) + m.recency)::numeric, 1)),
           m.lb, m.li, m.lg, m.lc, m.last_sign_in_at, coalesce(m.summary, '{}'::jsonb), m.nb, m.ni, m.ng, m.nc,
           m.streak, m.streak + floor(m.r3 * 25)::int,
           case when m.ni > m.nb then 'coaching' when m.nb > 0 then 'journaling' when m.ng > 0 then 'goals' else null end,
           floor(m.r4 * 7)::int, $1::timestamptz, m.created_at, $1::timestamptz
      from (
        select u.idx, u.id, u.created_at, u.last_sign_in_at, u.r2, u.r3, u.r4,
               extract(epoch from ($1::timestamptz - u.created_at)) / 86400 as age_days,
               u.n_blocks nb, u.n_interactions ni, u.n_goals ng, u.n_challenges nc,
               u.n_blocks + u.n_interactions + u.n_goals + u.n_challenges total,
               b.lb, i.li, g.lg, c.lc, i.summary,
               case when greatest(b.lb, i.li) > $1::timestamptz - interval '1 day' then 30
                    when greatest(b.lb, i.li) > $1::timestamptz - interval '7 days' then 20
                    when greatest(b.lb, i.li) > $1::timestamptz - interval '30 days' then 10 else 0 end as recency,
               case when b.lb > $1::timestamptz - interval '2 days' then 1 + floor(u.r3 * least(45, u.n_blocks / 2.0))::int else 0 end as streak
          from seed_users u
          left join (select user_id, max(created_at) lb from public.blocks group by user_id) b on b.user_id = u.id
          left join (select x.user_id, max(x.last) li, jsonb_object_agg(x.coach_id, jsonb_build_object('coach_name', co.name, 'count', x.n)) summary
                       from (select user_id, coach_id, count(*)::int n, max(created_at) last from public.coach_interactions group by 1, 2) x
                       join public.coaches co on co.id = x.coach_id
                      group by x.user_id) i on i.user_id = u.id
          left join (select user_id, max(updated_at) lg from public.goals group by user_id) g on g.user_id = u.id
          left join (select user_id, max(updated_at) lc from public.challenges group by user_id) c on c.user_id = u.id
         where u.idx < 2 or u.r1 < $2
      ) m`,
    [now, share],
  );
  return res.rowCount ?? 0;
}
