/** AI API usage (spec 3 "/admin/api-usage", sections 7 to 9): periods, messages and the figures' shape. */

export const USAGE_PERIODS = ['1d', '7d', '30d', '90d'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];
export const DEFAULT_USAGE_PERIOD: UsagePeriod = '30d';
export const USAGE_PERIOD_LABELS: Readonly<Record<UsagePeriod, string>> = {
  '1d': 'Last 24h',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};

/** The screen refetches every 5 minutes. */
export const USAGE_REFETCH_MS = 5 * 60_000;

const HOUR_MS = 3_600_000;

/** The cutoff: 24 hours, or 7, 30 or 90 days before now. */
export function usageSince(period: UsagePeriod, nowMs: number): Date {
  const hours = period === '1d' ? 24 : Number(period.slice(0, -1)) * 24;
  return new Date(nowMs - hours * HOUR_MS);
}

export const USAGE_MESSAGES = {
  description: 'Monitor AI API costs and usage',
  errorTitle: 'Error Loading Data',
  failed: 'Failed to load API usage statistics',
  noData: 'No data returned',
  retry: 'Try Again',
} as const;

export interface EndpointUsage {
  readonly endpoint: string;
  readonly calls: number;
  readonly tokens: number;
  /** US dollars, exact to the log's 6 decimals. */
  readonly cost: number;
}

export interface ApiUsageStats {
  readonly period: UsagePeriod;
  /** The cutoff the figures start at (ISO). */
  readonly since: string;
  readonly totalCalls: number;
  readonly totalTokens: number;
  readonly totalCost: number;
  /** Mean over the calls that recorded a response time, in ms; null when none did. */
  readonly avgResponseMs: number | null;
  /** Most calls first, then by name. */
  readonly endpoints: readonly EndpointUsage[];
}
