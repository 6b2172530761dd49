/** Number and time formats of the analytics screens. */
export const fmt = (n: number): string => n.toLocaleString();

export const fmtDecimal = (n: number): string => n.toLocaleString(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 187 -> '3m 7s' */
export function fmtDuration(seconds: number): string {
  const s = Math.round(seconds);
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m ${s % 60}s` : `${s}s`;
}

/** '2026-11-22' -> 'Nov 22' (the dates are UTC days). */
export function fmtDay(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export const fmtDateTime = (iso: string): string => new Date(iso).toLocaleString();
