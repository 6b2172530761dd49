import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { AppError } from '../../ground/errors.js';
import { log } from '../../ground/log.js';
import { aggregateUsage, byCalls, type UsageLogRow } from '../../../shared/rules/apiusage/metrics.js';
import { USAGE_MESSAGES as M, usageSince, type ApiUsageStats, type UsagePeriod } from '../../../shared/rules/apiusage/model.js';
import { readCounted } from '../support/query.js';

const n = z.coerce.number().finite().nonnegative();
const figures = z.object({
  totalCalls: n,
  totalTokens: n,
  totalCost: n,
  avgResponseMs: n.nullable(),
  endpoints: z.array(z.object({ endpoint: z.string(), calls: n, tokens: n, cost: n })),
});

/** PostgREST's answer when the SQL function is not in the schema (a project without migration 0074). */
const MISSING_FUNCTION = 'PGRST202';

/**
 * api_usage_logs since the period's cutoff (spec 3 section 7), aggregated by PostgreSQL: the SQL function
 * admin_api_usage_stats sums every row of the period, however many. Where a project lacks that function, every
 * row is read in pages and summed here: slower, still exact.
 */
export async function apiUsageStats(db: SupabaseClient, period: UsagePeriod, now = Date.now()): Promise<ApiUsageStats> {
  const since = usageSince(period, now).toISOString();
  const { data, error } = await db.rpc('admin_api_usage_stats', { p_since: since });
  if (error?.code === MISSING_FUNCTION) return { period, since, ...(await usageByRows(db, since)) };
  if (error) {
    log.warn(`admin_api_usage_stats failed: ${error.message}`);
    throw new AppError('BACKEND_ERROR', error.message || M.failed);
  }
  if (data === null || data === undefined) throw new AppError('BACKEND_ERROR', M.noData);
  const parsed = figures.safeParse(data);
  if (!parsed.success) {
    log.warn('admin_api_usage_stats answered figures of an unexpected shape.');
    throw new AppError('BACKEND_ERROR', M.failed);
  }
  return { period, since, ...parsed.data, endpoints: [...parsed.data.endpoints].sort(byCalls) };
}

/** Every log row since the cutoff, read in pages (never the 1,000-row cap) and summed by the shared rule. */
export async function usageByRows(db: SupabaseClient, since: string): Promise<Omit<ApiUsageStats, 'period' | 'since'>> {
  const what = 'Reading the API usage logs';
  const cols = 'id,endpoint_type,total_token_count,estimated_cost_usd,response_time_ms';
  const rows = await readCounted<UsageLogRow & { id: string }>(
    what,
    db.from('api_usage_logs').select('id', { count: 'exact', head: true }).gte('created_at', since),
    (from, to) => db.from('api_usage_logs').select(cols).gte('created_at', since).order('id').range(from, to),
  );
  return aggregateUsage(rows);
}
