/**
 * The arithmetic of campaign analytics, written once: the embedded function, main's checks and the tests
 * derive every rate and total from the counts with these functions.
 */
import type { CampaignMetrics, CampaignPerformance, FunnelStage } from './model.js';
import { CHART_CAMPAIGNS } from './model.js';

/** Conversions per 100 visits; 0 when there were no visits. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? (part / whole) * 100 : 0;
}

/** 'Conversion Rate (percentage, 1 decimal)': 12.345 reads 12.3%. */
export function formatRate(rate: number): string {
  return `${(Math.round(rate * 10) / 10).toFixed(1)}%`;
}

/** Revenue in whole dollars, as the details table shows it. */
export function wholeDollars(amount: number): number {
  return Math.round(amount);
}

export { formatWholeDollars } from '../common/format.js';

/** The four KPI figures from the performance list. */
export function metricsOf(performance: readonly CampaignPerformance[]): CampaignMetrics {
  const totalVisits = performance.reduce((s, p) => s + p.visits, 0);
  const totalConversions = performance.reduce((s, p) => s + p.conversions, 0);
  return { totalCampaigns: performance.length, totalVisits, totalConversions, conversionRate: percentOf(totalConversions, totalVisits) };
}

export const FUNNEL_STAGES = ['Visits', 'Conversions', 'Paying Customers'] as const;

/** Visits, then the visits that converted, then the converted users who paid on that link; each rate is of the stage before. */
export function funnelOf(visits: number, conversions: number, payingCustomers: number): FunnelStage[] {
  const counts = [visits, conversions, payingCustomers];
  return FUNNEL_STAGES.map((stage, i) => ({ stage, count: counts[i]!, rate: i === 0 ? (visits > 0 ? 100 : 0) : percentOf(counts[i]!, counts[i - 1]!) }));
}

/** The order of the performance list (and so of the chart's first 8): conversions, then visits, most first; then slug. */
export function byPerformance(a: CampaignPerformance, b: CampaignPerformance): number {
  return b.conversions - a.conversions || b.visits - a.visits || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

/** The chart's bars: conversions of the first 8 campaigns, by slug. */
export function chartBars(performance: readonly CampaignPerformance[]): { label: string; value: number }[] {
  return performance.slice(0, CHART_CAMPAIGNS).map((p) => ({ label: p.slug, value: p.conversions }));
}
