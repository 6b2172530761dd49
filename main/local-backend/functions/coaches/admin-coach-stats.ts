import { requireAdmin, type FunctionContext } from '../../gateway/functions.js';

export interface CoachUsage {
  readonly total_sessions: number;
  readonly total_messages: number;
}

/**
 * admin-coach-stats (spec 2): coach id -> total sessions (coach_interactions) and messages (chat_messages), for
 * every coach (zero when unused). Each table is aggregated once, not once per coach.
 */
export async function adminCoachStats(ctx: FunctionContext): Promise<Record<string, CoachUsage>> {
  await requireAdmin(ctx);
  const { rows } = await ctx.db.query<{ id: string; sessions: string; messages: string }>(
    `select c.id, coalesce(i.n, 0)::text as sessions, coalesce(m.n, 0)::text as messages
       from public.coaches c
       left join (select coach_id, count(*) n from public.coach_interactions where coach_id is not null group by coach_id) i on i.coach_id = c.id
       left join (select coach_id, count(*) n from public.chat_messages where coach_id is not null group by coach_id) m on m.coach_id = c.id`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, { total_sessions: Number(r.sessions), total_messages: Number(r.messages) }]));
}
