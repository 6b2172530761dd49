/**
 * CSV cells that a spreadsheet would run as a formula (SECURITY.md F2), after OWASP's "CSV injection" guidance. One
 * rule for every cell of every export (users, feedback, campaign analytics, audit log): csvLine applies it to each
 * cell it formats, so no export can write a cell that skipped it.
 *
 * A cell is read as a formula when it starts with = + - @ (or their full-width forms), a tab or a carriage return,
 * also after leading white space, invisible marks or a quote (some spreadsheets trim them), or with DDE(. A
 * spreadsheet of a `;`-separator locale splits `x;=1+1;y` into three cells, the middle one a formula, whatever the
 * CSV quoting: so a formula character after a separator (`,` `;` tab, a line break; white space between) counts too.
 * Such a cell gets a single quote at its start, and before each formula character that follows a separator; a
 * spreadsheet shows that as text and evaluates nothing. A plain negative number (-3, -0.5) is a number, not a formula,
 * and stays as it is. Applying the rule twice changes nothing more. Quoting (commas, quotes, line breaks) is
 * csvLine's job, not this rule's.
 */

/**
 * The rule and RFC 4180 quoting as one self-contained function (only built-ins inside, no free variables): main calls
 * it once below, and the audit export's worker thread runs its source text (main/audit/export-thread.ts), so a page
 * formatted off main's thread follows the very same rule.
 */
export function csvKit(): { neutraliseCsvText(value: string): string; quoteCsvCell(cell: string): string; csvLine(cells: readonly string[]): string } {
  const FORMULA_CHARS = new Set(['=', '+', '-', '@', '\uff1d', '\uff0b', '\uff0d', '\uff20']);
  // What may stand before a formula character and still leave it first once a spreadsheet trims the cell.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this class names
  const LEAD = /[\s\x00-\x1f\x7f\u200b-\u200f\u2060\ufeff"]/;
  const SEPARATOR = /[,;\t\r\n]/g;
  const PLAIN_NEGATIVE = /^-\d+(\.\d+)?$/;
  // OWASP's dangerous first characters on their own (ASVS adds NUL).
  const BAD_FIRST = new Set(['\t', '\r', '\0']);

  // The first index at or after `i` that is not a lead character.
  const pastLead = (value: string, i: number): number => {
    let j = i;
    while (j < value.length && LEAD.test(value[j]!)) j++;
    return j;
  };
  // Whether a formula starts at `j`: a formula character, or DDE( (a dynamic-data-exchange call even without =).
  const formulaStartsAt = (value: string, j: number): boolean => {
    if (j >= value.length) return false;
    if (FORMULA_CHARS.has(value[j]!)) return true;
    return value.slice(j, j + 3).toUpperCase() === 'DDE' && /^\s*\(/.test(value.slice(j + 3, j + 40));
  };
  const neutraliseCsvText = (value: string): string => {
    if (value === '' || PLAIN_NEGATIVE.test(value)) return value;
    let out = BAD_FIRST.has(value[0]!) || formulaStartsAt(value, pastLead(value, 0)) ? "'" : '';
    let from = 0;
    // One pass: the next separator is found by the regular expression (native speed), its lead run is scanned once,
    // and the search resumes where that scan stopped (linear time).
    SEPARATOR.lastIndex = 0;
    for (let m = SEPARATOR.exec(value); m; m = SEPARATOR.exec(value)) {
      const k = pastLead(value, m.index + 1);
      if (formulaStartsAt(value, k)) {
        out += `${value.slice(from, k)}'`;
        from = k;
      }
      SEPARATOR.lastIndex = k;
    }
    return out + value.slice(from);
  };
  // A cell holding a comma, a quote or a line break is quoted, its quotes doubled.
  const quoteCsvCell = (cell: string): string => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  // Joined, not concatenated: join gives one flat string, where += would keep a tree of every piece alive (about
  // 1 KB per record instead of 150 bytes when an export holds 100,000 of them).
  const csvLine = (cells: readonly string[]): string => cells.map((cell) => quoteCsvCell(neutraliseCsvText(cell))).join(',');
  return { neutraliseCsvText, quoteCsvCell, csvLine };
}

const kit = csvKit();

export const neutraliseCsvText: (value: string) => string = kit.neutraliseCsvText;

/** A cell as written: numbers as they are (a count is never a formula), text neutralised, missing as ''. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return neutraliseCsvText(value);
}

/** yyyy-mm-dd of the given moment in the writer's local time, for default file names such as users-2026-11-22.csv. */
export function fileDate(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}`;
}

/** A record formatted by csvLine: the CSV writer takes lines of this type only, so every line went through the rule. */
export type CsvLine = string & { readonly __csvLine: true };

/** RFC 4180 quoting of one cell (no neutralising: csvLine does both). */
export const quoteCsvCell: (cell: string) => string = kit.quoteCsvCell;

/** One CSV record: each cell neutralised (F2), then quoted (RFC 4180). */
export function csvLine(cells: readonly string[]): CsvLine {
  return kit.csvLine(cells) as CsvLine;
}

/** Records end with CRLF (RFC 4180); a UTF-8 byte order mark starts the file, or Excel misreads UTF-8. */
export const CSV_RECORD_END = '\r\n';
export const CSV_BOM = '\ufeff';
