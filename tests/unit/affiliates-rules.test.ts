import { describe, expect, it } from 'vitest';
import {
  AFFILIATE_PERIODS,
  AFFILIATE_PERIOD_LABELS,
  DEFAULT_AFFILIATE_PERIOD,
  LINK_PERIOD_LABELS,
  bucketDays,
  bucketLabel,
  bucketUnitOf,
  periodWindow,
} from '../../shared/rules/affiliates/periods.js';
import {
  allTypes,
  averageCents,
  avgCommissionPerSale,
  avgRevenuePerCustomer,
  commissionTone,
  formatCents,
  linkTypeLabel,
  type AffiliateTotals,
} from '../../shared/rules/affiliates/figures.js';
import { isLinkId, toCents } from '../../shared/rules/affiliates/link.js';

const NOW = Date.parse('2026-11-24T15:30:00Z');
const totals = (t: Partial<AffiliateTotals>): AffiliateTotals => ({
  revenueCents: 0,
  commissionCents: 0,
  pendingCents: 0,
  paidCents: 0,
  payments: 0,
  customers: 0,
  links: 0,
  ...t,
});

describe('affiliate analytics periods', () => {
  it('offers 7, 30 (default), 90 and 365 days with the spec words', () => {
    expect(AFFILIATE_PERIODS).toEqual([7, 30, 90, 365]);
    expect(DEFAULT_AFFILIATE_PERIOD).toBe(30);
    expect(LINK_PERIOD_LABELS[365]).toBe('1 year');
    expect(AFFILIATE_PERIOD_LABELS[365]).toBe('Last year');
  });

  it('starts at the start of the UTC day N days ago', () => {
    expect(periodWindow(30, NOW).since).toBe('2026-10-25T00:00:00.000Z');
    expect(periodWindow(7, NOW).since).toBe('2026-11-17T00:00:00.000Z');
    expect(periodWindow(365, NOW).since).toBe('2025-11-24T00:00:00.000Z');
    // Just after midnight UTC the day has changed.
    expect(periodWindow(7, Date.parse('2026-11-25T00:00:00.001Z')).since).toBe('2026-11-18T00:00:00.000Z');
  });

  it('groups by day up to 30 days, by week at 90 and by month at 365', () => {
    expect(AFFILIATE_PERIODS.map(bucketUnitOf)).toEqual(['day', 'day', 'week', 'month']);
    const w7 = bucketDays(periodWindow(7, NOW), []);
    expect(w7).toHaveLength(8);
    expect(w7[0]).toEqual({ start: '2026-11-17', unit: 'day', revenueCents: 0, commissionCents: 0, payments: 0 });
    const w90 = bucketDays(periodWindow(90, NOW), []);
    expect(w90).toHaveLength(13);
    expect(w90.map((b) => b.start).slice(0, 2)).toEqual(['2026-08-26', '2026-09-02']);
    const w365 = bucketDays(periodWindow(365, NOW), []);
    expect(w365).toHaveLength(13);
    expect(w365[0]!.start).toBe('2025-11-24');
    expect(w365[1]!.start).toBe('2025-12-01');
    expect(w365[12]!.start).toBe('2026-11-01');
  });

  it('sums days into their bucket, so the buckets add up to the period', () => {
    const w = periodWindow(90, NOW);
    const days = [
      { date: '2026-08-26', revenueCents: 100, commissionCents: 10, payments: 1 },
      { date: '2026-09-01', revenueCents: 250, commissionCents: 25, payments: 2 },
      { date: '2026-09-02', revenueCents: 5, commissionCents: 0, payments: 1 },
      { date: '2026-11-24', revenueCents: 7, commissionCents: 1, payments: 1 },
      // dated after today: joins the last bucket rather than vanish
      { date: '2026-11-30', revenueCents: 3, commissionCents: 0, payments: 1 },
    ];
    const b = bucketDays(w, days);
    expect(b[0]).toMatchObject({ start: '2026-08-26', revenueCents: 350, commissionCents: 35, payments: 3 });
    expect(b[1]).toMatchObject({ start: '2026-09-02', revenueCents: 5, payments: 1 });
    expect(b.at(-1)).toMatchObject({ revenueCents: 10, payments: 2 });
    expect(b.reduce((s, x) => s + x.revenueCents, 0)).toBe(365);
  });

  it('labels days, weeks and months', () => {
    expect(bucketLabel({ start: '2026-11-17', unit: 'day' })).toBe('Nov 17');
    expect(bucketLabel({ start: '2026-11-17', unit: 'week' })).toBe('Week of Nov 17');
    expect(bucketLabel({ start: '2026-11-01', unit: 'month' })).toBe('Nov 2026');
  });
});

describe('affiliate analytics figures', () => {
  it('averages in cents, rounded half up, 0 with nothing to divide by', () => {
    expect(averageCents(1000, 3)).toBe(333);
    expect(averageCents(5, 2)).toBe(3);
    expect(averageCents(1001, 2)).toBe(501);
    expect(averageCents(999, 0)).toBe(0);
    expect(avgRevenuePerCustomer(totals({ revenueCents: 10_000, customers: 3, payments: 9 }))).toBe(3333);
    expect(avgCommissionPerSale(totals({ commissionCents: 900, payments: 4, customers: 1 }))).toBe(225);
  });

  it('formats dollars with 2 decimals and converts API amounts to exact cents', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(0)).toBe('$0.00');
    expect(toCents('19.99')).toBe(1999);
    expect(toCents('12.5')).toBe(1250);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('1000')).toBe(100000);
    expect(toCents(null)).toBe(0);
  });

  it('lists every revenue type, badges and link types as the spec says', () => {
    expect(allTypes([{ type: 'referral', revenueCents: 5, payments: 1 }]).map((t) => [t.type, t.revenueCents])).toEqual([
      ['affiliate', 0],
      ['campaign', 0],
      ['referral', 5],
    ]);
    expect(['paid', 'approved', 'pending'].map(commissionTone)).toEqual(['success', 'info', 'warning']);
    expect(linkTypeLabel(true)).toBe('affiliate');
    expect(linkTypeLabel(false)).toBe('campaign');
    expect(isLinkId('00000000-0000-4000-8000-000000000000')).toBe(true);
    expect(isLinkId('../etc')).toBe(false);
  });
});
