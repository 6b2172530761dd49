/** A saved segment's filters (spec 3 section 3); absent keys do not filter. */
export interface SegmentFilters {
  readonly activityLevel?: 'inactive' | 'low' | 'moderate' | 'high';
  readonly daysSinceLastActivity?: number;
  readonly hasGoals?: boolean;
  readonly hasChallenges?: boolean;
}

export const ACTIVITY_LEVELS = ['inactive', 'low', 'moderate', 'high'] as const;

/**
 * Activity level by engagement score (0-100; a user without metrics scores 0). The spec names the levels only;
 * these bands are ours: inactive below 25, low below 50, moderate below 75, high from 75.
 */
export const ACTIVITY_BANDS: Readonly<Record<(typeof ACTIVITY_LEVELS)[number], readonly [number, number]>> = {
  inactive: [0, 25],
  low: [25, 50],
  moderate: [50, 75],
  high: [75, 101],
};

/** Keeps only well-formed filters; anything else is ignored rather than rejected (filters are optional). */
export function cleanSegmentFilters(raw: unknown): SegmentFilters {
  const f = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const out: { -readonly [K in keyof SegmentFilters]: SegmentFilters[K] } = {};
  if (typeof f.activityLevel === 'string' && (ACTIVITY_LEVELS as readonly string[]).includes(f.activityLevel)) {
    out.activityLevel = f.activityLevel as SegmentFilters['activityLevel'];
  }
  const days = typeof f.daysSinceLastActivity === 'string' && f.daysSinceLastActivity.trim() !== '' ? Number(f.daysSinceLastActivity) : f.daysSinceLastActivity;
  if (typeof days === 'number' && Number.isInteger(days) && days >= 0) out.daysSinceLastActivity = days;
  if (typeof f.hasGoals === 'boolean') out.hasGoals = f.hasGoals;
  if (typeof f.hasChallenges === 'boolean') out.hasChallenges = f.hasChallenges;
  return out;
}
