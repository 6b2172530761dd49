import { ACTIVITY_BANDS, type SegmentFilters } from '../../../../shared/rules/email/segments.js';

/**
 * The users a segment selects, as SQL over auth.users (alias u) and user_engagement_metrics (alias m), so counts
 * and broadcasts stay in the database at any size. Returns the FROM/WHERE part and its parameters.
 */
export function segmentQuery(filters: SegmentFilters, firstParam = 1): { from: string; params: unknown[] } {
  const where: string[] = [`u.email is not null`, `u.email <> ''`];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${firstParam + params.length - 1}`;
  };
  if (filters.activityLevel) {
    const [lo, hi] = ACTIVITY_BANDS[filters.activityLevel];
    where.push(`coalesce(m.engagement_score, 0) >= ${p(lo)} and coalesce(m.engagement_score, 0) < ${p(hi)}`);
  }
  if (filters.daysSinceLastActivity !== undefined) {
    // Last activity is the latest of the tracked moments, or sign-up when the user has none.
    where.push(
      `coalesce(greatest(m.last_journal_entry_at, m.last_coach_interaction_at, m.last_goal_activity_at, m.last_challenge_activity_at, m.last_login_at), u.created_at)` +
        ` <= now() - make_interval(days => ${p(filters.daysSinceLastActivity)}::int)`,
    );
  }
  if (filters.hasGoals !== undefined) {
    where.push(`${filters.hasGoals ? '' : 'not '}exists (select 1 from public.goals g where g.user_id = u.id)`);
  }
  if (filters.hasChallenges !== undefined) {
    where.push(`${filters.hasChallenges ? '' : 'not '}exists (select 1 from public.challenges c where c.user_id = u.id)`);
  }
  return {
    from: `auth.users u left join public.user_engagement_metrics m on m.user_id = u.id where ${where.join(' and ')}`,
    params,
  };
}
