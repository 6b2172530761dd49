import type { SupabaseClient } from '@supabase/supabase-js';
import type { CoachUsageMap } from '../../../shared/rules/coaches/types.js';
import type { CoachUsage } from '../../../shared/rules/coaches/sort.js';
import { AppError } from '../../ground/errors.js';
import { invoke } from '../support/functions.js';

export const COACH_STATS_FUNCTION = 'admin-coach-stats';

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0);

/**
 * Sessions and messages per coach from the product's admin-coach-stats function, called with the signed-in
 * administrator's own access token (the user client), as the product's web admin does.
 */
export async function coachUsage(userClient: SupabaseClient): Promise<CoachUsageMap> {
  const data = await invoke<unknown>(userClient, COACH_STATS_FUNCTION, {}, 'Loading coach usage failed');
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new AppError('BACKEND_ERROR', 'Loading coach usage failed: the answer was not a map of coaches.');
  const out: Record<string, CoachUsage> = {};
  for (const [id, v] of Object.entries(data as Record<string, unknown>)) {
    const u = (v ?? {}) as Record<string, unknown>;
    out[id] = { total_sessions: count(u.total_sessions), total_messages: count(u.total_messages) };
  }
  return out;
}
