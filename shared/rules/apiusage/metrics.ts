/** The usage figures' arithmetic and formats, written once for main, the screen and the tests. */
import type { ApiUsageStats, EndpointUsage } from './model.js';
import { formatCountEn, formatMoney, formatMoneyFine } from '../common/format.js';

export interface UsageLogRow {
  readonly endpoint_type: string;
  readonly total_token_count: number | null;
  readonly estimated_cost_usd: number | string | null;
  readonly response_time_ms: number | null;
}

/** Dollars kept as whole micro-dollars while summing (the log's 6 decimals), so totals are exact. */
const micro = (v: number | string | null): number => Math.round(Number(v ?? 0) * 1e6);

/** Aggregates log rows in memory: the fallback where the backend lacks the SQL function, and the tests' reference. */
export function aggregateUsage(rows: Iterable<UsageLogRow>): Omit<ApiUsageStats, 'period' | 'since'> {
  const by = new Map<string, { calls: number; tokens: number; micro: number }>();
  let calls = 0;
  let tokens = 0;
  let cost = 0;
  let timed = 0;
  let timeSum = 0;
  for (const r of rows) {
    const e = by.get(r.endpoint_type) ?? by.set(r.endpoint_type, { calls: 0, tokens: 0, micro: 0 }).get(r.endpoint_type)!;
    const t = r.total_token_count ?? 0;
    const c = micro(r.estimated_cost_usd);
    e.calls++;
    e.tokens += t;
    e.micro += c;
    calls++;
    tokens += t;
    cost += c;
    if (r.response_time_ms !== null) {
      timed++;
      timeSum += r.response_time_ms;
    }
  }
  const endpoints: EndpointUsage[] = [...by].map(([endpoint, e]) => ({ endpoint, calls: e.calls, tokens: e.tokens, cost: e.micro / 1e6 })).sort(byCalls);
  return { totalCalls: calls, totalTokens: tokens, totalCost: cost / 1e6, avgResponseMs: timed > 0 ? timeSum / timed : null, endpoints };
}

export function byCalls(a: EndpointUsage, b: EndpointUsage): number {
  return b.calls - a.calls || (a.endpoint < b.endpoint ? -1 : a.endpoint > b.endpoint ? 1 : 0);
}

/** Usage by Endpoint shows cost to 3 decimals. */
export const formatEndpointCost = (cost: number): string => formatMoneyFine(cost);
/** The Total Cost card: dollars with 2 decimals. */
export const formatTotalCost = (cost: number): string => formatMoney(cost);
/** Avg Response Time (ms): whole milliseconds. */
export const formatResponseMs = (ms: number | null): string => (ms === null ? '-' : formatCountEn(Math.round(ms)));
