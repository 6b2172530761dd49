import { z } from 'zod';
import { op } from '../define.js';
import { DEFAULT_USAGE_PERIOD, USAGE_PERIODS, type ApiUsageStats } from '../../rules/apiusage/model.js';

/** AI API usage (spec 3 "/admin/api-usage"): api_usage_logs since the period's cutoff, summed on the server. */
export const apiusage = {
  stats: op<ApiUsageStats>()({
    input: z.strictObject({ period: z.enum(USAGE_PERIODS, 'The period is 1d, 7d, 30d or 90d').default(DEFAULT_USAGE_PERIOD) }),
    kind: 'read',
    access: 'admin',
    keepOffline: true,
  }),
};
