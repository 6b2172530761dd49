const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
// Campaign dates are calendar days: formatted in UTC so no time zone moves them to the day before.
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** Amounts of the marketing screens: dollars with 2 decimals (spec 3 section 9). */
export const formatUsd = (n: number): string => usd.format(n);

/** '2026-11-24' in the administrator's locale ('Nov 24, 2026'). */
export const formatCalendarDay = (d: string): string => day.format(new Date(`${d}T00:00:00Z`));
