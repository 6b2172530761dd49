/**
 * How every screen writes counts, dates and durations: the administrator's locale and time zone. One formatter
 * of each kind, made once: toLocaleString() builds a new one per call, which a list redrawing its rows feels.
 */
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });
const countFormat = new Intl.NumberFormat();
const decimalFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
// Chart days are UTC calendar days, whatever the administrator's time zone.
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function format(f: Intl.DateTimeFormat, iso: string | null | undefined, missing: string): string {
  if (!iso) return missing;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? missing : f.format(d);
}

export const formatDate = (iso: string | null | undefined, missing = 'Never'): string => format(dateFormat, iso, missing);
export const formatDateTime = (iso: string | null | undefined, missing = 'Never'): string => format(dateTimeFormat, iso, missing);
export const formatCount = (n: number): string => countFormat.format(n);
/** 43.87 -> '43.9' */
export const formatDecimal = (n: number): string => decimalFormat.format(n);

/** 187 -> '3m 7s' */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m ${s % 60}s` : `${s}s`;
}

/** '2026-11-22' -> 'Nov 22' */
export const formatDay = (date: string): string => dayFormat.format(new Date(`${date}T00:00:00Z`));
