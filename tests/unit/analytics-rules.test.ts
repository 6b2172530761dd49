import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALL_TIME_SERIES_DAYS,
  analyticsWindow,
  dayDate,
  dayOf,
  dayRange,
  DEFAULT_RANGE,
  monthsBetween,
  monthWindow,
  RANGE_OPTIONS,
  sliderMonths,
  timestampMs,
} from '../../shared/rules/analytics/range.js';
import {
  conversionRate,
  growthPhaseOf,
  latestActivityMs,
  listenedMinutes,
  panelCombinationKey,
  recencyBucketOf,
  roundedRatio,
  scoreBucketOf,
  scoreCenti,
} from '../../shared/rules/analytics/metrics.js';
import { ANALYTICS_MESSAGES } from '../../shared/rules/analytics/messages.js';

const NOW = Date.parse('2026-11-22T14:30:00.000Z');
const H = 3_600_000;
const D = 24 * H;

describe('analytics range windows (spec 1 section 9)', () => {
  it('offers 7, 14, 30, 60, 90 days and all time, 30 by default', () => {
    expect(RANGE_OPTIONS).toEqual([7, 14, 30, 60, 90, 0]);
    expect(DEFAULT_RANGE).toBe(30);
  });

  it('counts N whole UTC days ending today, and the series has N days', () => {
    const w = analyticsWindow(7, NOW);
    expect(dayDate(w.seriesEndDay)).toBe('2026-11-22');
    expect(dayDate(w.seriesStartDay)).toBe('2026-11-16');
    expect(w.windowStartDay).toBe(w.seriesStartDay);
    expect(dayRange(w.seriesStartDay, w.seriesEndDay)).toHaveLength(7);
  });

  it('with all time counts everything and the daily series spans 30 days', () => {
    const w = analyticsWindow(0, NOW);
    expect(w.windowStartDay).toBeNull();
    expect(dayRange(w.seriesStartDay, w.seriesEndDay)).toHaveLength(ALL_TIME_SERIES_DAYS);
    expect(ALL_TIME_SERIES_DAYS).toBe(30);
  });

  it('cuts days at UTC midnight, truncating microseconds (never rounding into the next day)', () => {
    expect(dayDate(dayOf(timestampMs('2026-11-21T23:59:59.9999995+00:00')))).toBe('2026-11-21');
    expect(dayDate(dayOf(timestampMs('2026-11-22T00:00:00+00:00')))).toBe('2026-11-22');
    expect(dayDate(dayOf(timestampMs('2026-11-22T01:30:00+02:00')))).toBe('2026-11-21');
    expect(() => timestampMs('yesterday')).toThrow();
  });
});

describe('the month slider', () => {
  it('runs from June 2024 to the current month', () => {
    const months = sliderMonths(NOW);
    expect(months[0]).toBe('2024-06');
    expect(months.at(-1)).toBe('2026-11');
    expect(months).toHaveLength(30);
    expect(monthsBetween('2024-11', '2025-02')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
  });

  it('turns a month range into its days, clamped and in order', () => {
    const w = monthWindow('2025-01', '2025-02', NOW);
    expect(dayDate(w.startDay)).toBe('2025-01-01');
    expect(dayDate(w.endDayExclusive)).toBe('2025-03-01');
    expect(monthWindow(undefined, undefined, NOW)).toMatchObject({ startMonth: '2024-06', endMonth: '2026-11' });
    expect(monthWindow('2027-05', '2020-01', NOW)).toMatchObject({ startMonth: '2024-06', endMonth: '2026-11' });
    expect(monthWindow('2025-09', '2025-03', NOW)).toMatchObject({ startMonth: '2025-03', endMonth: '2025-09' });
  });
});

describe('rounding like PostgreSQL round(), with integers only', () => {
  it('rounds half away from zero at every decimal', () => {
    expect(roundedRatio(1, 2)).toBe(1);
    expect(roundedRatio(1, 3)).toBe(0);
    expect(roundedRatio(5, 4, 1)).toBe(1.3); // 1.25
    expect(roundedRatio(7, 0)).toBe(0);
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.integer({ min: 1, max: 100_000 }), (n, d) => {
        const r = roundedRatio(n, d, 1);
        // Within half a tenth of the true value, and exactly a tenth step.
        expect(Math.abs(r - n / d)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(Number.isInteger(Math.round(r * 10))).toBe(true);
      }),
    );
  });

  it('conversion rate = active subscriptions / total users as a rounded percentage', () => {
    expect(conversionRate(1, 3)).toBe(33);
    expect(conversionRate(1, 8)).toBe(13); // 12.5
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(45, 100)).toBe(45);
  });

  it('minutes listened round the seconds to whole minutes', () => {
    expect(listenedMinutes(89)).toBe(1);
    expect(listenedMinutes(90)).toBe(2);
    expect(listenedMinutes(0)).toBe(0);
  });
});

describe('engagement buckets', () => {
  it('histogram 0-20, 21-40, 41-60, 61-80, 81-100 on two-decimal scores', () => {
    const bucket = (score: number) => scoreBucketOf(scoreCenti(score));
    expect([0, 20, 20.01, 40, 40.5, 60, 60.01, 80, 80.01, 100].map(bucket)).toEqual([
      '0-20',
      '0-20',
      '21-40',
      '21-40',
      '41-60',
      '41-60',
      '61-80',
      '61-80',
      '81-100',
      '81-100',
    ]);
    expect(scoreCenti('44.35')).toBe(4435);
  });

  it('recency 24 hours, 7 days, 30 days, inactive, exclusive', () => {
    expect(recencyBucketOf(NOW - D, NOW)).toBe('24 hours');
    expect(recencyBucketOf(NOW - D - 1, NOW)).toBe('7 days');
    expect(recencyBucketOf(NOW - 7 * D, NOW)).toBe('7 days');
    expect(recencyBucketOf(NOW - 7 * D - 1, NOW)).toBe('30 days');
    expect(recencyBucketOf(NOW - 30 * D - 1, NOW)).toBe('inactive');
    expect(recencyBucketOf(null, NOW)).toBe('inactive');
    expect(recencyBucketOf(NOW + H, NOW)).toBe('24 hours');
  });

  it('the latest activity is the newest of the last-activity fields', () => {
    expect(latestActivityMs([null, '2026-11-20T00:00:00+00:00', undefined, '2026-11-21T00:00:00.5+00:00'])).toBe(Date.parse('2026-11-21T00:00:00.500Z'));
    expect(latestActivityMs([null, null])).toBeNull();
  });

  it('a missing growth phase counts as new', () => {
    expect(growthPhaseOf(null)).toBe('new');
    expect(growthPhaseOf(undefined)).toBe('new');
    expect(growthPhaseOf('building')).toBe('building');
  });
});

describe('panel combinations', () => {
  it('sorts the coach ids and joins them, whatever the order they were chosen in', () => {
    expect(panelCombinationKey(['c', 'a', 'b'])).toBe('a,b,c');
    fc.assert(
      fc.property(fc.array(fc.uuid(), { minLength: 1, maxLength: 5 }), (ids) => {
        const shuffled = [...ids].reverse();
        expect(panelCombinationKey(shuffled)).toBe(panelCombinationKey(ids));
      }),
    );
  });
});

describe('messages (spec 1 section 8)', () => {
  it('are word for word', () => {
    expect(ANALYTICS_MESSAGES.analyticsError('boom')).toBe('Error loading analytics data: boom');
    expect(ANALYTICS_MESSAGES.activityError('boom')).toBe('Error loading user activity data: boom');
    expect(ANALYTICS_MESSAGES.activityEmpty).toBe('No user activity data available');
    expect(ANALYTICS_MESSAGES.webAnalyticsFailed).toBe('Failed to load Google Analytics data');
  });
});
