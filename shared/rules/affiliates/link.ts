/** One marketing link as its analytics screen shows it, and its transaction history (spec 3 sections 2 and 3). */
import type { CommissionStatus, PeriodFigures, RevenueType } from './figures.js';

export interface LinkSummary {
  readonly id: string;
  readonly campaignName: string;
  readonly slug: string;
  readonly campaignType: string;
  readonly status: string;
  readonly isAffiliateLink: boolean;
  readonly commissionPercentage: number | null;
}

export interface LinkAnalytics {
  readonly link: LinkSummary;
  readonly figures: PeriodFigures;
}

export interface Transaction {
  readonly id: string;
  readonly paymentDate: string;
  readonly invoiceId: string | null;
  readonly revenueCents: number;
  readonly commissionCents: number;
  readonly status: CommissionStatus;
  readonly revenueType: RevenueType;
}

export interface TransactionPage {
  readonly rows: readonly Transaction[];
  /** Every payment of the link in the period (an exact count, not the page's length). */
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

/** Only a UUID can name a link; anything else (a mistyped address) is simply not found. */
export const isLinkId = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** A numeric(12,2) amount as the API writes it ('12.5', 12.5) to whole cents, exactly. */
export function toCents(amount: string | number | null | undefined): number {
  if (amount === null || amount === undefined) return 0;
  const s = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(s);
  if (!m) return Math.round(Number(s) * 100);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}
