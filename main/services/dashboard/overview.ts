import type { SupabaseClient } from '@supabase/supabase-js';
import type { ActivityItem, DashboardOverview, DashboardStats } from '../../../shared/contract/areas/dashboard.js';
import { topRequestedCoaches } from '../../../shared/rules/coaches/requests.js';
import { countOf, readAll } from '../support/query.js';
import { recentActivity } from './recent-activity.js';

const head = { count: 'exact', head: true } as const;

async function stats(db: SupabaseClient): Promise<DashboardStats> {
  const [totalUsers, activeCoaches, coachRequests, feedbackSubmissions, totalInteractions, activePrompts] = await Promise.all([
    db
      .from('profiles')
      .select('*', head)
      .then((a) => countOf(a, 'Counting users')),
    db
      .from('coaches')
      .select('*', head)
      .eq('is_active', true)
      .then((a) => countOf(a, 'Counting active coaches')),
    db
      .from('coach_requests')
      .select('*', head)
      .then((a) => countOf(a, 'Counting coach requests')),
    // Feedback in the trash (status deleted) is not counted: it is no longer a live submission.
    db
      .from('feedback_submissions')
      .select('*', head)
      .neq('status', 'deleted')
      .then((a) => countOf(a, 'Counting feedback')),
    db
      .from('coach_interactions')
      .select('*', head)
      .then((a) => countOf(a, 'Counting coach interactions')),
    db
      .from('coach_prompts')
      .select('*', head)
      .eq('is_active', true)
      .then((a) => countOf(a, 'Counting active prompts')),
  ]);
  return { totalUsers, activeCoaches, coachRequests, feedbackSubmissions, totalInteractions, activePrompts };
}

export const TOP_REQUESTED_COACHES = 5;

export async function dashboardOverview(db: SupabaseClient): Promise<DashboardOverview> {
  const [s, activity] = await Promise.all([stats(db), recentActivity(db)]);
  // Every request counts, however many there are: read in pages, grouped here.
  const requests = await readAll<{ coach_name: string; created_at: string }>('Reading coach requests', s.coachRequests, (from, to) =>
    db.from('coach_requests').select('coach_name, created_at').order('created_at', { ascending: false }).order('id').range(from, to),
  );
  return { stats: s, topRequestedCoaches: topRequestedCoaches(requests, TOP_REQUESTED_COACHES), recentActivity: activity satisfies readonly ActivityItem[] };
}
