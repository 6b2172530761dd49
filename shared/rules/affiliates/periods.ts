/**
 * The periods of the link and affiliate analytics (spec 3 section 9: 7, 30 (default), 90, 365 days) and how their
 * charts group days. Days are UTC calendar days numbered from the epoch, as in the user analytics, so the server's
 * figures, the charts and the ground truth cut days at the same instant.
 */
import { DAY_MS, dayDate, dayOf } from '../analytics/range.js';
import { formatDay, formatMonth } from '../common/format.js';

export const AFFILIATE_PERIODS = [7, 30, 90, 365] as const;
export type AffiliatePeriod = (typeof AFFILIATE_PERIODS)[number];
export const DEFAULT_AFFILIATE_PERIOD: AffiliatePeriod = 30;

/** The selector's words: '1 year' on a link's analytics, 'last year' on the affiliate screen (spec 3 section 2). */
export const LINK_PERIOD_LABELS: Readonly<Record<AffiliatePeriod, string>> = { 7: '7 days', 30: '30 days', 90: '90 days', 365: '1 year' };
export const AFFILIATE_PERIOD_LABELS: Readonly<Record<AffiliatePeriod, string>> = { 7: '7 days', 30: '30 days', 90: '90 days', 365: 'Last year' };

export const isAffiliatePeriod = (n: number): n is AffiliatePeriod => (AFFILIATE_PERIODS as readonly number[]).includes(n);

export interface PeriodWindow {
  readonly days: AffiliatePeriod;
  /** The first day counted: "on or after the start of the day N days ago" (spec 3 section 7). */
  readonly startDay: number;
  readonly today: number;
  /** The start of startDay, as an ISO instant: the lower bound of payment_date. */
  readonly since: string;
}

export function periodWindow(days: AffiliatePeriod, nowMs: number): PeriodWindow {
  const today = dayOf(nowMs);
  const startDay = today - days;
  return { days, startDay, today, since: new Date(startDay * DAY_MS).toISOString() };
}

/** How a period's charts group days, so each stays readable in the window's width: at most about 31 bars. */
export type BucketUnit = 'day' | 'week' | 'month';
export const bucketUnitOf = (days: AffiliatePeriod): BucketUnit => (days <= 30 ? 'day' : days <= 90 ? 'week' : 'month');

export interface Bucket {
  /** First day of the bucket, 'YYYY-MM-DD' (a week starts at the period's start day plus a multiple of 7). */
  readonly start: string;
  readonly unit: BucketUnit;
  readonly revenueCents: number;
  readonly commissionCents: number;
  readonly payments: number;
}

export interface DayFigures {
  readonly date: string;
  readonly revenueCents: number;
  readonly commissionCents: number;
  readonly payments: number;
}

const monthKey = (day: number) => dayDate(day).slice(0, 7);

/**
 * Every bucket of the period, empty ones included, with the days' figures summed in: a bucket's sum over the
 * period equals the period's total. A day outside the period (a payment dated after today) joins the nearest end.
 */
export function bucketDays(w: PeriodWindow, days: readonly DayFigures[]): Bucket[] {
  const unit = bucketUnitOf(w.days);
  const keyOf = (day: number): string =>
    unit === 'day' ? dayDate(day) : unit === 'week' ? dayDate(w.startDay + 7 * Math.floor((day - w.startDay) / 7)) : monthKey(day);
  const buckets = new Map<string, { start: string; revenueCents: number; commissionCents: number; payments: number }>();
  for (let d = w.startDay; d <= w.today; d++) {
    const key = keyOf(d);
    if (!buckets.has(key))
      buckets.set(key, { start: unit === 'month' ? dayDate(Math.max(w.startDay, d)) : key, revenueCents: 0, commissionCents: 0, payments: 0 });
  }
  const keys = [...buckets.keys()];
  for (const f of days) {
    const day = Math.min(w.today, Math.max(w.startDay, dayOf(Date.parse(`${f.date}T00:00:00Z`))));
    const b = buckets.get(keyOf(day)) ?? buckets.get(keys[keys.length - 1]!)!;
    b.revenueCents += f.revenueCents;
    b.commissionCents += f.commissionCents;
    b.payments += f.payments;
  }
  return [...buckets.values()].map((b) => ({ ...b, unit }));
}

/** 'Nov 24' for a day, 'Week of Nov 17' for a week, 'Nov 2026' for a month. */
export function bucketLabel(b: Pick<Bucket, 'start' | 'unit'>): string {
  return b.unit === 'day' ? formatDay(b.start) : b.unit === 'week' ? `Week of ${formatDay(b.start)}` : formatMonth(new Date(`${b.start}T00:00:00Z`));
}
