import type { FunctionContext } from '../../gateway/functions.js';
import { requireAdmin } from '../../gateway/functions.js';
import { HttpError } from '../../gateway/http.js';
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_TYPES,
  DATE_RANGES,
  DEFAULT_DATE_RANGE,
  rangeStart,
  type CampaignAnalytics,
  type CampaignPerformance,
  type DateRange,
} from '../../../../shared/rules/campaigns/model.js';
import { byPerformance, funnelOf, metricsOf, percentOf } from '../../../../shared/rules/campaigns/metrics.js';
import { PAYING_CUSTOMERS_SQL, PERFORMANCE_SQL } from './campaign-sql.js';

/**
 * `campaign-analytics` for the embedded backend: GET ?dateRange=7d|30d|90d&campaignType=all|<type> with the
 * administrator's session as bearer token. Answers { metrics, performance, funnel } over the seeded visits,
 * conversions and revenue (and `since`, the period's start, so a caller can check the figures).
 */
export async function campaignAnalytics(ctx: FunctionContext, now: () => number = Date.now): Promise<CampaignAnalytics> {
  // A session is a user's token; the bare anon key is none.
  if (ctx.caller.role === 'anon') throw new HttpError(401, 'no_session', CAMPAIGN_MESSAGES.noSession);
  await requireAdmin(ctx);
  if (ctx.method !== 'GET') throw new HttpError(405, 'method_not_allowed', 'campaign-analytics answers GET only.');
  const range = ctx.query.get('dateRange') ?? DEFAULT_DATE_RANGE;
  if (!(DATE_RANGES as readonly string[]).includes(range)) throw new HttpError(400, 'bad_date_range', `dateRange must be one of ${DATE_RANGES.join(', ')}.`);
  const type = ctx.query.get('campaignType') ?? 'all';
  if (type !== 'all' && !(CAMPAIGN_TYPES as readonly string[]).includes(type)) throw new HttpError(400, 'bad_campaign_type', 'Unknown campaignType.');

  const since = rangeStart(range as DateRange, now());
  const params = [since.toISOString(), type === 'all' ? null : type];
  const [perf, paying] = await Promise.all([
    ctx.db.query<{ campaign_name: string; slug: string; campaign_type: string; status: string; visits: number; conversions: number; revenue: string }>(
      PERFORMANCE_SQL,
      params,
    ),
    ctx.db.query<{ n: number }>(PAYING_CUSTOMERS_SQL, params),
  ]);
  const performance: CampaignPerformance[] = perf.rows
    .map((r) => ({ ...r, conversion_rate: percentOf(r.conversions, r.visits), revenue: Number(r.revenue) }))
    .sort(byPerformance);
  const metrics = metricsOf(performance);
  return { metrics, performance, funnel: funnelOf(metrics.totalVisits, metrics.totalConversions, paying.rows[0]?.n ?? 0), since: since.toISOString() };
}
