/**
 * The analytics screens' business arithmetic (spec 1 sections 3 and 9). Everything rounds with integer
 * arithmetic, half away from zero, as PostgreSQL's round(numeric) does, so figures computed in main equal
 * the server's ground truth exactly, with no floating-point drift at .5.
 */
import { DAY_MS } from './range.js';

/** round(numerator / denominator, decimals), half up, for non-negative integers; 0 when the denominator is 0. */
export function roundedRatio(numerator: number, denominator: number, decimals = 0): number {
  if (denominator <= 0) return 0;
  const scale = 10 ** decimals;
  return Math.floor((2 * numerator * scale + denominator) / (2 * denominator)) / scale;
}

/** Conversion rate = active subscriptions / total users, as a rounded percentage. */
export function conversionRate(activeSubscriptions: number, totalUsers: number): number {
  return roundedRatio(100 * activeSubscriptions, totalUsers);
}

/** Minutes actually listened, from the sessions' actual_duration_seconds, rounded to whole minutes. */
export const listenedMinutes = (seconds: number): number => roundedRatio(seconds, 60);

// Engagement ------------------------------------------------------------------------------------------------------

export const GROWTH_PHASES = ['new', 'exploring', 'building', 'established', 'advanced'] as const;
export type GrowthPhase = (typeof GROWTH_PHASES)[number];

/** A missing (or unknown) growth phase counts as new. */
export function growthPhaseOf(value: string | null | undefined): GrowthPhase {
  return (GROWTH_PHASES as readonly string[]).includes(value ?? '') ? (value as GrowthPhase) : 'new';
}

export const SCORE_BUCKETS = ['0-20', '21-40', '41-60', '61-80', '81-100'] as const;
export type ScoreBucket = (typeof SCORE_BUCKETS)[number];
/** Upper bounds of the buckets, in hundredths of a point (scores have two decimals): 20.5 falls in 21-40. */
export const SCORE_BUCKET_UPPER_CENTI = [2000, 4000, 6000, 8000] as const;

/** Engagement scores are numeric(5,2): kept as whole hundredths so sums stay exact. */
export const scoreCenti = (score: number | string): number => Math.round(Number(score) * 100);

export function scoreBucketOf(centi: number): ScoreBucket {
  const i = SCORE_BUCKET_UPPER_CENTI.findIndex((upper) => centi <= upper);
  return SCORE_BUCKETS[i === -1 ? SCORE_BUCKETS.length - 1 : i]!;
}

export const RECENCY_BUCKETS = ['24 hours', '7 days', '30 days', 'inactive'] as const;
export type RecencyBucket = (typeof RECENCY_BUCKETS)[number];
/** The buckets' reach back from now; anything older, or no activity at all, is inactive. */
export const RECENCY_LIMITS_MS = [DAY_MS, 7 * DAY_MS, 30 * DAY_MS] as const;
/** "Active users" are those active in the last 7 days (24 hours and 7 days buckets). */
export const ACTIVE_WITHIN_MS = 7 * DAY_MS;

/** The bucket of a user's latest activity (ms), exclusive buckets that sum to the population. */
export function recencyBucketOf(lastActivityMs: number | null, nowMs: number): RecencyBucket {
  if (lastActivityMs === null) return 'inactive';
  const age = nowMs - lastActivityMs;
  const i = RECENCY_LIMITS_MS.findIndex((limit) => age <= limit);
  return RECENCY_BUCKETS[i === -1 ? RECENCY_BUCKETS.length - 1 : i]!;
}

/** The latest of a user's last journal, coach, goal and challenge activity (ms), or null when there is none. */
export function latestActivityMs(values: readonly (string | null | undefined)[]): number | null {
  let latest: number | null = null;
  for (const v of values) {
    if (!v) continue;
    const ms = Date.parse(v);
    if (Number.isFinite(ms) && (latest === null || ms > latest)) latest = ms;
  }
  return latest;
}

// Coaches ---------------------------------------------------------------------------------------------------------

/** Top 10 coaches by sessions; top 10 panel combinations. */
export const TOP_COACHES = 10;
export const TOP_PANEL_COMBINATIONS = 10;
export const PANEL_KEY_SEPARATOR = ',';

/** A panel's combination key: its coach ids sorted and joined. */
export function panelCombinationKey(coachIds: readonly string[]): string {
  return [...coachIds].sort().join(PANEL_KEY_SEPARATOR);
}

/** Highest count first; equal counts by label, so the order is stable. */
export function byCountThenLabel<T>(count: (t: T) => number, label: (t: T) => string): (a: T, b: T) => number {
  return (a, b) => count(b) - count(a) || (label(a) < label(b) ? -1 : label(a) > label(b) ? 1 : 0);
}
