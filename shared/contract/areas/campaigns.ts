import { z } from 'zod';
import { op } from '../define.js';
import { csvExport } from '../export.js';
import { CAMPAIGN_TYPE_FILTERS, DATE_RANGES, DEFAULT_DATE_RANGE, type CampaignAnalytics } from '../../rules/campaigns/model.js';

/** Campaign analytics (spec 3 "/admin/campaign-analytics"): the `campaign-analytics` function's figures, and their CSV. */

const filters = z.strictObject({
  dateRange: z.enum(DATE_RANGES, 'The date range is 7d, 30d or 90d').default(DEFAULT_DATE_RANGE),
  campaignType: z.enum(CAMPAIGN_TYPE_FILTERS, 'Unknown campaign type').default('all'),
});

export const campaigns = {
  analytics: op<CampaignAnalytics>()({ input: filters, kind: 'read', access: 'admin', keepOffline: true }),
  /** The Campaign Details table for the same filters, written by main to the file chosen in the save dialog. */
  exportCsv: csvExport(filters),
};
