import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ExportOutcome } from '../../../shared/contract/export.js';
import { CAMPAIGN_CSV_COLUMNS, campaignCsvRecord, campaignExportFileName } from '../../../shared/rules/campaigns/csv.js';
import type { CampaignTypeFilter, DateRange } from '../../../shared/rules/campaigns/model.js';
import { writeCsvFile } from '../../files/csv-file.js';
import type { FileSaver } from '../../files/saved-files.js';
import { campaignAnalytics } from './analytics.js';

/**
 * Export (spec README: the shown table as CSV): main asks the function again for the same filters and writes the
 * Campaign Details rows, in the table's order, to the file chosen in the save dialog (F1); cells neutralised (F2).
 */
export async function exportCampaignCsv(
  userClient: SupabaseClient,
  saveTarget: FileSaver,
  input: { readonly dateRange: DateRange; readonly campaignType: CampaignTypeFilter },
  now = new Date(),
): Promise<ExportOutcome> {
  const target = await saveTarget.choose({
    defaultName: campaignExportFileName(input.dateRange, input.campaignType, now),
    filters: [{ name: 'CSV files', extensions: ['csv'] }],
  });
  if (!target) return { outcome: 'cancelled' };
  const figures = await campaignAnalytics(userClient, input.dateRange, input.campaignType);
  if (figures.performance.length === 0) return { outcome: 'empty' };
  const written = await writeCsvFile(target, CAMPAIGN_CSV_COLUMNS, figures.performance.map(campaignCsvRecord));
  return { outcome: 'saved', count: written.records, path: written.path, fileName: path.basename(written.path), file: saveTarget.saved(written.path) };
}
