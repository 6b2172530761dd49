/**
 * The audit log as CSV: one record per entry, newest first; values (input, before, after) as their stored JSON text;
 * every cell neutralised by csvLine (F2). Formatted from the stored columns, so the export's worker thread reads
 * rows as arrays and writes them without building entry objects.
 */
import { fileDate } from '../common/csv.js';

export const AUDIT_CSV_COLUMNS = [
  'ID',
  'Time',
  'Admin ID',
  'Admin Email',
  'Area',
  'Operation',
  'Target Table',
  'Target ID',
  'Outcome',
  'Error Code',
  'Error Message',
  'Input',
  'Before',
  'After',
] as const;

/** The audit_log columns each CSV column comes from, in the same order. */
export const AUDIT_CSV_SOURCE = [
  'id',
  'at',
  'admin_id',
  'admin_email',
  'area',
  'operation',
  'target_table',
  'target_id',
  'outcome',
  'error_code',
  'error_message',
  'input',
  'before',
  'after',
] as const;

export function auditExportFileName(at: Date): string {
  return `audit-log-${fileDate(at)}.csv`;
}

/**
 * The cells of one stored row (values in AUDIT_CSV_SOURCE order): missing values and a JSON null as empty cells.
 * Self-contained (only built-ins): the export's worker thread runs its source text.
 */
export function auditCsvCells(values: readonly (string | number | null)[]): string[] {
  return values.map((v, i) => (v === null || (i >= 11 && v === 'null') ? '' : String(v)));
}
