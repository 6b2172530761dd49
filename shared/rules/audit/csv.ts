/** The audit log as CSV: one record per entry, newest first; values as JSON text; every text cell neutralised (F2). */
import type { AuditEntry } from '../../contract/areas/audit.js';
import { csvCell, fileDate } from '../common/csv.js';

export const AUDIT_CSV_COLUMNS = ['ID', 'Time', 'Admin ID', 'Admin Email', 'Area', 'Operation', 'Target Table', 'Target ID', 'Outcome', 'Error Code', 'Error Message', 'Input', 'Before', 'After'] as const;

export function auditExportFileName(at: Date): string {
  return `audit-log-${fileDate(at)}.csv`;
}

const json = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

export function auditCsvRecord(e: AuditEntry): string[] {
  return [
    csvCell(e.id),
    csvCell(e.at),
    csvCell(e.adminId),
    csvCell(e.adminEmail),
    csvCell(e.area),
    csvCell(e.operation),
    csvCell(e.targetTable),
    csvCell(e.targetId),
    csvCell(e.outcome),
    csvCell(e.errorCode),
    csvCell(e.errorMessage),
    csvCell(json(e.input)),
    csvCell(json(e.before)),
    csvCell(json(e.after)),
  ];
}
