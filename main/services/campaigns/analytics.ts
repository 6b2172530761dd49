import type { SupabaseClient } from '@supabase/supabase-js';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { z } from 'zod';
import { AppError } from '../../ground/errors.js';
import { log } from '../../ground/log.js';
import { CAMPAIGN_MESSAGES as M, type CampaignAnalytics, type CampaignTypeFilter, type DateRange } from '../../../shared/rules/campaigns/model.js';

const count = z.number().int().nonnegative();
const figure = z.number().finite().nonnegative();
const answer = z.object({
  metrics: z.object({ totalCampaigns: count, totalVisits: count, totalConversions: count, conversionRate: figure }),
  performance: z.array(
    z.object({
      campaign_name: z.string(),
      slug: z.string(),
      campaign_type: z.string(),
      status: z.string(),
      visits: count,
      conversions: count,
      conversion_rate: figure,
      revenue: z.coerce.number().finite(),
    }),
  ),
  funnel: z.array(z.object({ stage: z.string(), count, rate: figure })),
  since: z.string().optional(),
});

/**
 * The `campaign-analytics` function, called as the product's admin page calls it: GET with dateRange and
 * campaignType in the query and the administrator's own session as bearer token. No session gives 'No active
 * session'; an answer that is not a success gives 'Failed to fetch campaign analytics: {status}'.
 */
export async function campaignAnalytics(userClient: SupabaseClient, dateRange: DateRange, campaignType: CampaignTypeFilter): Promise<CampaignAnalytics> {
  const { data: auth } = await userClient.auth.getSession();
  const token = auth.session?.access_token;
  if (!token) throw new AppError('UNAUTHENTICATED', M.noSession);
  const query = new URLSearchParams({ dateRange, campaignType }).toString();
  const { data, error } = await userClient.functions.invoke<unknown>(`campaign-analytics?${query}`, {
    method: 'GET',
    headers: { Authorization: `Bearer ${token}` },
  });
  if (error) {
    const status = error instanceof FunctionsHttpError && error.context instanceof Response ? error.context.status : 'network error';
    log.warn(`campaign-analytics failed (${status}): ${error.message}`);
    throw new AppError('BACKEND_ERROR', M.fetchFailed(status));
  }
  const parsed = answer.safeParse(data);
  if (!parsed.success) {
    log.warn('campaign-analytics answered figures of an unexpected shape.');
    throw new AppError('BACKEND_ERROR', M.fetchFailed(200));
  }
  return parsed.data;
}
