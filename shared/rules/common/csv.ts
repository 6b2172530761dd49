/**
 * CSV cells that a spreadsheet would run as a formula (SECURITY.md F2): a cell starting with = + - @, a tab or a
 * carriage return is prefixed with a single quote, which spreadsheets show as text and do not evaluate (the
 * OWASP "CSV injection" advice). One rule for every export of the app: users, feedback, campaigns.
 * Quoting (commas, quotes, line breaks) is the CSV writer's job, not this rule's.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCsvText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

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

/**
 * One CSV record (RFC 4180): a cell holding a comma, a quote or a line break is quoted, its quotes doubled.
 * Joined, not concatenated: join gives one flat string, where += would keep a tree of every piece alive (about
 * 1 KB per record instead of 150 bytes when an export holds 100,000 of them).
 */
export function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',');
}

/** Records end with CRLF (RFC 4180); a UTF-8 byte order mark starts the file, or Excel misreads UTF-8. */
export const CSV_RECORD_END = '\r\n';
export const CSV_BOM = '\ufeff';
