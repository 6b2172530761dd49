import { formatCount, formatDecimal, formatDuration } from '../lib/format.js';

/** How a stat card writes its number: a count (1,234), one decimal (43.9), a percent (12.5%) or seconds (3m 7s). */
export type StatFormat = 'count' | 'decimal' | 'percent' | 'duration';

/** A number formatted for a stat card; text passes through as written. */
export function formatStatValue(value: number | string, as: StatFormat = 'count'): string {
  if (typeof value === 'string') return value;
  switch (as) {
    case 'decimal':
      return formatDecimal(value);
    case 'percent':
      return `${formatDecimal(value)}%`;
    case 'duration':
      return formatDuration(value);
    default:
      return formatCount(value);
  }
}
