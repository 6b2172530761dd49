/** The dashboard's stat cards: what was added in the last period, against the period before it. */

export const DASHBOARD_PERIOD_DAYS = 7;

/** Rows made in this period and in the previous one, and the oldest row's time (null: no rows at all). */
export interface PeriodCounts {
  readonly current: number;
  readonly previous: number;
  readonly earliest: string | null;
}

/**
 * The change in percent, or null where it would mislead: no row in the previous period (no base to compare with),
 * or data that starts after the previous period began (that period is only partly recorded).
 */
export function periodChange(c: PeriodCounts, now: Date, days = DASHBOARD_PERIOD_DAYS): number | null {
  if (c.previous <= 0 || c.earliest === null) return null;
  const earliest = Date.parse(c.earliest);
  if (!Number.isFinite(earliest) || earliest > now.getTime() - 2 * days * 86_400_000) return null;
  return ((c.current - c.previous) / c.previous) * 100;
}

/**
 * "+12% vs previous 7 days", "-5% vs previous 7 days", "No change vs previous 7 days". Whole percents, but a change
 * under 1% keeps one decimal so it never reads as no change. `format` writes the number (the app's formatter).
 */
export function changeText(percent: number, format: (n: number) => string, days = DASHBOARD_PERIOD_DAYS): string {
  const tail = `vs previous ${days} ${days === 1 ? 'day' : 'days'}`;
  if (percent === 0) return `No change ${tail}`;
  const size = Math.abs(percent);
  const shown = size < 1 ? Math.max(0.1, Math.round(size * 10) / 10) : Math.round(size);
  return `${percent > 0 ? '+' : '-'}${format(shown)}% ${tail}`;
}
