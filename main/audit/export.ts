import path from 'node:path';
import type Database from 'better-sqlite3';
import type { AuditFilters } from '../../shared/contract/areas/audit.js';
import type { ExportOutcome } from '../../shared/contract/export.js';
import { AUDIT_CSV_COLUMNS, AUDIT_CSV_SOURCE, auditExportFileName } from '../../shared/rules/audit/csv.js';
import { CSV_BOM, CSV_RECORD_END, csvLine } from '../../shared/rules/common/csv.js';
import { writeFileAtomically } from '../files/atomic-file.js';
import type { FileSaver } from '../files/saved-files.js';
import { openAuditCsvPages, type CsvPage } from './export-thread.js';
import { auditWhere } from './store.js';

/**
 * Export CSV of the entries matching the screen's filters, newest first, to the file chosen in the save dialog
 * (F1: temporary file, fsync, rename). The entries are read and formatted off main's thread, a page at a time
 * (export-thread.ts), from one snapshot of the log; main writes each page while the next one is formatted, so the
 * app keeps answering during an export of any size. Nothing matching: no dialog, no file.
 */
export async function exportAuditCsv(db: Database.Database, saveTarget: FileSaver, filters: AuditFilters, now = new Date()): Promise<ExportOutcome> {
  const w = auditWhere(filters);
  const pages = await openAuditCsvPages(db, `select ${AUDIT_CSV_SOURCE.join(', ')} from audit_log ${w.sql} order by id desc`, w.params);
  try {
    const first = await pages.next();
    if (first.rows === 0) return { outcome: 'empty' };
    const target = await saveTarget.choose({ defaultName: auditExportFileName(now), filters: [{ name: 'CSV files', extensions: ['csv'] }] });
    if (!target) return { outcome: 'cancelled' };
    let count = 0;
    async function* chunks(): AsyncGenerator<string> {
      yield CSV_BOM + csvLine(AUDIT_CSV_COLUMNS) + CSV_RECORD_END;
      let page: CsvPage = first;
      for (;;) {
        count += page.rows;
        if (page.done) {
          yield page.text;
          return;
        }
        // The thread formats the next page while this one is written.
        const next = pages.next();
        next.catch(() => undefined);
        yield page.text;
        page = await next;
      }
    }
    const written = await writeFileAtomically(target, chunks());
    return { outcome: 'saved', count, path: written.path, fileName: path.basename(written.path), file: saveTarget.saved(written.path) };
  } finally {
    await pages.close();
  }
}
