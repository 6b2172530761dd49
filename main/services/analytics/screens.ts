/**
 * The two screens' answers from a replica, online and offline alike: online the replica is brought up to date
 * first (see replica.ts), offline it is read as it was last synced.
 */
import type { RangeDays } from '../../../shared/rules/analytics/range.js';
import type { UserActivity, UserAnalytics } from '../../../shared/rules/analytics/types.js';
import type { Replica } from './replica.js';
import { userAnalytics } from './user-analytics.js';
import { userActivity } from './user-activity.js';

export interface AnalyticsInput {
  readonly days: RangeDays;
  readonly includeAdmin: boolean;
}

export interface ActivityInput {
  readonly startMonth?: string | undefined;
  readonly endMonth?: string | undefined;
  readonly adminMuted: boolean;
}

export function analyticsFrom(replica: Replica, input: AnalyticsInput, adminId: string, nowMs = Date.now()): UserAnalytics {
  const figures = userAnalytics(replica.store.db, { days: input.days, excludeUserId: input.includeAdmin ? null : adminId, nowMs });
  return { ...figures, replica: replica.info() };
}

export function activityFrom(replica: Replica, input: ActivityInput, adminId: string, nowMs = Date.now()): UserActivity {
  const figures = userActivity(replica.store.db, {
    startMonth: input.startMonth,
    endMonth: input.endMonth,
    excludeUserId: input.adminMuted ? adminId : null,
    nowMs,
  });
  return { ...figures, replica: replica.info() };
}
