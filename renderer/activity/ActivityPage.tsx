import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { callOp, opKey, type Answer, type OpError } from '../api/hooks.js';
import type { TimelineItem, TimelinePage } from '../../shared/contract/areas/activity.js';
import { ACTIVITY_KINDS, KIND_LABELS, TIMELINE_PAGE_SIZE, groupByDay, type TimelineCursor, type TimelineKind } from '../../shared/rules/activity/timeline.js';
import { PageHeader } from '../components/PageHeader.js';
import { ListToolbar } from '../components/ListToolbar.js';
import { QueryView } from '../components/QueryView.js';
import { Button } from '../components/Button.js';
import { Badge, type BadgeTone } from '../components/Badge.js';
import { ErrorState } from '../components/States.js';
import '../styles/activity.css';
import { formatCounted, formatLongDate, formatTime } from '../lib/format.js';
import { useLatest } from '../lib/useLatest.js';

const TONE: Record<TimelineKind, BadgeTone> = {
  signup: 'success',
  journal: 'info',
  coach_session: 'accent',
  panel: 'accent',
  meditation: 'neutral',
  feedback: 'warning',
  coach_request: 'danger',
};
const FILTER_OPTIONS = [{ value: 'all', label: 'All activity' }, ...ACTIVITY_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))];

/**
 * Recent activity (spec 1, screen not shown: our design). Each page is its own kept read keyed by its cursor, so
 * offline review shows every page loaded before; the next page is asked for when the end of the list scrolls
 * into view, or with Load more.
 */
export default function ActivityPage() {
  const [filter, setFilter] = useState('all');
  const kind = filter === 'all' ? null : (filter as TimelineKind);
  // The pages loaded belong to one filter: another filter starts again from its first page.
  const [paged, setPaged] = useState<{ filter: string; cursors: (TimelineCursor | null)[] }>({ filter, cursors: [null] });
  const cursors = paged.filter === filter ? paged.cursors : [null];

  const pages = useQueries({
    queries: cursors.map((cursor) => {
      const input = { kind, cursor, limit: TIMELINE_PAGE_SIZE };
      return { queryKey: opKey('activity', 'timeline', input), queryFn: () => callOp('activity', 'timeline', input) };
    }),
  }) as UseQueryResult<Answer<TimelinePage>, OpError>[];
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  const items = pages.flatMap((p) => p.data?.data.items ?? []);
  const next = last.data?.data.next ?? null;
  const loadMore = () => {
    if (next && !last.isFetching && cursors[cursors.length - 1] !== next) setPaged({ filter, cursors: [...cursors, next] });
  };

  return (
    <div className="page">
      <PageHeader title="Recent Activity" subtitle="What users did lately, newest first" />
      <ListToolbar
        filters={[{ label: 'Filter by type', value: filter, onChange: setFilter, options: FILTER_OPTIONS }]}
        summary={<span data-testid="activity-count">Showing {formatCounted(items.length, 'item')}</span>}
      />
      <QueryView query={first} loadingLabel="Loading activity..." isEmpty={(d) => d.items.length === 0} emptyTitle="No activity yet">
        {() => (
          <>
            <Timeline items={items} />
            {pages.length > 1 && last.isError ? <ErrorState message={last.error.message} onRetry={() => void last.refetch()} /> : null}
            {next ? <MoreTrigger onVisible={loadMore} busy={last.isFetching} /> : <p className="muted activity-end">That is all the activity.</p>}
          </>
        )}
      </QueryView>
    </div>
  );
}

function Timeline({ items }: { readonly items: readonly TimelineItem[] }) {
  return (
    <div className="activity-days">
      {groupByDay(items).map((g) => (
        <section key={g.day} aria-labelledby={`day-${g.day}`} className="activity-day">
          <h2 id={`day-${g.day}`}>{formatLongDate(`${g.day}T12:00:00`)}</h2>
          <ul className="activity-list" data-testid="activity-items">
            {g.items.map((a) => (
              <li key={`${a.kind}:${a.id}`}>
                <Badge tone={TONE[a.kind]}>{KIND_LABELS[a.kind]}</Badge>
                <span className="activity-title">
                  {a.title}
                  {a.detail ? <span className="muted"> · {a.detail}</span> : null}
                </span>
                <span>
                  {a.userId ? <Link to={`/admin/users/${a.userId}`}>{a.userLabel ?? 'Unknown user'}</Link> : <span className="muted">Anonymous</span>}
                </span>
                <time dateTime={a.at} className="muted activity-time">
                  {formatTime(a.at)}
                </time>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Load more, also pressed for the admin when it scrolls into view. */
function MoreTrigger({ onVisible, busy }: { readonly onVisible: () => void; readonly busy: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useLatest(onVisible);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current());
    seen.observe(el);
    return () => seen.disconnect();
  }, [latest]);
  return (
    <div ref={ref} className="activity-more">
      <Button onClick={onVisible} busy={busy}>
        Load more
      </Button>
    </div>
  );
}
