/** The Campaign Details table as CSV (spec README: Export writes the shown table); every text cell neutralised (F2). */
import { csvCell, fileDate } from '../common/csv.js';
import { wholeDollars } from './metrics.js';
import type { CampaignPerformance, CampaignTypeFilter, DateRange } from './model.js';

export const CAMPAIGN_CSV_COLUMNS = ['Campaign', 'Link', 'Type', 'Status', 'Visits', 'Conversions', 'Rate (%)', 'Revenue ($)'] as const;

export function campaignExportFileName(range: DateRange, type: CampaignTypeFilter, at: Date): string {
  return `campaign-analytics-${range}-${type}-${fileDate(at)}.csv`;
}

/** One row as the table shows it: the rate with 1 decimal, revenue in whole dollars. */
export function campaignCsvRecord(p: CampaignPerformance): string[] {
  return [
    csvCell(p.campaign_name),
    csvCell(`/r/${p.slug}`),
    csvCell(p.campaign_type),
    csvCell(p.status),
    csvCell(p.visits),
    csvCell(p.conversions),
    csvCell((Math.round(p.conversion_rate * 10) / 10).toFixed(1)),
    csvCell(wholeDollars(p.revenue)),
  ];
}
