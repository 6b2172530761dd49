import { requireAdmin, type FunctionContext } from '../gateway/functions.js';

export interface CoachUsage {
  readonly total_sessions: number;
  readonly total_messages: number;
}

/** admin-coach-stats (spec 2): coach id -> total sessions (coach_interactions) and messages (chat_messages). */
export async function adminCoachStats(ctx: FunctionContext): Promise<Record<string, CoachUsage>> {
  await requireAdmin(ctx);
  const { rows } = await ctx.db.query<{ id: string; sessions: string; messages: string }>(
    `select c.id,
            (select count(*) from public.coach_interactions i where i.coach_id = c.id)::text as sessions,
            (select count(*) from public.chat_messages m where m.coach_id = c.id)::text as messages
       from public.coaches c`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, { total_sessions: Number(r.sessions), total_messages: Number(r.messages) }]));
}
