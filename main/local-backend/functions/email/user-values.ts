import type pg from 'pg';

/** The per-user template variables (spec 3 section 3) for a batch of users, read in one statement. */
export async function userValues(db: pg.Pool, userIds: readonly string[]): Promise<Map<string, Record<string, string>>> {
  const out = new Map<string, Record<string, string>>();
  if (userIds.length === 0) return out;
  const { rows } = await db.query<{
    id: string;
    email: string | null;
    signup: Date;
    last_activity: Date | null;
    streak: number | null;
    goal: string | null;
    blocks: string;
    coach: string | null;
    plan: string | null;
  }>(
    `select u.id, u.email, u.created_at signup,
            greatest(m.last_journal_entry_at, m.last_coach_interaction_at, m.last_goal_activity_at, m.last_challenge_activity_at, m.last_login_at) last_activity,
            m.current_streak_days streak,
            (select g.title from public.goals g where g.user_id = u.id order by g.created_at desc limit 1) goal,
            (select count(*)::text from public.blocks b where b.user_id = u.id) blocks,
            (select e.value ->> 'coach_name' from jsonb_each(coalesce(m.coach_interaction_summary, '{}'::jsonb)) e
              order by (e.value ->> 'count')::int desc nulls last limit 1) coach,
            (select p.name from public.user_subscriptions s join public.subscription_plans p on p.id = s.plan_id
              where s.user_id = u.id order by s.created_at desc limit 1) plan
       from auth.users u left join public.user_engagement_metrics m on m.user_id = u.id
      where u.id = any($1::uuid[])`,
    [userIds],
  );
  const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');
  for (const r of rows) {
    out.set(r.id, {
      user_email: r.email ?? '',
      signup_date: day(r.signup),
      last_activity: day(r.last_activity),
      streak_days: String(r.streak ?? 0),
      goal_name: r.goal ?? '',
      total_blocks: r.blocks,
      favorite_coach: r.coach ?? '',
      subscription_plan: r.plan ?? 'Free',
    });
  }
  return out;
}
