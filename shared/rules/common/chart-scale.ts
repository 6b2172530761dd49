/**
 * The numbers a chart's axes are drawn from: whole-number ticks for counts (a count axis reading "0.5 users" is
 * wrong), and whether a day is the current one (its figure is still growing, so a chart marks it as incomplete).
 */

/** Whole-number ticks from 0 that cover max in about `target` equal steps of 1, 2 or 5 times a power of ten. */
export function countTicks(max: number, target = 4): number[] {
  const top = Math.max(1, Math.ceil(Number.isFinite(max) ? max : 0));
  const raw = top / target;
  const power = 10 ** Math.floor(Math.log10(raw));
  const nice = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw - 1e-9) ?? 10 * power;
  const step = Math.max(1, Math.round(nice));
  const steps = Math.ceil(top / step);
  return Array.from({ length: steps + 1 }, (_, i) => i * step);
}

/** The UTC calendar day of a moment, as the charts' 'YYYY-MM-DD' (chart days are UTC days). */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** True when a chart's last day is today: the period is not over, so its figure is not comparable yet. */
export const isCurrentDay = (date: string | undefined, now: number): boolean => date !== undefined && date === utcDay(now);
