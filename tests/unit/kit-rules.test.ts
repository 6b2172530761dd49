import { describe, expect, it } from 'vitest';
import { formatStatValue } from '../../renderer/components/stat-value.js';
import { chartSummary } from '../../renderer/components/chart-table.js';
import { queryStage } from '../../renderer/components/query-stage.js';
import { formatCount } from '../../renderer/lib/format.js';

/** The screen kit's pure parts: how a stat card writes its value and how a chart is named for screen readers. */
describe('formatStatValue', () => {
  it('writes counts with grouping, decimals with one digit, percents and durations', () => {
    expect(formatStatValue(1234567)).toBe(formatCount(1234567));
    expect(formatStatValue(1234567)).not.toBe('1234567');
    expect(formatStatValue(43.87, 'decimal')).toMatch(/^43[.,]9$/);
    expect(formatStatValue(12.5, 'percent')).toMatch(/^12[.,]5%$/);
    expect(formatStatValue(187, 'duration')).toBe('3m 7s');
    expect(formatStatValue(0)).toBe('0');
  });
  it('passes text through unchanged', () => {
    expect(formatStatValue('43.9 / 100', 'count')).toBe('43.9 / 100');
  });
});

describe('chartSummary', () => {
  const table = {
    head: ['Label', 'Value'],
    rows: [
      ['Maya', 1200],
      ['Leo', 9],
      ['Ava', 3],
      ['Kai', 2],
      ['Zoe', 1],
    ],
  };
  it('names the chart by its title and first rows, numbers formatted as the table shows them', () => {
    expect(chartSummary('Coach popularity', table, (n) => `#${n}`)).toBe('Coach popularity: Maya #1200, Leo #9, Ava #3, and 2 more');
  });
  it('lists every row when there are few, and says when there is no data', () => {
    expect(chartSummary('Plans', { head: ['Label', 'Value'], rows: [['Pro', 4]] }, String)).toBe('Plans: Pro 4');
    expect(chartSummary('Plans', { head: ['Label', 'Value'], rows: [] }, String)).toBe('Plans: no data');
  });
});

describe('queryStage', () => {
  const answer = (items: number[]) => ({ data: items });
  const empty = (items: number[]) => items.length === 0;
  it('is loading until the first answer', () => {
    expect(queryStage({ isPending: true, isError: false, data: undefined }, empty)).toBe('loading');
  });
  it('is an error only when there is no data to show', () => {
    expect(queryStage({ isPending: false, isError: true, data: undefined }, empty)).toBe('error');
    expect(queryStage({ isPending: false, isError: true, data: answer([1]) }, empty)).toBe('data');
  });
  it('is empty when the answer is empty, else data; without isEmpty nothing is empty', () => {
    expect(queryStage({ isPending: false, isError: false, data: answer([]) }, empty)).toBe('empty');
    expect(queryStage({ isPending: false, isError: false, data: answer([2]) }, empty)).toBe('data');
    expect(queryStage({ isPending: false, isError: false, data: answer([]) })).toBe('data');
  });
});
