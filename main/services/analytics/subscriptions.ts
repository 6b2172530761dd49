import type Database from 'better-sqlite3';
import type { SubscriptionFigures } from '../../../shared/rules/analytics/types.js';
import { byCountThenLabel, conversionRate } from '../../../shared/rules/analytics/metrics.js';

export const ACTIVE_STATUS = 'active';
export const UNKNOWN_PLAN = 'Unknown plan';

/** Active subscriptions by plan (status active, spec 1 section 7) and the conversion rate over `totalUsers`. */
export function subscriptionFigures(db: Database.Database, excludeUserId: string | null, totalUsers: number): SubscriptionFigures {
  const rows = db
    .prepare(
      `select coalesce(p.name, ?) as plan, count(*) as count
         from rep_subscriptions s left join rep_plans p on p.id = s.plan_id
        where s.status = ? and (? is null or s.user_id <> ?)
        group by 1`,
    )
    .all(UNKNOWN_PLAN, ACTIVE_STATUS, excludeUserId, excludeUserId) as { plan: string; count: number }[];
  const byPlan = rows.sort(
    byCountThenLabel(
      (r) => r.count,
      (r) => r.plan,
    ),
  );
  const active = byPlan.reduce((s, r) => s + r.count, 0);
  return { active, conversionRate: conversionRate(active, totalUsers), byPlan };
}
