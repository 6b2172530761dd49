// SECURITY.md F2 (issue 26 item 3): cells a spreadsheet would run as a formula are neutralised, after OWASP's CSV
// injection guidance: leading formula characters (also after white space), a formula after a separator that a
// `;`-locale spreadsheet splits on, and DDE payloads; everything else is left alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, fileDate, neutraliseCsvText } from '../../shared/rules/common/csv.js';

/** A spreadsheet's view, written apart from the rule: what it trims before looking, and what it evaluates. */
// eslint-disable-next-line no-control-regex -- control characters are what a spreadsheet may trim
const TRIMMED = /^[\s\x00-\x1f\x7f\u200b-\u200f\u2060\ufeff"]+/;
const EVALUATED = /^([=+\-@\uff1d\uff0b\uff0d\uff20]|dde\s*\()/i;
const evaluates = (piece: string) => !/^-\d+(\.\d+)?$/.test(piece) && EVALUATED.test(piece.replace(TRIMMED, ''));
/** The cells a spreadsheet may make of one cell's text: itself, and its pieces under each locale's separator. */
const readings = (text: string) => [text, ...[/,/, /;/, /\t/, /[\r\n]/, /[,;\t\r\n]/].flatMap((sep) => text.split(sep))];

/** `out` is `input` with single quotes inserted, nothing else changed. */
function onlyQuotesAdded(input: string, out: string): boolean {
  let i = 0;
  for (const ch of out) {
    if (i < input.length && input.startsWith(ch, i)) i += ch.length;
    else if (ch !== "'") return false;
  }
  return i === input.length;
}

const hostileChar = fc.constantFrom(
  'a',
  'Z',
  '1',
  '.',
  '=',
  '+',
  '-',
  '@',
  ' ',
  '\t',
  '\r',
  '\n',
  '\0',
  ',',
  ';',
  '"',
  "'",
  '\u00a0',
  '\u3000',
  '\u200b',
  '\uff1d',
  'D',
  'E',
  'd',
  'e',
  '(',
  '|',
  '!',
);
const hostile = fc.oneof(fc.string({ unit: hostileChar, maxLength: 24 }), fc.string({ maxLength: 24 }));

describe('CSV formula neutralisation (F2)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
    ['+1+2', `'+1+2`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\t=1+1', `'\t'=1+1`],
    ['\r=1+1', `'\r'=1+1`],
    ['\tplain', `'\tplain`],
    [' =1+1', `' =1+1`],
    ['\u00a0\u3000 +1', `'\u00a0\u3000 +1`],
    ['"=1+1"', `'"=1+1"`],
    ['\uff1d1+1', `'\uff1d1+1`],
    ['x;=1+1;y', `x;'=1+1;y`],
    ['x; =1+1', `x; '=1+1`],
    ['x,@SUM(1)', `x,'@SUM(1)`],
    ['a\n\n-1+1', `a\n\n'-1+1`],
    ['note;"=1"', `note;"'=1"`],
    ["=cmd|' /C calc'!A0", `'=cmd|' /C calc'!A0`],
    ["@SUM(1+9)*cmd|' /C calc'!A0", `'@SUM(1+9)*cmd|' /C calc'!A0`],
    ['DDE ("cmd";"/C calc";"!A0")A0', `'DDE ("cmd";"/C calc";"!A0")A0`],
    ['x;dde("cmd";"/C calc";"!A0")', `x;'dde("cmd";"/C calc";"!A0")`],
  ])('neutralises %j', (value, expected) => {
    expect(neutraliseCsvText(value)).toBe(expected);
    expect(csvCell(value)).toBe(expected);
  });

  it.each(['alice@example.com', 'Premium Monthly', 'a=b', 'x+y', "'already quoted", "'=1+1", '', 'N/A', 'Direct', '-3', '-0.25', '2026-11-22', 'a;b', 'Dden'])(
    'leaves %j as it is',
    (value) => {
      expect(neutraliseCsvText(value)).toBe(value);
    },
  );

  it('leaves no reading of any cell that a spreadsheet evaluates, in any locale', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const out = neutraliseCsvText(value);
        for (const piece of readings(out)) expect(evaluates(piece), `${JSON.stringify(value)} -> ${JSON.stringify(out)}: ${JSON.stringify(piece)}`).toBe(false);
        expect(['\t', '\r', '\0']).not.toContain(out[0]);
      }),
      { numRuns: 5000 },
    );
  });

  it('only inserts single quotes, and a second pass changes nothing', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const out = neutraliseCsvText(value);
        expect(onlyQuotesAdded(value, out)).toBe(true);
        expect(neutraliseCsvText(out)).toBe(out);
      }),
      { numRuns: 5000 },
    );
  });

  it('leaves text with nothing a spreadsheet evaluates as it is', () => {
    const safe = fc.string({ unit: fc.constantFrom('a', 'Z', '1', '.', ' ', ',', ';', '\n', '"', "'", 'é', '/', ':'), maxLength: 30 });
    fc.assert(
      fc.property(safe, (value) => {
        expect(neutraliseCsvText(value)).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes linear time on long runs of separators and white space', () => {
    const long = ' \n;\t'.repeat(500_000);
    expect(neutraliseCsvText(long)).toBe(long);
    expect(neutraliseCsvText(`${long}=1`)).toBe(`${long}'=1`);
  });

  it('neutralises every cell csvLine writes, whoever built the record', () => {
    expect(csvLine(['=1+1', 'x;=2', '-3', 'plain'])).toBe(`'=1+1,x;'=2,-3,plain`);
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
