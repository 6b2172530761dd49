/** Spec 2 section 7: the feedback CSV, named with the date, its nine columns; every text cell neutralised (F2). */
import type { FeedbackItem } from './types.js';
import { csvCell, fileDate } from '../common/csv.js';

export const FEEDBACK_CSV_COLUMNS = ['ID', 'Type', 'Title', 'Description', 'Status', 'Tags', 'Has Attachment', 'Created At', 'Updated At'] as const;

export function feedbackExportFileName(at: Date): string {
  return `feedback-${fileDate(at)}.csv`;
}

export function feedbackCsvRecord(item: FeedbackItem): string[] {
  return [
    csvCell(item.id),
    csvCell(item.type),
    csvCell(item.title),
    csvCell(item.description),
    csvCell(item.status),
    csvCell(item.tags.join(', ')),
    csvCell(item.attachmentUrl ? 'Yes' : 'No'),
    csvCell(item.createdAt),
    csvCell(item.updatedAt),
  ];
}
