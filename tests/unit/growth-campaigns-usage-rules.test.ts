import { describe, expect, it } from 'vitest';
import { byPerformance, chartBars, formatRate, formatWholeDollars, funnelOf, metricsOf, percentOf } from '../../shared/rules/campaigns/metrics.js';
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_TYPE_FILTERS,
  DATE_RANGES,
  DEFAULT_DATE_RANGE,
  rangeDays,
  rangeStart,
  type CampaignPerformance,
} from '../../shared/rules/campaigns/model.js';
import { CAMPAIGN_CSV_COLUMNS, campaignCsvRecord, campaignExportFileName } from '../../shared/rules/campaigns/csv.js';
import { aggregateUsage, formatEndpointCost, formatResponseMs, formatTotalCost } from '../../shared/rules/apiusage/metrics.js';
import { DEFAULT_USAGE_PERIOD, USAGE_MESSAGES, USAGE_PERIODS, USAGE_PERIOD_LABELS, USAGE_REFETCH_MS, usageSince } from '../../shared/rules/apiusage/model.js';

const row = (slug: string, visits: number, conversions: number, extra: Partial<CampaignPerformance> = {}): CampaignPerformance => ({
  campaign_name: slug,
  slug,
  campaign_type: 'instagram',
  status: 'active',
  visits,
  conversions,
  conversion_rate: percentOf(conversions, visits),
  revenue: 0,
  ...extra,
});

describe('campaign analytics rules', () => {
  it("has the spec's filters, default and messages", () => {
    expect(DATE_RANGES).toEqual(['7d', '30d', '90d']);
    expect(DEFAULT_DATE_RANGE).toBe('30d');
    expect(CAMPAIGN_TYPE_FILTERS).toEqual(['all', 'instagram', 'facebook', 'linkedin', 'tiktok', 'influencer', 'email', 'organic', 'other']);
    expect(CAMPAIGN_MESSAGES.noSession).toBe('No active session');
    expect(CAMPAIGN_MESSAGES.fetchFailed(500)).toBe('Failed to fetch campaign analytics: 500');
    expect(CAMPAIGN_MESSAGES.empty).toBe('No campaign data available for the selected period');
    expect(CAMPAIGN_MESSAGES.loading).toBe('Loading campaign data...');
  });

  it('starts the period N days before now', () => {
    expect(DATE_RANGES.map(rangeDays)).toEqual([7, 30, 90]);
    expect(rangeStart('7d', Date.parse('2026-11-24T12:00:00Z')).toISOString()).toBe('2026-11-17T12:00:00.000Z');
  });

  it('shows rates with 1 decimal and revenue in whole dollars', () => {
    expect(percentOf(1, 3)).toBeCloseTo(33.333, 3);
    expect(percentOf(5, 0)).toBe(0);
    expect(formatRate(percentOf(1, 3))).toBe('33.3%');
    expect(formatRate(12.25)).toBe('12.3%');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatWholeDollars(1234.5)).toBe('$1,235');
    expect(formatWholeDollars(0.49)).toBe('$0');
  });

  it('totals the KPI cards from the list and builds the funnel, each rate of the stage before', () => {
    const rows = [row('a', 100, 10), row('b', 300, 30)];
    expect(metricsOf(rows)).toEqual({ totalCampaigns: 2, totalVisits: 400, totalConversions: 40, conversionRate: 10 });
    expect(metricsOf([])).toEqual({ totalCampaigns: 0, totalVisits: 0, totalConversions: 0, conversionRate: 0 });
    expect(funnelOf(400, 40, 10)).toEqual([
      { stage: 'Visits', count: 400, rate: 100 },
      { stage: 'Conversions', count: 40, rate: 10 },
      { stage: 'Paying Customers', count: 10, rate: 25 },
    ]);
    expect(funnelOf(0, 0, 0).map((f) => f.rate)).toEqual([0, 0, 0]);
  });

  it('orders by conversions, then visits, then slug, and charts the first 8 by slug', () => {
    const rows = [row('c', 10, 1), row('b', 20, 1), row('a', 20, 1), row('z', 5, 9)].sort(byPerformance);
    expect(rows.map((r) => r.slug)).toEqual(['z', 'a', 'b', 'c']);
    const many = Array.from({ length: 11 }, (_, i) => row(`s${i}`, 100, 20 - i));
    expect(chartBars(many)).toEqual(many.slice(0, 8).map((r) => ({ label: r.slug, value: r.conversions })));
  });

  it('writes the shown table as CSV cells, neutralising a formula', () => {
    expect(CAMPAIGN_CSV_COLUMNS).toEqual(['Campaign', 'Link', 'Type', 'Status', 'Visits', 'Conversions', 'Rate (%)', 'Revenue ($)']);
    expect(campaignCsvRecord(row('x', 3, 1, { campaign_name: '=HYPERLINK("x")', revenue: 99.5 }))).toEqual([
      '\'=HYPERLINK("x")',
      '/r/x',
      'instagram',
      'active',
      '3',
      '1',
      '33.3',
      '100',
    ]);
    expect(campaignExportFileName('7d', 'all', new Date(2026, 10, 24))).toBe('campaign-analytics-7d-all-2026-11-24.csv');
  });
});

describe('AI API usage rules', () => {
  it("has the spec's periods, default, refetch interval and messages", () => {
    expect(USAGE_PERIODS).toEqual(['1d', '7d', '30d', '90d']);
    expect(USAGE_PERIODS.map((p) => USAGE_PERIOD_LABELS[p])).toEqual(['Last 24h', 'Last 7 days', 'Last 30 days', 'Last 90 days']);
    expect(DEFAULT_USAGE_PERIOD).toBe('30d');
    expect(USAGE_REFETCH_MS).toBe(300_000);
    expect(USAGE_MESSAGES).toMatchObject({
      errorTitle: 'Error Loading Data',
      failed: 'Failed to load API usage statistics',
      noData: 'No data returned',
      retry: 'Try Again',
    });
  });

  it('cuts off 24 hours or N days before now', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(USAGE_PERIODS.map((p) => usageSince(p, now).toISOString())).toEqual([
      '2026-11-23T12:00:00.000Z',
      '2026-11-17T12:00:00.000Z',
      '2026-10-25T12:00:00.000Z',
      '2026-08-26T12:00:00.000Z',
    ]);
  });

  it('sums exactly in micro-dollars, averages timed calls only, most calls first', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      endpoint_type: i % 3 === 0 ? 'coach-chat' : i % 3 === 1 ? 'daily-wisdom' : i % 2 ? 'a-rare' : 'coach-chat',
      total_token_count: 10,
      estimated_cost_usd: '0.000001',
      response_time_ms: i % 4 === 0 ? null : 100,
    }));
    const s = aggregateUsage(rows);
    expect(s.totalCalls).toBe(3000);
    expect(s.totalTokens).toBe(30_000);
    expect(s.totalCost).toBe(0.003);
    expect(s.avgResponseMs).toBe(100);
    expect(s.endpoints.map((e) => [e.endpoint, e.calls])).toEqual([
      ['coach-chat', 1500],
      ['daily-wisdom', 1000],
      ['a-rare', 500],
    ]);
    expect(aggregateUsage([]).avgResponseMs).toBeNull();
  });

  it('formats cost per endpoint to 3 decimals, the total to 2, the response time in whole ms', () => {
    expect(formatEndpointCost(1.23456)).toBe('$1.235');
    expect(formatEndpointCost(0)).toBe('$0.000');
    expect(formatTotalCost(1234.567)).toBe('$1,234.57');
    expect(formatResponseMs(1812.6)).toBe('1,813');
    expect(formatResponseMs(null)).toBe('-');
  });
});
