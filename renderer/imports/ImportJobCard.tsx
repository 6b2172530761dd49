import { useId, useState } from 'react';
import { importStatusLabel, successRate, type ImportJob, type ImportStatus } from '../../shared/rules/imports/jobs.js';
import { Badge, type BadgeTone } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { formatCount, formatCounted, formatDateTime } from '../lib/format.js';
import { STUCK_IMPORT_MINUTES, isStuckImport } from '../../shared/rules/imports/stuck.js';
import { Tooltip } from '../components/Tooltip.js';

const TONE: Record<ImportStatus, BadgeTone> = { pending: 'neutral', processing: 'info', completed: 'success', failed: 'danger', cancelled: 'warning' };

/** One job: status, who imported into whose account, the progress bar and, on demand, its details. */
export function ImportJobCard({ job, now }: { readonly job: ImportJob; readonly now: Date }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const pct = Math.max(0, Math.min(100, job.progress));
  return (
    <li className="card import-card" data-testid="import-job" data-id={job.id}>
      <div className="import-head">
        <h2 className="import-filename">{job.filename}</h2>
        <Badge tone={TONE[job.status]}>{importStatusLabel(job.status)}</Badge>
        {isStuckImport(job, now) ? (
          <Tooltip content={`Still ${job.status} more than ${STUCK_IMPORT_MINUTES} minutes after it started`}>
            <span data-testid="import-stuck">
              <Badge tone="danger">Stuck</Badge>
            </span>
          </Tooltip>
        ) : null}
      </div>
      <p className="muted">
        {formatDateTime(job.createdAt)} · by {job.creatorEmail ?? 'unknown'} into {job.targetEmail ?? 'unknown'}
      </p>
      <div className="import-progress" role="progressbar" aria-label={`Progress of ${job.filename}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <div className="import-progress-fill" style={{ width: `${pct}%` }} />
      </div>
      <p className="import-figures">
        <span data-testid="import-progress">{pct}%</span> ·{' '}
        <span data-testid="import-rows">
          {formatCount(job.processedRows)} of {formatCounted(job.totalRows, 'row')}
        </span>{' '}
        · <span data-testid="import-success">Success rate {successRate(job)}%</span>
      </p>
      <Button variant="ghost" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
        {open ? 'Hide details' : 'Show details'}
      </Button>
      {open ? (
        <dl className="import-details" id={detailsId}>
          <dt>Import type</dt>
          <dd>{job.importType}</dd>
          <dt>Successful rows</dt>
          <dd>{formatCount(job.successfulRows)}</dd>
          <dt>Failed rows</dt>
          <dd>{formatCount(job.failedRows)}</dd>
          <dt>Started</dt>
          <dd>{formatDateTime(job.startedAt, 'Not started')}</dd>
          <dt>Completed</dt>
          <dd>{formatDateTime(job.completedAt, 'Not completed')}</dd>
          {job.errorMessage ? (
            <>
              <dt>Error</dt>
              <dd className="text-danger">{job.errorMessage}</dd>
            </>
          ) : null}
          {job.errorDetails ? (
            <>
              <dt>Error details</dt>
              <dd>
                <pre className="import-error-details">{job.errorDetails}</pre>
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </li>
  );
}
