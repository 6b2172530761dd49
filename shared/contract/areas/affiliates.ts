import { z } from 'zod';
import { op } from '../define.js';
import { AFFILIATE_PERIODS, type AffiliatePeriod } from '../../rules/affiliates/periods.js';
import type { PeriodFigures } from '../../rules/affiliates/figures.js';
import type { LinkAnalytics, TransactionPage } from '../../rules/affiliates/link.js';

/**
 * Affiliate analytics and one marketing link's analytics (spec 3): every figure aggregated on the server for the
 * period (7, 30, 90 or 365 days), the transaction history a page at a time with its exact count.
 */
const days = z
  .number()
  .int()
  .refine((n): n is AffiliatePeriod => (AFFILIATE_PERIODS as readonly number[]).includes(n), 'Period must be 7, 30, 90 or 365 days')
  .default(30);
// Any text: an id that is not a link's (a typed URL) answers "not found", not a validation error.
const linkId = z.string().min(1).max(200);

export const affiliates = {
  /** /admin/affiliate-analytics: totals, revenue by type, the time series and the per-link performance rows. */
  overview: op<PeriodFigures>()({ input: z.strictObject({ days }), kind: 'read', access: 'admin', keepOffline: true }),
  /** One link and its period's figures; null when the link does not exist. */
  link: op<LinkAnalytics | null>()({ input: z.strictObject({ id: linkId, days }), kind: 'read', access: 'admin', keepOffline: true }),
  /** One page of the link's payments in the period, newest first, with the exact total. */
  transactions: op<TransactionPage>()({
    input: z.strictObject({ id: linkId, days, page: z.number().int().min(0).max(1_000_000).default(0) }),
    kind: 'read',
    access: 'admin',
    keepOffline: true,
  }),
};
