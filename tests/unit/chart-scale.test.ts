import { describe, expect, it } from 'vitest';
import { countTicks, isCurrentDay, utcDay } from '../../shared/rules/common/chart-scale.js';

describe('chart scale rules', () => {
  it('count axes get whole-number ticks from 0 covering the largest value', () => {
    expect(countTicks(5)).toEqual([0, 2, 4, 6]);
    expect(countTicks(2)).toEqual([0, 1, 2]);
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(115)).toEqual([0, 50, 100, 150]);
    expect(countTicks(42.6)).toEqual([0, 20, 40, 60]);
    for (const max of [1, 3, 7, 9, 13, 61, 999, 12_345]) {
      const ticks = countTicks(max);
      expect(ticks.every(Number.isInteger), `${max}: ${ticks.join(',')}`).toBe(true);
      expect(ticks[ticks.length - 1]!).toBeGreaterThanOrEqual(max);
      expect(ticks.length, `${max}: ${ticks.join(',')}`).toBeLessThanOrEqual(7);
    }
  });

  it('a last day equal to the current UTC day is the incomplete period', () => {
    const now = Date.UTC(2026, 10, 26, 23, 30);
    expect(utcDay(now)).toBe('2026-11-26');
    expect(isCurrentDay('2026-11-26', now)).toBe(true);
    expect(isCurrentDay('2026-11-25', now)).toBe(false);
    expect(isCurrentDay(undefined, now)).toBe(false);
  });
});
