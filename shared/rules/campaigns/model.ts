import { CAMPAIGN_TYPES, type CampaignType } from '../marketing/fields.js';

/** Campaign analytics (spec 3 "/admin/campaign-analytics", sections 7 to 9): filters, messages and the answer's shape. */

export const DATE_RANGES = ['7d', '30d', '90d'] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const DEFAULT_DATE_RANGE: DateRange = '30d';
export const DATE_RANGE_LABELS: Readonly<Record<DateRange, string>> = { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days' };

// One list of campaign types: the marketing links' (the schema's check constraint).
export { CAMPAIGN_TYPES, type CampaignType };
export const CAMPAIGN_TYPE_FILTERS = ['all', ...CAMPAIGN_TYPES] as const;
export type CampaignTypeFilter = (typeof CAMPAIGN_TYPE_FILTERS)[number];

/** The bar chart shows the first 8 campaigns of the performance list. */
export const CHART_CAMPAIGNS = 8;

const DAY_MS = 86_400_000;

export function rangeDays(range: DateRange): number {
  return Number(range.slice(0, -1));
}

/** The period is the last N days up to now (a rolling window, as "7d" reads). */
export function rangeStart(range: DateRange, nowMs: number): Date {
  return new Date(nowMs - rangeDays(range) * DAY_MS);
}

export const CAMPAIGN_MESSAGES = {
  description: 'Monitor marketing campaign performance and ROI',
  noSession: 'No active session',
  fetchFailed: (status: number | string) => `Failed to fetch campaign analytics: ${status}`,
  empty: 'No campaign data available for the selected period',
  loading: 'Loading campaign data...',
  exported: 'Campaign table exported',
  exportEmpty: 'There is no campaign data to export for the selected period.',
} as const;

/** The `campaign-analytics` function's answer (spec 3 section 3). */
export interface CampaignPerformance {
  readonly campaign_name: string;
  readonly slug: string;
  readonly campaign_type: string;
  readonly status: string;
  readonly visits: number;
  readonly conversions: number;
  /** Percent, unrounded (the screen shows 1 decimal). */
  readonly conversion_rate: number;
  /** Dollars (the table shows whole dollars). */
  readonly revenue: number;
}

export interface FunnelStage {
  readonly stage: string;
  readonly count: number;
  /** Percent of the stage before (the first stage is 100). */
  readonly rate: number;
}

export interface CampaignMetrics {
  readonly totalCampaigns: number;
  readonly totalVisits: number;
  readonly totalConversions: number;
  readonly conversionRate: number;
}

export interface CampaignAnalytics {
  readonly metrics: CampaignMetrics;
  readonly performance: readonly CampaignPerformance[];
  readonly funnel: readonly FunnelStage[];
  /** The start of the period the figures cover (ISO), when the function says it. */
  readonly since?: string;
}
