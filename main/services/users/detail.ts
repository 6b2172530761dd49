import type { SupabaseClient } from '@supabase/supabase-js';
import type { UserDetail } from '../../../shared/contract/areas/users.js';
import type { EngagementMetrics, UserDetailRecord } from '../../../shared/rules/users/types.js';
import { must } from '../support/query.js';
import { FunctionError, invoke } from '../support/functions.js';

const ENGAGEMENT_COLUMNS = [
  'growth_phase',
  'engagement_score',
  'last_journal_entry_at',
  'last_coach_interaction_at',
  'last_goal_activity_at',
  'last_challenge_activity_at',
  'last_login_at',
  'total_journal_entries',
  'total_coach_interactions',
  'total_goals_created',
  'current_streak_days',
  'preferred_interaction_type',
  'most_active_day_of_week',
  'coach_interaction_summary',
].join(', ');

/** user_engagement_metrics, one row by user_id (spec 1 section 7). */
async function engagementOf(db: SupabaseClient, userId: string): Promise<EngagementMetrics | null> {
  const row = must(
    await db.from('user_engagement_metrics').select(ENGAGEMENT_COLUMNS).eq('user_id', userId).maybeSingle(),
    'Reading engagement metrics',
  ) as unknown as (Omit<EngagementMetrics, 'engagement_score'> & { engagement_score: number | string }) | null;
  // numeric arrives as text from PostgREST when it could lose precision; the screen wants a number.
  return row ? { ...row, engagement_score: Number(row.engagement_score) } : null;
}

/** The detail screen's data: get-user-detail and the user's engagement metrics; user null when there is no such user. */
export async function userDetail(user: SupabaseClient, service: SupabaseClient, userId: string): Promise<UserDetail> {
  const [record, engagement] = await Promise.all([
    invoke<UserDetailRecord>(user, 'get-user-detail', { userId }, 'Reading the user').catch((e: unknown) => {
      if (e instanceof FunctionError && e.status === 404) return null;
      throw e;
    }),
    engagementOf(service, userId),
  ]);
  return { user: record, engagement: record ? engagement : null };
}
