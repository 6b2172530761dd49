import path from 'node:path';
import type Database from 'better-sqlite3';
import type { AuditFilters } from '../../shared/contract/areas/audit.js';
import type { ExportOutcome } from '../../shared/contract/export.js';
import { AUDIT_CSV_COLUMNS, auditCsvRecord, auditExportFileName } from '../../shared/rules/audit/csv.js';
import { writeCsvFile } from '../files/csv-file.js';
import type { SaveTarget } from '../files/save-target.js';
import { iterateAudit } from './store.js';

/**
 * Export CSV of the entries matching the screen's filters, newest first, to the file chosen in the save dialog
 * (F1: written atomically by writeCsvFile); read from SQLite as it is written, so the log's size does not matter.
 */
export async function exportAuditCsv(db: Database.Database, saveTarget: SaveTarget, filters: AuditFilters, now = new Date()): Promise<ExportOutcome> {
  if (db.prepare('select 1 from audit_log limit 1').get() === undefined) return { outcome: 'empty' };
  const target = await saveTarget.choose({ defaultName: auditExportFileName(now), filters: [{ name: 'CSV files', extensions: ['csv'] }] });
  if (!target) return { outcome: 'cancelled' };
  // Materialise the matching entries' lines first: a cursor kept open across the file's awaits would hold a read
  // transaction while other writes append (fine in WAL, but the export must not include entries added meanwhile).
  const lines = [...iterateAudit(db, filters)].map(auditCsvRecord);
  if (lines.length === 0) return { outcome: 'empty' };
  const written = await writeCsvFile(target, AUDIT_CSV_COLUMNS, lines);
  return { outcome: 'saved', count: written.records, path: written.path, fileName: path.basename(written.path) };
}
