/** Import monitoring (spec 3 "Import management"): read only. */

import { IMPORT_ATTENTION_FILTER, needsAttention } from './stuck.js';

export const IMPORT_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The list refreshes itself this often (while the window is visible). */
export const IMPORT_REFRESH_MS = 5000;
export const IMPORTS_EMPTY = 'No import jobs found';

export interface ImportJob {
  readonly id: string;
  readonly filename: string;
  readonly importType: string;
  readonly status: ImportStatus;
  readonly creatorEmail: string | null;
  readonly targetEmail: string | null;
  readonly totalRows: number;
  readonly processedRows: number;
  readonly successfulRows: number;
  readonly failedRows: number;
  readonly progress: number;
  readonly errorMessage: string | null;
  /** error_details as JSON text (shown as text, never as markup). */
  readonly errorDetails: string | null;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
  readonly createdAt: string;
}

/** Successful over processed rows, a rounded percentage; 0 when nothing was processed. */
export function successRate(job: Pick<ImportJob, 'successfulRows' | 'processedRows'>): number {
  return job.processedRows > 0 ? Math.round((job.successfulRows / job.processedRows) * 100) : 0;
}

/**
 * Search on the filename and the creator and target e-mails (any case), and one status, all, or 'attention' (failed
 * or stuck at `now`, see stuck.ts); newest first.
 */
export function filterJobs(list: readonly ImportJob[], search: string, status: string, now: Date = new Date()): ImportJob[] {
  const q = search.trim().toLowerCase();
  const hit = (s: string | null) => (s ?? '').toLowerCase().includes(q);
  return list
    .filter((j) => status === 'all' || (status === IMPORT_ATTENTION_FILTER ? needsAttention(j, now) : j.status === status))
    .filter((j) => q === '' || hit(j.filename) || hit(j.creatorEmail) || hit(j.targetEmail))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

export interface ImportStats {
  readonly total: number;
  readonly running: number;
  readonly completed: number;
  readonly failed: number;
  readonly rowsProcessed: number;
}

export function importStats(list: readonly ImportJob[]): ImportStats {
  let running = 0;
  let completed = 0;
  let failed = 0;
  let rowsProcessed = 0;
  for (const j of list) {
    if (j.status === 'pending' || j.status === 'processing') running++;
    else if (j.status === 'completed') completed++;
    else if (j.status === 'failed') failed++;
    rowsProcessed += j.processedRows;
  }
  return { total: list.length, running, completed, failed, rowsProcessed };
}

export const importStatusLabel = (s: ImportStatus): string => s.charAt(0).toUpperCase() + s.slice(1);
