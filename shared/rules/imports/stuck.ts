import type { ImportJob } from './jobs.js';

/**
 * An import job is stuck when it is still pending or processing this many minutes after it started (started_at),
 * or, never started, after it was created. The spec gives no timeout; a bulk import of a few thousand rows runs in a
 * minute or two, so half an hour without finishing means the worker died or never picked the job up.
 */
export const STUCK_IMPORT_MINUTES = 30;

export function isStuckImport(job: Pick<ImportJob, 'status' | 'startedAt' | 'createdAt'>, now: Date): boolean {
  if (job.status !== 'pending' && job.status !== 'processing') return false;
  const since = Date.parse(job.startedAt ?? job.createdAt);
  return Number.isFinite(since) && since < now.getTime() - STUCK_IMPORT_MINUTES * 60_000;
}

/** The imports list's "Failed or stuck" filter value (the dashboard links to /admin/imports?status=attention). */
export const IMPORT_ATTENTION_FILTER = 'attention';

export const needsAttention = (job: Pick<ImportJob, 'status' | 'startedAt' | 'createdAt'>, now: Date): boolean =>
  job.status === 'failed' || isStuckImport(job, now);
