import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { EmptyState, ErrorState, OfflineNotice, Spinner } from '../components/States.js';
import { COACH_SORTS, COACH_STATS_KEEP_MS, COACH_STATS_STALE_MS, sortCoaches, type CoachSort } from '../../shared/rules/coaches/sort.js';
import { CoachCard } from './CoachCard.js';
import { useProductName } from '../app/useProductName.js';

function CountCard({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <div className="stat-card" data-testid={testId}>
      <div className="stat-label">{label}</div>
      <div className="stat-value">{value === undefined ? <span className="skeleton" /> : value.toLocaleString()}</div>
    </div>
  );
}

/** /admin/coaches: the four counts, the sort selector and every coach. */
export default function CoachesPage() {
  const productName = useProductName();
  const list = useOp('coaches', 'list', {});
  const usage = useOp('coaches', 'usage', {}, { staleTime: COACH_STATS_STALE_MS, gcTime: COACH_STATS_KEEP_MS });
  const [sort, setSort] = useState<CoachSort>('name-asc');
  const data = list.data?.data;
  const usageMap = usage.data?.data;
  const coaches = data ? sortCoaches(data.coaches, sort, usageMap) : [];

  return (
    <div className="page">
      <PageHeader
        title="Coach Management"
        subtitle="AI coaches, their prompts and knowledge bases"
        actions={
          <Link className="button button-primary" to="/admin/coaches/new">
            Add New Coach
          </Link>
        }
      />
      {list.data?.offline ? <OfflineNotice fetchedAt={list.data.offline.fetchedAt} /> : null}
      {list.isError ? <ErrorState message={list.error.message} onRetry={() => void list.refetch()} /> : null}
      <div className="stat-grid">
        <CountCard label="Total Coaches" value={data?.counts.total} testId="count-total" />
        <CountCard label="Active" value={data?.counts.active} testId="count-active" />
        <CountCard label="Inactive" value={data?.counts.inactive} testId="count-inactive" />
        <CountCard label="Active Without Prompt" value={data?.counts.activeWithoutPrompt} testId="count-no-prompt" />
      </div>
      <div className="coach-toolbar">
        <label className="coach-sort">
          Sort by{' '}
          <select className="control" aria-label="Sort coaches" value={sort} onChange={(e) => setSort(e.target.value as CoachSort)}>
            {COACH_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        {usage.isError ? (
          <span className="form-error" role="alert">
            {usage.error.message}
          </span>
        ) : null}
      </div>
      {list.isPending ? <Spinner label="Loading coaches..." /> : null}
      {data && data.coaches.length === 0 ? <EmptyState title="No coaches yet" /> : null}
      <ul className="coach-list">
        {coaches.map((c) => (
          <CoachCard
            key={c.id}
            coach={c}
            usage={usageMap ? (usageMap[c.id] ?? { total_sessions: 0, total_messages: 0 }) : undefined}
            usageLoading={usage.isPending}
            productName={productName}
          />
        ))}
      </ul>
    </div>
  );
}
