/**
 * The one place that writes dates, times, numbers and money for people (issue 27: one look). Everything else imports
 * from here; eslint refuses toLocale*String and Intl.*Format anywhere else, so a screen cannot grow a sixth date style.
 *
 * Screens write in the administrator's locale and time zone (`makeFormats()` with no place); texts the spec fixes in
 * English (chart labels, dollar amounts, e-mail sample values, messages) use en-US whatever the machine says.
 * Each formatter is made once: toLocaleString() builds a new one per call, which a list redrawing its rows feels.
 */

import { counted } from './plural.js';

/** Where a text is read: a BCP 47 locale and an IANA time zone; undefined means the machine's own. */
export interface FormatPlace {
  readonly locale?: string;
  readonly timeZone?: string;
}

type Missing = string;
type When = string | number | Date | null | undefined;

function toDate(when: When): Date | null {
  if (when === null || when === undefined || when === '') return null;
  const d = when instanceof Date ? when : new Date(when);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A calendar day '2026-11-24' is midnight UTC, so no time zone moves it to the day before. */
const calendarDay = (day: string): Date => new Date(`${day.slice(0, 10)}T00:00:00Z`);

export function makeFormats(place: FormatPlace = {}) {
  const { locale, timeZone } = place;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const dateTimeSeconds = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  const longDate = new Intl.DateTimeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone });
  const utcDate = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const count = new Intl.NumberFormat(locale);
  const decimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const fmt =
    (f: Intl.DateTimeFormat) =>
    (when: When, missing: Missing = 'Never') => {
      const d = toDate(when);
      return d ? f.format(d) : missing;
    };
  return {
    /** 'Nov 24, 2026' (en-US), '24 Nov 2026' (en-GB). */
    formatDate: fmt(date),
    /** 'Nov 24, 2026, 1:40 PM' (en-US), '24 Nov 2026, 13:40' (en-GB). */
    formatDateTime: fmt(dateTime),
    /** The same with seconds, where two events a few seconds apart must read apart (the audit log). */
    formatDateTimeSeconds: fmt(dateTimeSeconds),
    /** '1:40 PM' (en-US), '13:40' (en-GB). */
    formatTime: fmt(time),
    /** 'Tuesday, November 24, 2026': a heading over one day's events. */
    formatLongDate: fmt(longDate),
    /** A calendar day ('2026-11-24', no time zone) in the date style: 'Nov 24, 2026'. */
    formatCalendarDay: (day: string | null | undefined, missing: Missing = '-') => (day ? utcDate.format(calendarDay(day)) : missing),
    /** 12345 -> '12,345' */
    formatCount: (n: number) => count.format(n),
    /** 43.87 -> '43.9' */
    formatDecimal: (n: number) => decimal.format(n),
  };
}

const here = makeFormats();
export const { formatDate, formatDateTime, formatDateTimeSeconds, formatTime, formatLongDate, formatCalendarDay, formatCount, formatDecimal } = here;

/** A count and its noun by the one plural rule (plural.ts), the count as formatCount writes it: '1 user', '1,234 users'. */
export const formatCounted = (n: number, one: string, many?: string): string => counted(n, one, many, formatCount);

// Texts the spec writes in English, whatever the administrator's locale.
const enCount = new Intl.NumberFormat('en-US');
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const chartDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const longMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const enDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric' });

/** 12345 -> '12,345' in English: counts inside the spec's messages and in exported text. */
export const formatCountEn = (n: number): string => enCount.format(n);
/** Dollars with 2 decimals: 1234.5 -> '$1,234.50' (spec 3 section 9). */
export const formatMoney = (dollars: number): string => usd.format(dollars);
/** Cents as dollars with 2 decimals: 123456 -> '$1,234.56'. */
export const formatCents = (cents: number): string => usd.format(cents / 100);
/** Whole dollars: 1234.5 -> '$1,235' (rounded half away from zero, as Math.round for amounts >= 0). */
export const formatWholeDollars = (dollars: number): string => usdWhole.format(Math.round(dollars));
/** Dollars with 3 decimals, for small per-call costs: 0.0123 -> '$0.012'. */
export const formatMoneyFine = (dollars: number): string => `$${dollars.toFixed(3)}`;
/** A chart's UTC calendar day: '2026-11-22' -> 'Nov 22'. */
export const formatDay = (day: string): string => chartDay.format(calendarDay(day));
/** A UTC month: 'Nov 2026' (short) or 'November 2026' (long). */
export const formatMonth = (when: number | Date, style: 'short' | 'long' = 'short'): string => (style === 'long' ? longMonth : shortMonth).format(when);
/** A date as an American reader writes it, '11/24/2026': the e-mail templates' sample values. */
export const formatDateEn = (when: Date): string => enDate.format(when);

/** A percentage with one decimal: 43.25 -> '43.3%'. */
export const formatPercent = (percent: number): string => `${percent.toFixed(1)}%`;

/** 187 -> '3m 7s' */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m ${s % 60}s` : `${s}s`;
}

const RELATIVE_UNITS: readonly (readonly [string, number])[] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

export interface RelativeOptions {
  /** Inside a sentence ('Expires in 3 days', 'Granted just now'): the first word in lower case. */
  readonly inSentence?: boolean;
  /** Beyond this many seconds away the time is written by `beyond` (default 30 days, as a list's calendar day). */
  readonly withinSeconds?: number;
  /** How a time further away is written; by default its UTC calendar day, '2026-10-13'. */
  readonly beyond?: (at: Date) => string;
}

/**
 * The one relative-time style of the app: 'Just now', '1 minute ago', '5 minutes ago', 'In 3 hours', 'In 2 months'
 * (the nearest whole unit, English words), written 'just now' / 'in 3 hours' inside a sentence.
 */
export function formatRelative(when: string | number | Date, now: number | Date, options: RelativeOptions = {}): string {
  const at = when instanceof Date ? when.getTime() : typeof when === 'string' ? Date.parse(when) : when;
  const diff = Math.round(((now instanceof Date ? now.getTime() : now) - at) / 1000);
  const s = Math.abs(diff);
  const { inSentence = false, withinSeconds = 30 * 86_400, beyond = (d: Date) => d.toISOString().slice(0, 10) } = options;
  let text: string;
  if (s < 45) text = 'Just now';
  else if (s > withinSeconds) return beyond(new Date(at));
  else {
    const [unit, size] = RELATIVE_UNITS.find(([, size]) => s >= size) ?? (['minute', 60] as const);
    const counted = `${Math.max(1, Math.round(s / size))} ${unit}`;
    const words = counted.startsWith('1 ') ? counted : `${counted}s`;
    text = diff < 0 ? `In ${words}` : `${words} ago`;
  }
  return inSentence ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
