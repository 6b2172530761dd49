import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { campaignAnalytics } from '../../services/campaigns/analytics.js';
import { exportCampaignCsv } from '../../services/campaigns/export.js';

/** The function is called with the administrator's own session, as the product's admin page calls it. */
export function campaignsHandlers(s: AppServices): Handlers['campaigns'] {
  const user = async () => (await s.connections.current()).user;
  return {
    analytics: async ({ dateRange, campaignType }) => campaignAnalytics(await user(), dateRange, campaignType),
    exportCsv: async (input) => exportCampaignCsv(await user(), s.saveTarget, input),
  };
}
