import type { SupabaseClient } from '@supabase/supabase-js';
import type { ImportJob, ImportStatus } from '../../../shared/rules/imports/jobs.js';
import { readCounted } from '../support/query.js';

// Two foreign keys to profiles: name each embed by its constraint.
const COLUMNS =
  'id, filename, import_type, status, total_rows, processed_rows, successful_rows, failed_rows, progress_percentage, error_message, error_details, started_at, completed_at, created_at, ' +
  'creator:profiles!import_jobs_creator_profile_fkey(email), target:profiles!import_jobs_target_profile_fkey(email)';

interface JobRow {
  readonly id: string;
  readonly filename: string;
  readonly import_type: string;
  readonly status: ImportStatus;
  readonly total_rows: number;
  readonly processed_rows: number;
  readonly successful_rows: number;
  readonly failed_rows: number;
  readonly progress_percentage: number | string;
  readonly error_message: string | null;
  readonly error_details: unknown;
  readonly started_at: string | null;
  readonly completed_at: string | null;
  readonly created_at: string;
  readonly creator: { email: string | null } | null;
  readonly target: { email: string | null } | null;
}

const toJob = (r: JobRow): ImportJob => ({
  id: r.id,
  filename: r.filename,
  importType: r.import_type,
  status: r.status,
  creatorEmail: r.creator?.email ?? null,
  targetEmail: r.target?.email ?? null,
  totalRows: r.total_rows,
  processedRows: r.processed_rows,
  successfulRows: r.successful_rows,
  failedRows: r.failed_rows,
  progress: Number(r.progress_percentage),
  errorMessage: r.error_message,
  errorDetails: r.error_details === null || r.error_details === undefined ? null : JSON.stringify(r.error_details, null, 2),
  startedAt: r.started_at,
  completedAt: r.completed_at,
  createdAt: r.created_at,
});

/** Every job, newest first, read in pages so no count stops at the row cap. */
export async function listImportJobs(db: SupabaseClient): Promise<ImportJob[]> {
  const rows = await readCounted<JobRow>(
    { count: 'Counting import jobs', read: 'Reading import jobs' },
    db.from('import_jobs').select('id', { count: 'exact', head: true }),
    (from, to) => db.from('import_jobs').select(COLUMNS).order('created_at', { ascending: false }).order('id').range(from, to).returns<JobRow[]>(),
  );
  return rows.map(toJob);
}
