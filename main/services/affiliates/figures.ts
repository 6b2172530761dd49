import type { SupabaseClient } from '@supabase/supabase-js';
import { must } from '../support/query.js';
import { bucketDays, periodWindow, type AffiliatePeriod } from '../../../shared/rules/affiliates/periods.js';
import { dayDate } from '../../../shared/rules/analytics/range.js';
import type { AffiliateFigures, PeriodFigures } from '../../../shared/rules/affiliates/figures.js';

/**
 * A period's figures, aggregated on the server by admin_affiliate_figures (migration 0072, over rollups its
 * triggers keep exact): one row whatever the number of payments, so nothing depends on the API's row cap.
 * linkId null: every link, with performance rows. The period starts at a UTC day, which the rollups need.
 */
export async function periodFigures(db: SupabaseClient, period: AffiliatePeriod, linkId: string | null, nowMs = Date.now()): Promise<PeriodFigures> {
  const w = periodWindow(period, nowMs);
  const answer = await db.rpc('admin_affiliate_figures', { p_since_day: dayDate(w.startDay), p_link: linkId });
  const f = must(answer as { data: AffiliateFigures | null; error: { message: string } | null }, 'Failed to load affiliate analytics');
  if (!f) throw new Error('admin_affiliate_figures answered nothing');
  return {
    period,
    asOf: new Date(nowMs).toISOString(),
    since: w.since,
    totals: f.totals,
    byType: f.byType,
    links: f.links,
    buckets: bucketDays(w, f.days),
  };
}
