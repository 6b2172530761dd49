/**
 * Ground truth for the analytics screens: every figure computed by SQL on the server's own tables, the way the
 * spec defines it, with nothing from main's replica. The screens' answers must equal these exactly.
 */
import type { SharedBackend } from '../support/shared-backend.js';
import { sql } from '../support/booted.js';
import type { DailyPoint, UserActivity, UserAnalytics } from '../../shared/rules/analytics/types.js';
import { analyticsWindow, dayDate, dayRange, dayStartIso, monthStartMs, monthWindow, type RangeDays } from '../../shared/rules/analytics/range.js';
import {
  byCountThenLabel,
  conversionRate,
  GROWTH_PHASES,
  listenedMinutes,
  RECENCY_BUCKETS,
  roundedRatio,
  SCORE_BUCKETS,
  TOP_COACHES,
  TOP_PANEL_COMBINATIONS,
} from '../../shared/rules/analytics/metrics.js';

const ACTIVITY_TABLES = {
  journalEntries: 'blocks',
  goals: 'goals',
  challenges: 'challenges',
  meditationSessions: 'meditation_sessions',
  savedReflections: 'saved_reflections',
  coachSessions: 'coach_interactions',
  panelSessions: 'coach_panel_interactions',
  chatMessages: 'chat_messages',
} as const;
type Field = keyof typeof ACTIVITY_TABLES;

const DAY = `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`;

export async function expectedAnalytics(
  backend: SharedBackend,
  days: RangeDays,
  exclude: string | null,
  asOf: string,
): Promise<Omit<UserAnalytics, 'replica'>> {
  const w = analyticsWindow(days, Date.parse(asOf));
  const ws = w.windowStartDay === null ? null : dayStartIso(w.windowStartDay);
  const seriesStart = dayStartIso(w.seriesStartDay);
  const q = <T extends Record<string, unknown>>(text: string, extra: unknown[] = []) => sql<T>(backend, text, [ws, exclude, ...extra]);
  const inWindow = `($1::timestamptz is null or created_at >= $1) and ($2::uuid is null or user_id <> $2)`;
  const n = async (text: string, extra: unknown[] = []) => Number((await q<{ n: string }>(text, extra))[0]?.n ?? 0);

  const totalUsers = Number((await sql<{ n: string }>(backend, `select count(*) n from profiles where $1::uuid is null or id <> $1`, [exclude]))[0]?.n);
  const newUsers = await n(`select count(*) n from profiles where ($1::timestamptz is null or created_at >= $1) and ($2::uuid is null or id <> $2)`);
  const totals = {} as Record<Field, number>;
  for (const [field, table] of Object.entries(ACTIVITY_TABLES) as [Field, string][])
    totals[field] = await n(`select count(*) n from ${table} where ${inWindow}`);

  // The daily series.
  const perDay = async (table: string, idColumn = 'user_id') =>
    new Map(
      (
        await sql<{ d: string; n: string }>(
          backend,
          `select ${DAY} d, count(*) n from ${table} where created_at >= $1 and ($2::uuid is null or ${idColumn} <> $2) group by 1`,
          [seriesStart, exclude],
        )
      ).map((r) => [r.d, Number(r.n)]),
    );
  const series = new Map<Field | 'newUsers', Map<string, number>>();
  for (const [field, table] of Object.entries(ACTIVITY_TABLES) as [Field, string][]) series.set(field, await perDay(table));
  series.set('newUsers', await perDay('profiles', 'id'));
  const union = Object.values(ACTIVITY_TABLES)
    .map((t) => `select user_id, created_at from ${t}`)
    .join(' union all ');
  const dau = new Map(
    (
      await sql<{ d: string; n: string }>(
        backend,
        `select ${DAY} d, count(distinct user_id) n from (${union}) a where created_at >= $1 and ($2::uuid is null or user_id <> $2) group by 1`,
        [seriesStart, exclude],
      )
    ).map((r) => [r.d, Number(r.n)]),
  );
  let cumulative = Number(
    (await sql<{ n: string }>(backend, `select count(*) n from profiles where created_at < $1 and ($2::uuid is null or id <> $2)`, [seriesStart, exclude]))[0]
      ?.n,
  );
  const points: DailyPoint[] = dayRange(w.seriesStartDay, w.seriesEndDay).map((day) => {
    const date = dayDate(day);
    const newUsersToday = series.get('newUsers')?.get(date) ?? 0;
    cumulative += newUsersToday;
    const p: Record<string, unknown> = { date, newUsers: newUsersToday, totalUsers: cumulative, activeUsers: dau.get(date) ?? 0 };
    for (const field of Object.keys(ACTIVITY_TABLES) as Field[]) p[field] = series.get(field)?.get(date) ?? 0;
    return p as unknown as DailyPoint;
  });

  const med = await q<{ type: string; sessions: string; completed: string; planned: string; listened: string }>(
    `select brainwave_type as type, count(*) sessions, count(completed_at) completed, sum(duration_minutes) planned, coalesce(sum(actual_duration_seconds), 0) listened
       from meditation_sessions where ${inWindow} group by 1`,
  );
  const byBrainwave = med
    .map((r) => ({ type: r.type, sessions: +r.sessions, completedSessions: +r.completed, minutesPlanned: +r.planned, listened: +r.listened }))
    .sort(
      byCountThenLabel(
        (r) => r.sessions,
        (r) => r.type,
      ),
    );
  const subs = await sql<{ plan: string; count: string }>(
    backend,
    `select coalesce(p.name, 'Unknown plan') plan, count(*) count from user_subscriptions s left join subscription_plans p on p.id = s.plan_id
      where s.status = 'active' and ($1::uuid is null or s.user_id <> $1) group by 1`,
    [exclude],
  );
  const byPlan = subs
    .map((r) => ({ plan: r.plan, count: +r.count }))
    .sort(
      byCountThenLabel(
        (r) => r.count,
        (r) => r.plan,
      ),
    );
  const active = byPlan.reduce((s, r) => s + r.count, 0);

  const coaches = await q<{ id: string; name: string; n: string }>(
    `select c.id, c.name, count(*) n from coach_interactions i join coaches c on c.id = i.coach_id where ${inWindow.replace(/created_at/g, 'i.created_at').replace(/user_id/g, 'i.user_id')} group by 1, 2`,
  );
  const names = new Map((await sql<{ id: string; name: string }>(backend, 'select id, name from coaches')).map((r) => [r.id, r.name]));
  const panels = await q<{ key: string; n: string }>(
    `select array_to_string(array(select x::text from unnest(coach_ids) x order by 1), ',') as key, count(*) n from coach_panel_interactions where ${inWindow} group by 1`,
  );
  const dauSum = points.reduce((s, p) => s + p.activeUsers, 0);

  return {
    asOf,
    days,
    includeAdmin: exclude === null,
    windowStart: ws,
    cards: {
      totalUsers,
      newUsers,
      aiInteractions: totals.coachSessions + totals.panelSessions + totals.savedReflections,
      contentCreated: totals.journalEntries + totals.goals + totals.challenges,
      averageDailyActiveUsers: roundedRatio(dauSum, points.length, 1),
    },
    meditation: {
      sessions: byBrainwave.reduce((s, r) => s + r.sessions, 0),
      completedSessions: byBrainwave.reduce((s, r) => s + r.completedSessions, 0),
      minutesPlanned: byBrainwave.reduce((s, r) => s + r.minutesPlanned, 0),
      minutesListened: listenedMinutes(byBrainwave.reduce((s, r) => s + r.listened, 0)),
      byBrainwave: byBrainwave.map(({ listened, ...r }) => ({ ...r, minutesListened: listenedMinutes(listened) })),
    },
    subscriptions: { active, conversionRate: conversionRate(active, totalUsers), byPlan },
    series: points,
    totals,
    coachPopularity: coaches
      .map((r) => ({ coachId: r.id, name: r.name, sessions: +r.n }))
      .sort(
        byCountThenLabel(
          (c) => c.sessions,
          (c) => `${c.name}\u0000${c.coachId}`,
        ),
      )
      .slice(0, TOP_COACHES),
    panelCombinations: panels
      .map((r) => ({ key: r.key, count: +r.n, coachNames: r.key.split(',').map((id) => names.get(id) ?? 'Unknown coach') }))
      .sort(
        byCountThenLabel(
          (c) => c.count,
          (c) => c.key,
        ),
      )
      .slice(0, TOP_PANEL_COMBINATIONS),
  };
}

export async function expectedActivity(
  backend: SharedBackend,
  months: { startMonth?: string; endMonth?: string },
  exclude: string | null,
  asOf: string,
): Promise<Omit<UserActivity, 'replica'>> {
  const now = Date.parse(asOf);
  const m = monthWindow(months.startMonth, months.endMonth, now);
  const from = new Date(monthStartMs(m.startMonth)).toISOString();
  const to = new Date(monthStartMs(m.endMonth, 1)).toISOString();
  const pop = `select *, greatest(last_journal_entry_at, last_coach_interaction_at, last_goal_activity_at, last_challenge_activity_at) as last_at
                 from user_engagement_metrics where created_at >= $1 and created_at < $2 and ($3::uuid is null or user_id <> $3)`;
  const params = [from, to, exclude, asOf];
  const [s] = await sql<Record<string, string | null>>(
    backend,
    `with pop as (${pop}), aged as (select *, $4::timestamptz - last_at as age from pop)
     select count(*) n, round(avg(engagement_score), 1)::text score, round(avg(current_streak_days), 1)::text streak,
            coalesce(sum(total_journal_entries), 0) journal, coalesce(sum(total_coach_interactions), 0) coach, coalesce(sum(total_goals_created), 0) goals,
            count(*) filter (where age <= interval '7 days') active,
            ${GROWTH_PHASES.map((p) => `count(*) filter (where coalesce(growth_phase, 'new') = '${p}') "${p}"`).join(', ')},
            count(*) filter (where engagement_score <= 20) s1, count(*) filter (where engagement_score > 20 and engagement_score <= 40) s2,
            count(*) filter (where engagement_score > 40 and engagement_score <= 60) s3, count(*) filter (where engagement_score > 60 and engagement_score <= 80) s4,
            count(*) filter (where engagement_score > 80) s5,
            count(*) filter (where age <= interval '1 day') r1, count(*) filter (where age > interval '1 day' and age <= interval '7 days') r2,
            count(*) filter (where age > interval '7 days' and age <= interval '30 days') r3, count(*) filter (where last_at is null or age > interval '30 days') r4
       from aged`,
    params,
  );
  const v = (k: string) => Number(s?.[k] ?? 0);
  const coaches = await sql<{ id: string; name: string; n: string }>(
    backend,
    `with pop as (${pop})
     select e.key id, coalesce(c.name, max(e.value ->> 'coach_name')) name, sum((e.value ->> 'count')::int) n
       from pop cross join lateral jsonb_each(pop.coach_interaction_summary) e left join coaches c on c.id::text = e.key
      group by e.key, c.name`,
    params.slice(0, 3),
  );
  return {
    asOf,
    startMonth: m.startMonth,
    endMonth: m.endMonth,
    adminMuted: exclude !== null,
    summary: {
      totalUsers: v('n'),
      activeUsers: v('active'),
      averageEngagementScore: v('score'),
      averageStreakDays: v('streak'),
      totalJournalEntries: v('journal'),
      totalCoachInteractions: v('coach'),
      totalGoalsCreated: v('goals'),
    },
    growthPhases: GROWTH_PHASES.map((phase) => ({ phase, users: v(phase) })),
    engagementHistogram: SCORE_BUCKETS.map((bucket, i) => ({ bucket, users: v(`s${i + 1}`) })),
    recency: RECENCY_BUCKETS.map((bucket, i) => ({ bucket, users: v(`r${i + 1}`) })),
    coachPopularity: coaches
      .map((r) => ({ coachId: r.id, name: r.name, interactions: +r.n }))
      .filter((c) => c.interactions > 0)
      .sort(
        byCountThenLabel(
          (c) => c.interactions,
          (c) => `${c.name}\u0000${c.coachId}`,
        ),
      )
      .slice(0, TOP_COACHES),
  };
}
