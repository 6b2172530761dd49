/**
 * /admin/analytics, computed by SQL over the replica's per-day aggregates. Leaving the signed-in admin out
 * (the include-admin toggle off) subtracts the admin's own rows, read by key (day, user) from the replica
 * tables, from the aggregates: a few hundred index lookups instead of a scan.
 */
import type Database from 'better-sqlite3';
import type { ActivityTotals, DailyPoint, MeditationFigures, UserAnalytics } from '../../../shared/rules/analytics/types.js';
import { analyticsWindow, dayDate, dayRange, dayStartIso, type RangeDays } from '../../../shared/rules/analytics/range.js';
import {
  byCountThenLabel,
  listenedMinutes,
  PANEL_KEY_SEPARATOR,
  roundedRatio,
  TOP_COACHES,
  TOP_PANEL_COMBINATIONS,
} from '../../../shared/rules/analytics/metrics.js';
import { ACTIVITY_KINDS, type ActivityKind } from '../../cache/schema/v2-analytics-replica.js';
import { subscriptionFigures } from './subscriptions.js';

export interface UserAnalyticsQuery {
  readonly days: RangeDays;
  /** The signed-in admin to leave out, or null to count everyone. */
  readonly excludeUserId: string | null;
  readonly nowMs: number;
}

/** The daily series' fields, by the agg_daily kind that feeds them. */
const SERIES_FIELDS: Readonly<Record<ActivityKind, keyof ActivityTotals>> = {
  blocks: 'journalEntries',
  goals: 'goals',
  challenges: 'challenges',
  meditation: 'meditationSessions',
  reflections: 'savedReflections',
  coach: 'coachSessions',
  panel: 'panelSessions',
  chat: 'chatMessages',
};
const KINDS = Object.keys(SERIES_FIELDS) as ActivityKind[];

type PerDay = Map<number, number>;
const add = (m: PerDay, day: number, n: number) => m.set(day, (m.get(day) ?? 0) + n);
const sumFrom = (m: PerDay | undefined, from: number | null) =>
  [...(m ?? new Map<number, number>())].reduce((s, [d, n]) => (from === null || d >= from ? s + n : s), 0);

/** Days of a kind's rows from `from` on: the keys to look the admin's own rows up by. */
const kindDays = (kind: string) => `select day from agg_daily where kind = '${kind}' and day >= ?`;

export function userAnalytics(db: Database.Database, q: UserAnalyticsQuery): Omit<UserAnalytics, 'replica'> {
  const w = analyticsWindow(q.days, q.nowMs);
  const from = w.windowStartDay ?? -1e9;
  const days = dayRange(w.seriesStartDay, w.seriesEndDay);
  const me = q.excludeUserId;

  // Per kind and day, everyone's rows from the window's (or the series') start, less the admin's own.
  const perKind = new Map<string, PerDay>();
  const of = (kind: string) => perKind.get(kind) ?? perKind.set(kind, new Map()).get(kind)!;
  const countsFrom = Math.min(from, w.seriesStartDay);
  for (const r of db.prepare('select kind, day, n from agg_daily where day >= ?').all(countsFrom) as { kind: string; day: number; n: number }[]) {
    add(of(r.kind), r.day, r.n);
  }
  if (me) {
    for (const kind of KINDS) {
      const own = db
        .prepare(`select day, count(*) as n from ${ACTIVITY_KINDS[kind]} where day in (${kindDays(kind)}) and user_id = ? group by day`)
        .all(countsFrom, me) as { day: number; n: number }[];
      for (const r of own) add(of(kind), r.day, -r.n);
    }
  }
  const profileCount = db.prepare(`select coalesce(sum(n), 0) as n from agg_daily where kind = 'profiles' and day < ?`);
  const myProfileDay = me
    ? ((db.prepare(`select day from rep_profiles where day in (${kindDays('profiles')}) and id = ?`).get(-1e9, me) as { day: number } | undefined)?.day ?? null)
    : null;
  const mine = (before: number) => (myProfileDay !== null && myProfileDay < before ? 1 : 0);
  if (myProfileDay !== null && myProfileDay >= countsFrom) add(of('profiles'), myProfileDay, -1);
  const totalUsers = (profileCount.get(1e9) as { n: number }).n - mine(1e9);

  // Distinct active users per day, less one on each day the admin was active.
  const dau = new Map(
    (db.prepare('select day, n from agg_dau where day >= ? and day <= ?').all(w.seriesStartDay, w.seriesEndDay) as { day: number; n: number }[]).map((r) => [
      r.day,
      r.n,
    ]),
  );
  if (me) {
    const mine = db.prepare(`select day from agg_active where day in (select value from json_each(?)) and user_id = ?`).all(JSON.stringify(days), me) as {
      day: number;
    }[];
    for (const r of mine) add(dau, r.day, -1);
  }

  // Users signed up by the end of each day: those before the series, then its new users day by day.
  let cumulative = (profileCount.get(w.seriesStartDay) as { n: number }).n - mine(w.seriesStartDay);
  const series: DailyPoint[] = days.map((day) => {
    const newUsers = perKind.get('profiles')?.get(day) ?? 0;
    cumulative += newUsers;
    const point: Record<string, number | string> = { date: dayDate(day), newUsers, totalUsers: cumulative, activeUsers: dau.get(day) ?? 0 };
    for (const kind of KINDS) point[SERIES_FIELDS[kind]] = perKind.get(kind)?.get(day) ?? 0;
    return point as unknown as DailyPoint;
  });

  const windowFrom = w.windowStartDay;
  const totals = Object.fromEntries(KINDS.map((k) => [SERIES_FIELDS[k], sumFrom(perKind.get(k), windowFrom)])) as unknown as ActivityTotals;
  const dauSum = series.reduce((s, p) => s + p.activeUsers, 0);

  return {
    asOf: new Date(q.nowMs).toISOString(),
    days: q.days,
    includeAdmin: me === null,
    windowStart: windowFrom === null ? null : dayStartIso(windowFrom),
    cards: {
      totalUsers,
      newUsers: sumFrom(perKind.get('profiles'), windowFrom),
      aiInteractions: totals.coachSessions + totals.panelSessions + totals.savedReflections,
      contentCreated: totals.journalEntries + totals.goals + totals.challenges,
      averageDailyActiveUsers: roundedRatio(dauSum, days.length, 1),
    },
    meditation: meditation(db, from, me),
    subscriptions: subscriptionFigures(db, me, totalUsers),
    series,
    totals,
    coachPopularity: coachPopularity(db, from, me),
    panelCombinations: panelCombinations(db, from, me),
  };
}

interface MeditationRow {
  type: string;
  sessions: number;
  completed: number;
  planned: number;
  listened: number;
}

function meditation(db: Database.Database, from: number, me: string | null): MeditationFigures {
  const rows = new Map(
    (
      db
        .prepare(
          `select brainwave as type, sum(sessions) as sessions, sum(completed) as completed, sum(planned_minutes) as planned,
        sum(listened_seconds) as listened from agg_meditation where day >= ? group by brainwave`,
        )
        .all(from) as MeditationRow[]
    ).map((r) => [r.type, r]),
  );
  if (me) {
    const own = db
      .prepare(
        `select brainwave as type, count(*) as sessions, sum(completed) as completed, sum(planned_minutes) as planned,
        sum(listened_seconds) as listened from rep_meditation where day in (${kindDays('meditation')}) and user_id = ? group by brainwave`,
      )
      .all(from, me) as MeditationRow[];
    for (const o of own) {
      const r = rows.get(o.type);
      if (r)
        rows.set(o.type, {
          type: o.type,
          sessions: r.sessions - o.sessions,
          completed: r.completed - o.completed,
          planned: r.planned - o.planned,
          listened: r.listened - o.listened,
        });
    }
  }
  const list = [...rows.values()]
    .filter((r) => r.sessions > 0)
    .sort(
      byCountThenLabel(
        (r) => r.sessions,
        (r) => r.type,
      ),
    );
  const sum = (f: (r: MeditationRow) => number) => list.reduce((s, r) => s + f(r), 0);
  return {
    sessions: sum((r) => r.sessions),
    completedSessions: sum((r) => r.completed),
    minutesPlanned: sum((r) => r.planned),
    minutesListened: listenedMinutes(sum((r) => r.listened)),
    byBrainwave: list.map((r) => ({
      type: r.type,
      sessions: r.sessions,
      completedSessions: r.completed,
      minutesPlanned: r.planned,
      minutesListened: listenedMinutes(r.listened),
    })),
  };
}

function coachPopularity(db: Database.Database, from: number, me: string | null) {
  const counts = new Map(
    (db.prepare('select coach_id, sum(n) as n from agg_coach where day >= ? group by coach_id').all(from) as { coach_id: string; n: number }[]).map((r) => [
      r.coach_id,
      r.n,
    ]),
  );
  if (me) {
    const own = db
      .prepare(
        `select coach_id, count(*) as n from rep_coach_sessions where day in (${kindDays('coach')}) and user_id = ? and coach_id is not null group by coach_id`,
      )
      .all(from, me) as { coach_id: string; n: number }[];
    for (const o of own) counts.set(o.coach_id, (counts.get(o.coach_id) ?? 0) - o.n);
  }
  const names = coachNames(db);
  return [...counts]
    .filter(([id, n]) => n > 0 && names.has(id))
    .map(([coachId, sessions]) => ({ coachId, name: names.get(coachId)!, sessions }))
    .sort(
      byCountThenLabel(
        (c) => c.sessions,
        (c) => `${c.name}\u0000${c.coachId}`,
      ),
    )
    .slice(0, TOP_COACHES);
}

function panelCombinations(db: Database.Database, from: number, me: string | null) {
  const counts = new Map(
    (db.prepare('select combo, sum(n) as n from agg_panel where day >= ? group by combo').all(from) as { combo: string; n: number }[]).map((r) => [
      r.combo,
      r.n,
    ]),
  );
  if (me) {
    const own = db.prepare(`select combo, count(*) as n from rep_panels where day in (${kindDays('panel')}) and user_id = ? group by combo`).all(from, me) as {
      combo: string;
      n: number;
    }[];
    for (const o of own) counts.set(o.combo, (counts.get(o.combo) ?? 0) - o.n);
  }
  const names = coachNames(db);
  return [...counts]
    .filter(([, n]) => n > 0)
    .map(([key, count]) => ({ key, count, coachNames: key.split(PANEL_KEY_SEPARATOR).map((id) => names.get(id) ?? 'Unknown coach') }))
    .sort(
      byCountThenLabel(
        (c) => c.count,
        (c) => c.key,
      ),
    )
    .slice(0, TOP_PANEL_COMBINATIONS);
}

export function coachNames(db: Database.Database): Map<string, string> {
  return new Map((db.prepare('select id, name from rep_coaches').all() as { id: string; name: string }[]).map((r) => [r.id, r.name]));
}
