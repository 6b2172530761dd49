import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { FeedbackExport } from '../../../shared/contract/areas/feedback.js';
import { FEEDBACK_CSV_COLUMNS, feedbackCsvRecord, feedbackExportFileName } from '../../../shared/rules/feedback/csv.js';
import { filterFeedback, type TypeFilter } from '../../../shared/rules/feedback/list.js';
import { writeCsvFile } from '../../files/csv-file.js';
import type { SaveTarget } from '../../files/save-target.js';
import { readBoard } from './read.js';

/**
 * Export CSV of the board's filtered set (spec 2 section 7): main reads the live items again, applies the board's
 * search and type rule, and writes them newest first to the file chosen in the save dialog (F1); cells neutralised (F2).
 */
export async function exportFeedbackCsv(
  db: SupabaseClient,
  saveTarget: SaveTarget,
  query: { readonly search: string; readonly type: TypeFilter },
  now = new Date(),
): Promise<FeedbackExport> {
  const target = await saveTarget.choose({ defaultName: feedbackExportFileName(now), filters: [{ name: 'CSV files', extensions: ['csv'] }] });
  if (!target) return { outcome: 'cancelled' };
  const items = filterFeedback(await readBoard(db), query.search, query.type);
  if (items.length === 0) return { outcome: 'empty' };
  const written = await writeCsvFile(target, FEEDBACK_CSV_COLUMNS, items.map(feedbackCsvRecord));
  return { outcome: 'saved', count: written.records, path: written.path, fileName: path.basename(written.path) };
}
