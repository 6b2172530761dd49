import { requireAdmin, type FunctionContext } from '../../gateway/functions.js';
import { HttpError } from '../../gateway/http.js';
import { RECENT_DAYS } from '../../../../shared/rules/users/detail.js';
import type { CoachUsage, DetailAttribution, UserDetailRecord, UserStats } from '../../../../shared/rules/users/types.js';
import { bodyOf, isoSql, uuidField } from './payload.js';
import { streaks } from './streaks.js';

type Head = Omit<UserDetailRecord, 'stats' | 'marketing_attribution'> & { marketing_attribution: DetailAttribution | null };

async function head(ctx: FunctionContext, userId: string): Promise<Head | undefined> {
  const { rows } = await ctx.db.query<Head>(
    `select u.id as user_id, u.email as user_email, ${isoSql('u.created_at')} as user_created_at,
            ${isoSql('u.last_sign_in_at')} as last_sign_in_at, ${isoSql('u.email_confirmed_at')} as email_confirmed_at,
            s.stripe_customer_id, s.stripe_subscription_id, s.status as subscription_status, p.name as plan_name,
            p.description as plan_description, ${isoSql('s.current_period_start')} as current_period_start,
            ${isoSql('s.current_period_end')} as current_period_end, ${isoSql('s.trial_end')} as trial_end,
            s.cancel_at_period_end, s.cancellation_reason,
            case when a.id is null then null else jsonb_build_object(
              'utm_source', a.utm_source, 'utm_medium', a.utm_medium, 'utm_campaign', a.utm_campaign, 'referrer', a.referrer,
              'marketing_links', case when l.id is null then null
                                      else jsonb_build_object('campaign_name', l.campaign_name, 'campaign_type', l.campaign_type) end) end
              as marketing_attribution
       from auth.users u
       left join lateral (select * from public.user_subscriptions x where x.user_id = u.id order by x.created_at desc, x.id desc limit 1) s on true
       left join public.subscription_plans p on p.id = s.plan_id
       left join public.user_marketing_attribution a on a.user_id = u.id
       left join public.marketing_links l on l.id = a.marketing_link_id
      where u.id = $1`,
    [userId],
  );
  return rows[0];
}

interface Totals {
  total: number;
  recent: number;
  first: string | null;
  last: string | null;
}

const TOTALS = (table: string) => `select count(*)::int as total,
    count(*) filter (where created_at > now() - make_interval(days => $2))::int as recent,
    ${isoSql('min(created_at)')} as first, ${isoSql('max(created_at)')} as last
  from public.${table} where user_id = $1`;

const earliest = (a: string | null, b: string | null) => (a && b ? (a < b ? a : b) : (a ?? b));
const latest = (a: string | null, b: string | null) => (a && b ? (a > b ? a : b) : (a ?? b));

async function stats(ctx: FunctionContext, userId: string): Promise<UserStats> {
  const q = <T extends object>(sql: string, params: unknown[] = [userId, RECENT_DAYS]) => ctx.db.query<T>(sql, params).then((r) => r.rows);
  const [[blocks], [sessions], [messages], days, perCoach] = await Promise.all([
    q<Totals>(TOTALS('blocks')),
    q<Totals>(TOTALS('coach_interactions')),
    q<Totals>(TOTALS('chat_messages')),
    q<{ day: string }>(`select distinct to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from public.blocks where user_id = $1`, [userId]),
    // Per coach (a deleted coach's history stays under 'unknown'): sessions with their first and last, and messages.
    q<{ coach: string; name: string; sessions: number; messages: number; first: string | null; last: string | null }>(
      `with s as (select coalesce(coach_id::text, 'unknown') as coach, count(*)::int as n, min(created_at) as first, max(created_at) as last
                    from public.coach_interactions where user_id = $1 group by 1),
            m as (select coalesce(coach_id::text, 'unknown') as coach, count(*)::int as n from public.chat_messages where user_id = $1 group by 1)
       select coalesce(s.coach, m.coach) as coach, coalesce(c.name, 'Unknown coach') as name,
              coalesce(s.n, 0) as sessions, coalesce(m.n, 0) as messages, ${isoSql('s.first')} as first, ${isoSql('s.last')} as last
         from s full join m on m.coach = s.coach
         left join public.coaches c on c.id::text = coalesce(s.coach, m.coach)`,
      [userId],
    ),
  ]);
  const b = blocks as Totals;
  const se = sessions as Totals;
  const me = messages as Totals;
  const { current, longest } = streaks(
    days.map((d) => d.day),
    new Date(),
  );
  const coachBreakdown: Record<string, CoachUsage> = {};
  for (const c of perCoach) {
    coachBreakdown[c.coach] = { name: c.name, messages: c.messages, sessions: c.sessions, firstSession: c.first, lastSession: c.last };
  }
  return {
    totalBlocks: b.total,
    recentBlocks: b.recent,
    lastBlockDate: b.last,
    firstBlockDate: b.first,
    totalCoachMessages: me.total,
    totalCoachSessions: se.total,
    recentCoachMessages: me.recent,
    recentCoachSessions: se.recent,
    lastCoachDate: latest(se.last, me.last),
    firstCoachDate: earliest(se.first, me.first),
    currentStreak: current,
    longestStreak: longest,
    coachBreakdown,
  };
}

/** get-user-detail ({ userId } → the detail record with stats); 404 when there is no such user. */
export async function getUserDetail(ctx: FunctionContext): Promise<UserDetailRecord> {
  await requireAdmin(ctx);
  const userId = uuidField(bodyOf(ctx.body), 'userId');
  const [h, s] = await Promise.all([head(ctx, userId), stats(ctx, userId)]);
  if (!h) throw new HttpError(404, 'user_not_found', 'User not found');
  return { ...h, stats: s };
}
