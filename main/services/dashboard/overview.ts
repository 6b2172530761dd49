import type { SupabaseClient } from '@supabase/supabase-js';
import type { DashboardOverview, DashboardStats, DatedStat, RequestedCoach } from '../../../shared/contract/areas/dashboard.js';
import type { PeriodCounts } from '../../../shared/rules/dashboard/period-change.js';
import { DASHBOARD_PERIOD_DAYS } from '../../../shared/rules/dashboard/period-change.js';
import { FAILED_DELIVERY_HOURS, FLAG_EXPIRING_DAYS, type WaitingCounts } from '../../../shared/rules/dashboard/waiting.js';
import { STUCK_IMPORT_MINUTES } from '../../../shared/rules/imports/stuck.js';
import { AppError } from '../../ground/errors.js';
import { recentActivity } from './recent-activity.js';

export const TOP_REQUESTED_COACHES = 5;

/** What admin_dashboard_figures answers (migration 0089); counts arrive as JSON numbers. */
interface Figures {
  readonly stats: DashboardStats;
  readonly periods: Record<DatedStat, PeriodCounts>;
  readonly waiting: WaitingCounts;
  readonly topCoaches: RequestedCoach[];
}

/** Every count of the dashboard in one call, counted in the database at `now`. */
async function figures(db: SupabaseClient, now: Date): Promise<Figures> {
  const { data, error } = await db.rpc('admin_dashboard_figures', {
    p_now: now.toISOString(),
    p_period_days: DASHBOARD_PERIOD_DAYS,
    p_failed_hours: FAILED_DELIVERY_HOURS,
    p_stuck_minutes: STUCK_IMPORT_MINUTES,
    p_expiring_days: FLAG_EXPIRING_DAYS,
    p_top: TOP_REQUESTED_COACHES,
  });
  if (error || !data) throw new AppError('BACKEND_ERROR', `Counting the dashboard's figures: ${error?.message ?? 'no answer'}`);
  return data as Figures;
}

/** The figures and the recent activity, asked for at once. */
export async function dashboardOverview(db: SupabaseClient, now = new Date()): Promise<DashboardOverview> {
  const [f, activity] = await Promise.all([figures(db, now), recentActivity(db)]);
  return {
    stats: f.stats,
    countedAt: now.toISOString(),
    periods: f.periods,
    waiting: f.waiting,
    topRequestedCoaches: f.topCoaches,
    recentActivity: activity,
  };
}
