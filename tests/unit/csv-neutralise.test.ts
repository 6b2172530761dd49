// SECURITY.md F2: cells a spreadsheet would run as a formula are neutralised; everything else is left alone.
import { describe, expect, it } from 'vitest';
import { csvCell, fileDate, neutraliseCsvText } from '../../shared/rules/common/csv.js';

describe('CSV formula neutralisation (F2)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
    ['+1+2', `'+1+2`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['=cmd|\' /C calc\'!A0', `'=cmd|' /C calc'!A0`],
  ])('neutralises %j', (value, expected) => {
    expect(neutraliseCsvText(value)).toBe(expected);
    expect(csvCell(value)).toBe(expected);
  });

  it.each(['alice@example.com', 'Premium Monthly', 'a=b', 'x+y', ' =leading space', "'already quoted", '', 'N/A', 'Direct'])('leaves %j as it is', (value) => {
    expect(neutraliseCsvText(value)).toBe(value);
  });

  it('writes numbers as numbers, missing values as empty cells', () => {
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('dates file names in local time', () => {
    expect(fileDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
