/** Wisdom source fields, lists and messages (spec 2 sections 3, 5, 8 and 9). */

export const WISDOM_CATEGORIES = [
  'philosopher',
  'scientist',
  'spiritual-leader',
  'author',
  'entrepreneur',
  'artist',
  'researcher',
  'historical-figure',
] as const;
export type WisdomCategory = (typeof WISDOM_CATEGORIES)[number];

export const TIME_PERIODS = ['ancient', 'classical', 'medieval', 'renaissance', 'modern', 'contemporary'] as const;
export type TimePeriod = (typeof TIME_PERIODS)[number];

/** The time period select's "no period" choice: saving it clears the column (spec 2 section 2). */
export const NO_TIME_PERIOD = 'none';

export const EXPERTISE_AREAS = [
  'creativity',
  'curiosity',
  'learning',
  'imagination',
  'persistence',
  'decision-making',
  'ethics',
  'relationships',
  'excellence',
  'authenticity',
  'courage',
  'vulnerability',
  'shame-resilience',
  'leadership',
  'innovation',
  'mindfulness',
  'wisdom',
  'compassion',
] as const;
export type ExpertiseArea = (typeof EXPERTISE_AREAS)[number];

/** Cards show this many expertise badges, then '+N more'. */
export const BADGES_SHOWN = 4;

/** Limits main enforces (the spec gives none; these keep a card readable and a row sane). */
export const WISDOM_LIMITS = { name: 200, description: 4000, culturalBackground: 200 } as const;

export const WISDOM_MESSAGES = {
  required: 'Please fill in all required fields',
  createFailed: (message: string) => `Failed to create wisdom source: ${message}`,
  updateFailed: (message: string | null | undefined) => `Failed to update wisdom source: ${message || 'Unknown error'}`,
  deleteFailed: 'Failed to delete wisdom source',
  notFound: 'This wisdom source no longer exists.',
} as const;

/** "spiritual-leader" -> "Spiritual Leader", for categories, periods and expertise badges. */
export function wisdomLabel(value: string): string {
  return value
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The badges a card shows and how many more there are ('+N more' when N > 0). */
export function badgesOf(areas: readonly string[]): { shown: readonly string[]; more: number } {
  return { shown: areas.slice(0, BADGES_SHOWN), more: Math.max(0, areas.length - BADGES_SHOWN) };
}

/** The time period a form choice stores: 'none' or blank clears it. */
export function periodToStore(choice: string | null | undefined): TimePeriod | null {
  const v = choice?.trim() ?? '';
  return v === '' || v === NO_TIME_PERIOD ? null : (v as TimePeriod);
}
