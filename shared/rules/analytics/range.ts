/**
 * Time arithmetic of the analytics screens (spec 1 section 9). Days are UTC calendar days, numbered from the
 * Unix epoch, so main's replica, the server's ground truth and the charts all cut days at the same instant.
 */
import { formatMonth } from '../common/format.js';

export const DAY_MS = 86_400_000;

/** The range selector: 7, 14, 30, 60, 90 days and all time (0). */
export const RANGE_OPTIONS = [7, 14, 30, 60, 90, 0] as const;
export type RangeDays = (typeof RANGE_OPTIONS)[number];
export const DEFAULT_RANGE: RangeDays = 30;
/** With all time, the daily series spans this many days. */
export const ALL_TIME_SERIES_DAYS = 30;

export const RANGE_LABELS: Readonly<Record<RangeDays, string>> = {
  7: 'Last 7 days',
  14: 'Last 14 days',
  30: 'Last 30 days',
  60: 'Last 60 days',
  90: 'Last 90 days',
  0: 'All time',
};

/** The day number of an instant (ms since the epoch). */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** 'YYYY-MM-DD' of a day number. */
export const dayDate = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The start of a day number, as an ISO instant. */
export const dayStartIso = (day: number): string => new Date(day * DAY_MS).toISOString();

export interface AnalyticsWindow {
  readonly days: RangeDays;
  /** First day counted by the window's figures; null for all time (everything counts). */
  readonly windowStartDay: number | null;
  /** The daily series: seriesDays days ending today. */
  readonly seriesStartDay: number;
  readonly seriesEndDay: number;
}

/**
 * The window of a range: N whole days ending today (today included), so that a window's figure always equals
 * the sum of its daily series. All time counts everything and charts the last 30 days.
 */
export function analyticsWindow(days: RangeDays, nowMs: number): AnalyticsWindow {
  const today = dayOf(nowMs);
  const seriesDays = days === 0 ? ALL_TIME_SERIES_DAYS : days;
  const seriesStartDay = today - seriesDays + 1;
  return { days, windowStartDay: days === 0 ? null : seriesStartDay, seriesStartDay, seriesEndDay: today };
}

/** Every day number from `from` to `to`, both included. */
export function dayRange(from: number, to: number): number[] {
  const out: number[] = [];
  for (let d = from; d <= to; d++) out.push(d);
  return out;
}

/**
 * The instant of a PostgreSQL timestamptz as PostgREST writes it ('2025-06-01T10:00:00.123456+00:00'), in whole
 * milliseconds, truncated (never rounded up into the next day). Throws on anything else.
 */
export function timestampMs(value: string): number {
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) throw new Error(`Not a timestamp: ${value}`);
  return ms;
}

// Months ----------------------------------------------------------------------------------------------------------

/** The month slider starts in June 2024 (spec 1 section 9). */
export const MONTH_SLIDER_START = '2024-06';
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Month keys 'YYYY-MM' compare correctly as strings. */
export const isMonthKey = (s: string): boolean => MONTH.test(s);

export function monthKeyOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** The first instant (ms) of a month key; with `offset`, of the month that many months later. */
export function monthStartMs(key: string, offset = 0): number {
  const m = MONTH.exec(key);
  if (!m) throw new Error(`Not a month: ${key}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1 + offset, 1);
}

/** Every month key from `first` to `last`, both included. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let i = 0; ; i++) {
    const key = monthKeyOf(monthStartMs(first, i));
    if (key > last) break;
    out.push(key);
  }
  return out;
}

/** The slider's months: June 2024 to the current month. */
export function sliderMonths(nowMs: number): string[] {
  return monthsBetween(MONTH_SLIDER_START, monthKeyOf(nowMs));
}

/** 'June 2024' */
export function monthLabel(key: string): string {
  return formatMonth(monthStartMs(key), 'long');
}

export interface MonthWindow {
  readonly startMonth: string;
  readonly endMonth: string;
  /** [startDay, endDayExclusive): the days of the chosen months. */
  readonly startDay: number;
  readonly endDayExclusive: number;
}

/**
 * The days covered by a month range, clamped to the slider (June 2024 to the current month); missing ends
 * default to the slider's ends, and swapped ends are put in order.
 */
export function monthWindow(startMonth: string | undefined, endMonth: string | undefined, nowMs: number): MonthWindow {
  const current = monthKeyOf(nowMs);
  const clamp = (k: string) => (k < MONTH_SLIDER_START ? MONTH_SLIDER_START : k > current ? current : k);
  let a = clamp(startMonth ?? MONTH_SLIDER_START);
  let b = clamp(endMonth ?? current);
  if (a > b) [a, b] = [b, a];
  return { startMonth: a, endMonth: b, startDay: dayOf(monthStartMs(a)), endDayExclusive: dayOf(monthStartMs(b, 1)) };
}
