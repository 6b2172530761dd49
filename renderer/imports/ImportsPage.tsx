import { useState } from 'react';
import { IMPORTS_EMPTY, IMPORT_REFRESH_MS, IMPORT_STATUSES, filterJobs, importStats, importStatusLabel } from '../../shared/rules/imports/jobs.js';
import { IMPORT_ATTENTION_FILTER } from '../../shared/rules/imports/stuck.js';
import { useQueryFilter } from '../lib/useQueryFilter.js';
import { useNow } from '../lib/useNow.js';
import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { Button } from '../components/Button.js';
import { ListToolbar } from '../components/ListToolbar.js';
import { StatCards } from '../components/StatCards.js';
import { QueryView } from '../components/QueryView.js';
import { EmptyState } from '../components/States.js';
import { formatDateTime } from '../lib/format.js';
import { ImportJobCard } from './ImportJobCard.js';

/**
 * /admin/imports: read only. Refreshes every 5 s, but only while the window is visible: a hidden window (another
 * tab, minimised) has nobody watching, so it asks the backend nothing until it is shown again.
 */
export default function ImportsPage() {
  const jobs = useOp(
    'imports',
    'list',
    {},
    {
      refetchInterval: () => (document.visibilityState === 'visible' ? IMPORT_REFRESH_MS : false),
      refetchIntervalInBackground: false,
    },
  );
  const [search, setSearch] = useState('');
  // ?status=attention (the dashboard's "failed or stuck imports") or one status.
  const [status, setStatus] = useQueryFilter<string>('status', ['all', ...IMPORT_STATUSES, IMPORT_ATTENTION_FILTER], 'all');
  const now = useNow();
  const all = jobs.data?.data ?? [];
  const shown = filterJobs(all, search, status, new Date(now));
  const stats = importStats(all);
  const has = jobs.data !== undefined;

  return (
    <div className="page">
      <PageHeader
        title="Import Management"
        subtitle="Bulk import jobs (view only)"
        actions={
          <Button onClick={() => void jobs.refetch()} busy={jobs.isFetching}>
            Refresh
          </Button>
        }
      />
      <StatCards
        loading={jobs.isPending}
        items={[
          { id: 'imports-total', label: 'Total Jobs', value: has ? stats.total : undefined },
          { id: 'imports-running', label: 'In Progress', value: has ? stats.running : undefined, tone: 'info' },
          { id: 'imports-completed', label: 'Completed', value: has ? stats.completed : undefined, tone: 'success' },
          { id: 'imports-failed', label: 'Failed', value: has ? stats.failed : undefined, tone: 'danger' },
        ]}
      />
      <ListToolbar
        search={{ label: 'Search imports', placeholder: 'Search by filename or e-mail', value: search, onChange: setSearch }}
        filters={[
          {
            label: 'Filter by status',
            value: status,
            onChange: setStatus,
            options: [
              { value: 'all', label: 'All statuses' },
              ...IMPORT_STATUSES.map((s) => ({ value: s, label: importStatusLabel(s) })),
              { value: IMPORT_ATTENTION_FILTER, label: 'Failed or stuck' },
            ],
          },
        ]}
        summary={
          <span data-testid="import-count">
            Showing {shown.length} of {all.length}
            {jobs.dataUpdatedAt ? ` · updated ${formatDateTime(jobs.dataUpdatedAt)}` : ''}
          </span>
        }
      />
      <QueryView query={jobs} loadingLabel="Loading import jobs..." isEmpty={(d) => d.length === 0} emptyTitle={IMPORTS_EMPTY}>
        {() =>
          shown.length === 0 ? (
            <EmptyState title={IMPORTS_EMPTY} />
          ) : (
            <ul className="import-list">
              {shown.map((j) => (
                <ImportJobCard key={j.id} job={j} now={new Date(now)} />
              ))}
            </ul>
          )
        }
      </QueryView>
    </div>
  );
}
