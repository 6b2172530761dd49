/**
 * /admin/user-activity, by SQL over the replica of user_engagement_metrics (the screen reads that table only,
 * spec 1 section 7). The population is the metrics rows created in the chosen months, less the signed-in
 * admin's while the admin-muted toggle is on.
 */
import type Database from 'better-sqlite3';
import type { UserActivity } from '../../../shared/rules/analytics/types.js';
import { monthWindow } from '../../../shared/rules/analytics/range.js';
import {
  ACTIVE_WITHIN_MS,
  byCountThenLabel,
  GROWTH_PHASES,
  RECENCY_BUCKETS,
  RECENCY_LIMITS_MS,
  roundedRatio,
  SCORE_BUCKET_UPPER_CENTI,
  SCORE_BUCKETS,
  TOP_COACHES,
} from '../../../shared/rules/analytics/metrics.js';

export interface UserActivityQuery {
  readonly startMonth: string | undefined;
  readonly endMonth: string | undefined;
  readonly excludeUserId: string | null;
  readonly nowMs: number;
}

const POPULATION = `
  with pop as (select * from rep_engagement where day >= :from and day < :to and (:me is null or user_id <> :me))`;

const age = ':now - last_activity_ms';
const [b1, b2, b3, b4] = SCORE_BUCKET_UPPER_CENTI;
const [r1, r2, r3] = RECENCY_LIMITS_MS;

export function userActivity(db: Database.Database, q: UserActivityQuery): Omit<UserActivity, 'replica'> {
  const m = monthWindow(q.startMonth, q.endMonth, q.nowMs);
  const params = { from: m.startDay, to: m.endDayExclusive, me: q.excludeUserId, now: q.nowMs };
  // Phases other than the five known ones (and a missing phase) count as new.
  const known = GROWTH_PHASES.slice(1);
  const s = db
    .prepare(
      `${POPULATION}
       select count(*) as n, coalesce(sum(score_centi), 0) as score, coalesce(sum(streak_days), 0) as streak,
              coalesce(sum(journal_entries), 0) as journal, coalesce(sum(coach_interactions), 0) as coach, coalesce(sum(goals_created), 0) as goals,
              coalesce(sum(last_activity_ms is not null and ${age} <= ${ACTIVE_WITHIN_MS}), 0) as active,
              ${known.map((p) => `coalesce(sum(phase = '${p}'), 0) as "${p}"`).join(', ')},
              coalesce(sum(score_centi <= ${b1}), 0) as s1, coalesce(sum(score_centi > ${b1} and score_centi <= ${b2}), 0) as s2,
              coalesce(sum(score_centi > ${b2} and score_centi <= ${b3}), 0) as s3, coalesce(sum(score_centi > ${b3} and score_centi <= ${b4}), 0) as s4,
              coalesce(sum(score_centi > ${b4}), 0) as s5,
              coalesce(sum(last_activity_ms is not null and ${age} <= ${r1}), 0) as r1,
              coalesce(sum(last_activity_ms is not null and ${age} > ${r1} and ${age} <= ${r2}), 0) as r2,
              coalesce(sum(last_activity_ms is not null and ${age} > ${r2} and ${age} <= ${r3}), 0) as r3
         from pop`,
    )
    .get(params) as Record<string, number>;
  const n = s.n ?? 0;
  const phaseCount = (p: string) => (p === 'new' ? n - known.reduce((t, k) => t + (s[k] ?? 0), 0) : (s[p] ?? 0));
  const recencyCounts = [s.r1 ?? 0, s.r2 ?? 0, s.r3 ?? 0];
  const coaches = coachInteractions(db, params);
  return {
    asOf: new Date(q.nowMs).toISOString(),
    startMonth: m.startMonth,
    endMonth: m.endMonth,
    adminMuted: q.excludeUserId !== null,
    summary: {
      totalUsers: n,
      activeUsers: s.active ?? 0,
      averageEngagementScore: roundedRatio(s.score ?? 0, n * 100, 1),
      averageStreakDays: roundedRatio(s.streak ?? 0, n, 1),
      totalJournalEntries: s.journal ?? 0,
      totalCoachInteractions: s.coach ?? 0,
      totalGoalsCreated: s.goals ?? 0,
    },
    growthPhases: GROWTH_PHASES.map((phase) => ({ phase, users: phaseCount(phase) })),
    engagementHistogram: SCORE_BUCKETS.map((bucket, i) => ({ bucket, users: s[`s${i + 1}`] ?? 0 })),
    recency: RECENCY_BUCKETS.map((bucket, i) => ({ bucket, users: i < 3 ? recencyCounts[i]! : n - recencyCounts.reduce((a, b) => a + b, 0) })),
    coachPopularity: coaches,
  };
}

/** Interactions per coach from the summaries of the population: the per-day sums, less the admin's own rows. */
function coachInteractions(db: Database.Database, p: { from: number; to: number; me: string | null }) {
  const counts = new Map(
    (
      db.prepare('select coach_id, sum(n) as n from agg_engagement_coach where day >= ? and day < ? group by coach_id').all(p.from, p.to) as {
        coach_id: string;
        n: number;
      }[]
    ).map((r) => [r.coach_id, r.n]),
  );
  if (p.me) {
    const own = db
      .prepare(
        `select c.coach_id, c.n from rep_engagement e join rep_engagement_coaches c on c.metric_id = e.id where e.user_id = ? and e.day >= ? and e.day < ?`,
      )
      .all(p.me, p.from, p.to) as { coach_id: string; n: number }[];
    for (const o of own) counts.set(o.coach_id, (counts.get(o.coach_id) ?? 0) - o.n);
  }
  // The coach's current name while it exists, else the name the summaries carry.
  const names = new Map<string, string>();
  for (const sql of ['select coach_id as id, name from rep_summary_coach_names', 'select id, name from rep_coaches']) {
    for (const r of db.prepare(sql).all() as { id: string; name: string }[]) names.set(r.id, r.name);
  }
  return [...counts]
    .filter(([, n]) => n > 0)
    .map(([coachId, interactions]) => ({ coachId, name: names.get(coachId) ?? 'Unknown coach', interactions }))
    .sort(
      byCountThenLabel(
        (c) => c.interactions,
        (c) => `${c.name}\u0000${c.coachId}`,
      ),
    )
    .slice(0, TOP_COACHES);
}
