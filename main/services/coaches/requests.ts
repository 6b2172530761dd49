import type { SupabaseClient } from '@supabase/supabase-js';
import type { CoachRequestLeader } from '../../../shared/rules/coaches/types.js';
import { REQUEST_SAMPLE_MESSAGES, groupCoachRequests, type CoachRequestRow } from '../../../shared/rules/coaches/requests.js';
import { readCounted } from '../support/query.js';

/** The coach request leaderboard: every request read newest first (in pages), grouped by the shared rule. */
export async function coachRequestLeaderboard(db: SupabaseClient): Promise<CoachRequestLeader[]> {
  const rows = await readCounted<CoachRequestRow>(
    { count: 'Counting coach requests', read: 'Reading coach requests' },
    db.from('coach_requests').select('id', { count: 'exact', head: true }),
    (from, to) => db.from('coach_requests').select('coach_name, message, created_at').order('created_at', { ascending: false }).order('id').range(from, to),
  );
  return groupCoachRequests(rows).map((g) => ({
    name: g.name,
    count: g.count,
    latestAt: g.latestAt,
    sampleMessages: g.messages.slice(0, REQUEST_SAMPLE_MESSAGES),
    messageCount: g.messages.length,
  }));
}
