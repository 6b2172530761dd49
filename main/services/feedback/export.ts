import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ExportOutcome } from '../../../shared/contract/export.js';
import { FEEDBACK_CSV_COLUMNS, feedbackCsvRecord, feedbackExportFileName } from '../../../shared/rules/feedback/csv.js';
import { writeCsvFile } from '../../files/csv-file.js';
import type { FileSaver } from '../../files/saved-files.js';
import { readFiltered, type BoardQuery } from './read.js';

/**
 * Export CSV of the board's filtered set (spec 2 section 7): main reads every live item matching the board's search
 * and type again (in SQL, page after page: the whole set, not what the board has loaded), and writes them newest
 * first to the file chosen in the save dialog (F1); cells neutralised (F2).
 */
export async function exportFeedbackCsv(db: SupabaseClient, saveTarget: FileSaver, query: BoardQuery, now = new Date()): Promise<ExportOutcome> {
  const target = await saveTarget.choose({ defaultName: feedbackExportFileName(now), filters: [{ name: 'CSV files', extensions: ['csv'] }] });
  if (!target) return { outcome: 'cancelled' };
  const items = await readFiltered(db, query);
  if (items.length === 0) return { outcome: 'empty' };
  const written = await writeCsvFile(target, FEEDBACK_CSV_COLUMNS, items.map(feedbackCsvRecord));
  return { outcome: 'saved', count: written.records, path: written.path, fileName: path.basename(written.path), file: saveTarget.saved(written.path) };
}
