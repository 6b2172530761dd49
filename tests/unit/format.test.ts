// The one format module (issue 27): every date, time, number and money text. A fixed locale and time zone make the
// expectations the same on every machine; the module's defaults use the administrator's own.
import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCountEn,
  formatDateEn,
  formatDay,
  formatDuration,
  formatMoney,
  formatMoneyFine,
  formatMonth,
  formatPercent,
  formatRelative,
  formatWholeDollars,
  makeFormats,
} from '../../shared/rules/common/format.js';

const at = '2026-11-24T13:40:05Z';
const us = makeFormats({ locale: 'en-US', timeZone: 'America/New_York' });
const gb = makeFormats({ locale: 'en-GB', timeZone: 'Europe/London' });
const de = makeFormats({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
// Intl may put a narrow no-break space before AM/PM: compare with plain spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('dates and times', () => {
  it('writes one date style, in the place given', () => {
    expect(us.formatDate(at)).toBe('Nov 24, 2026');
    expect(gb.formatDate(at)).toBe('24 Nov 2026');
    expect(de.formatDate(at)).toBe('24.11.2026');
  });

  it('writes date and time, with the time zone applied', () => {
    expect(plain(us.formatDateTime(at))).toBe('Nov 24, 2026, 8:40 AM');
    expect(gb.formatDateTime(at)).toBe('24 Nov 2026, 13:40');
    expect(gb.formatDateTimeSeconds(at)).toBe('24 Nov 2026, 13:40:05');
    expect(plain(us.formatTime(at))).toBe('8:40 AM');
    expect(de.formatTime(at)).toBe('14:40');
  });

  it('moves a late UTC hour to the next day where the zone is ahead', () => {
    const tokyo = makeFormats({ locale: 'en-GB', timeZone: 'Asia/Tokyo' });
    expect(tokyo.formatDate('2026-11-24T20:00:00Z')).toBe('25 Nov 2026');
  });

  it('accepts ISO text, epoch milliseconds and Date objects, and names what is missing', () => {
    const ms = Date.parse(at);
    expect(gb.formatDate(ms)).toBe('24 Nov 2026');
    expect(gb.formatDate(new Date(ms))).toBe('24 Nov 2026');
    expect(gb.formatDate(null)).toBe('Never');
    expect(gb.formatDate(undefined, '-')).toBe('-');
    expect(gb.formatDateTime('not a date')).toBe('Never');
  });

  it('writes a long day heading', () => {
    expect(us.formatLongDate(at)).toBe('Tuesday, November 24, 2026');
    expect(gb.formatLongDate(at)).toMatch(/^Tuesday,? 24 November 2026$/);
  });

  it('keeps a calendar day on its day in every zone', () => {
    const hawaii = makeFormats({ locale: 'en-US', timeZone: 'Pacific/Honolulu' });
    expect(hawaii.formatCalendarDay('2026-11-24')).toBe('Nov 24, 2026');
    expect(gb.formatCalendarDay('2026-11-24T00:00:00Z')).toBe('24 Nov 2026');
    expect(gb.formatCalendarDay(null)).toBe('-');
  });

  it('writes chart days and months in English, in UTC', () => {
    expect(formatDay('2026-11-02')).toBe('Nov 2');
    expect(formatMonth(Date.UTC(2024, 5, 1))).toBe('Jun 2024');
    expect(formatMonth(new Date(Date.UTC(2024, 5, 1)), 'long')).toBe('June 2024');
  });

  it("writes the e-mail preview's sample dates as an American reader does", () => {
    expect(formatDateEn(new Date(2026, 10, 4, 12))).toBe('11/4/2026');
  });
});

describe('numbers and money', () => {
  it('groups counts in the place given', () => {
    expect(us.formatCount(1234567)).toBe('1,234,567');
    expect(de.formatCount(1234567)).toBe('1.234.567');
    expect(formatCountEn(12345)).toBe('12,345');
  });

  it('writes one decimal and percentages', () => {
    expect(us.formatDecimal(43.87)).toBe('43.9');
    expect(us.formatDecimal(2)).toBe('2.0');
    expect(de.formatDecimal(43.87)).toBe('43,9');
    expect(formatPercent(43.25)).toBe('43.3%');
    expect(formatPercent(0)).toBe('0.0%');
  });

  it('writes dollars with 2 decimals, whole dollars and fine costs', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatWholeDollars(1234.5)).toBe('$1,235');
    expect(formatWholeDollars(999.4)).toBe('$999');
    expect(formatMoneyFine(0.0123)).toBe('$0.012');
  });

  it('writes durations in minutes and seconds', () => {
    expect(formatDuration(187)).toBe('3m 7s');
    expect(formatDuration(42.4)).toBe('42s');
  });
});

describe('relative times', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it.each([
    [now - 10_000, 'Just now'],
    [now - 5 * 60_000, '5 minutes ago'],
    [now - 3 * 3600_000, '3 hours ago'],
    [now + 2 * 3600_000, 'In 2 hours'],
    [now - 2 * 86400_000, '2 days ago'],
    [now - 40 * 86400_000, '2026-10-13'],
  ])('list time %s', (when, text) => {
    expect(formatRelative(when, now)).toBe(text);
  });

  it('has one style: the same words inside a sentence, only the first letter lower (issue 27: not "In 3 days" here and "in 3 days" there)', () => {
    expect(formatRelative(now + 3 * 86400_000, now)).toBe('In 3 days');
    expect(formatRelative(now + 3 * 86400_000, now, { inSentence: true })).toBe('in 3 days');
    expect(formatRelative(now - 20_000, now, { inSentence: true })).toBe('just now');
    expect(formatRelative(now + 20_000, now, { inSentence: true })).toBe('just now');
    expect(formatRelative(now - 2 * 3600_000, now, { inSentence: true })).toBe('2 hours ago');
  });

  it('writes one of a unit in the singular', () => {
    expect(formatRelative(now - 60_000, now)).toBe('1 minute ago');
    expect(formatRelative(now + 3600_000, now)).toBe('In 1 hour');
    expect(formatRelative(now - 86400_000, now)).toBe('1 day ago');
  });

  it("goes on in months and years, or to the caller's own text, past the list's 30 days", () => {
    expect(formatRelative(now + 65 * 86400_000, now, { withinSeconds: Infinity })).toBe('In 2 months');
    expect(formatRelative(now - 400 * 86400_000, now, { withinSeconds: Infinity, inSentence: true })).toBe('1 year ago');
    expect(formatRelative(now - 2 * 3600_000, now, { withinSeconds: 3600, beyond: () => 'Nov 22, 10:00' })).toBe('Nov 22, 10:00');
    expect(formatRelative('2026-11-22T11:55:00Z', new Date(now))).toBe('5 minutes ago');
  });
});
