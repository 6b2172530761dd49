/**
 * The figures of the link and affiliate analytics (spec 3 sections 2, 4 and 9). Amounts travel as whole cents so
 * every sum is exact; averages are rounded half up to the cent from those integers.
 */
import type { AffiliatePeriod, Bucket, DayFigures } from './periods.js';

export const REVENUE_TYPES = ['affiliate', 'campaign', 'referral'] as const;
export type RevenueType = (typeof REVENUE_TYPES)[number];
export type CommissionStatus = 'pending' | 'approved' | 'paid';

export interface AffiliateTotals {
  readonly revenueCents: number;
  readonly commissionCents: number;
  /** Pending and approved commissions together (spec 3 section 4). */
  readonly pendingCents: number;
  readonly paidCents: number;
  /** Payments in the period: the screens' "Conversions". */
  readonly payments: number;
  /** Distinct user_id of the period's payments. */
  readonly customers: number;
  /** Distinct marketing_link_id of the period's payments: "Active Affiliates". */
  readonly links: number;
}

export interface TypeFigures {
  readonly type: RevenueType;
  readonly revenueCents: number;
  readonly payments: number;
}

export interface LinkPerformance {
  readonly id: string;
  readonly campaignName: string;
  readonly slug: string;
  readonly isAffiliateLink: boolean;
  readonly revenueCents: number;
  readonly commissionCents: number;
  readonly payments: number;
  readonly customers: number;
}

/** What the server's aggregate answers for a period (one link, or all links with their performance rows). */
export interface AffiliateFigures {
  readonly totals: AffiliateTotals;
  readonly byType: readonly TypeFigures[];
  readonly days: readonly DayFigures[];
  readonly links: readonly LinkPerformance[];
}

export interface PeriodFigures extends Omit<AffiliateFigures, 'days'> {
  readonly period: AffiliatePeriod;
  /** The instant the period's figures were computed for, and its first counted instant. */
  readonly asOf: string;
  readonly since: string;
  readonly buckets: readonly Bucket[];
}

/** A total divided by a count, in cents rounded half up; 0 when the count is 0. */
export function averageCents(totalCents: number, count: number): number {
  return count > 0 ? Math.round(totalCents / count) : 0;
}

/** Avg Revenue/Customer: revenue over distinct customers. */
export const avgRevenuePerCustomer = (t: AffiliateTotals): number => averageCents(t.revenueCents, t.customers);
/** Avg Commission/Sale: commissions over the number of payments (spec 3 section 9). */
export const avgCommissionPerSale = (t: AffiliateTotals): number => averageCents(t.commissionCents, t.payments);

/** Every revenue type, in the spec's order, zero when the period has none. */
export function allTypes(byType: readonly TypeFigures[]): TypeFigures[] {
  return REVENUE_TYPES.map((type) => byType.find((t) => t.type === type) ?? { type, revenueCents: 0, payments: 0 });
}

/** Revenue in dollars with 2 decimals: 123456 -> '$1,234.56'. */
export { formatCents } from '../common/format.js';

/** Link type label (spec 3 section 4). */
export const linkTypeLabel = (isAffiliateLink: boolean): string => (isAffiliateLink ? 'affiliate' : 'campaign');

/** Badge colours of a commission status: paid green, approved blue, otherwise yellow. */
export function commissionTone(status: string): 'success' | 'info' | 'warning' {
  return status === 'paid' ? 'success' : status === 'approved' ? 'info' : 'warning';
}

/** The texts of these screens, word for word from the spec. */
export const AFFILIATE_TEXT = {
  linkNotFound: 'Marketing link not found',
  backToAnalytics: 'Back to Analytics',
  noTransactions: 'No transactions found for this time period',
} as const;

/** Rows per page of the transaction history. */
export const TRANSACTIONS_PAGE_SIZE = 50;
