import { Link } from 'react-router-dom';
import type { RequestedCoach } from '../../shared/contract/areas/dashboard.js';
import { Card } from '../components/Card.js';
import { EmptyState } from '../components/States.js';
import { formatCount } from '../lib/format.js';

/** Top 5 requested coaches; ranks 1 to 3 get their own styling. */
export function TopRequestedCoaches({ coaches, loading }: { readonly coaches: readonly RequestedCoach[] | undefined; readonly loading: boolean }) {
  return (
    <Card title="Top Requested Coaches" actions={<Link to="/admin/coach-requests">View all</Link>}>
      {loading ? <div className="skeleton skeleton-block" /> : null}
      {coaches && coaches.length === 0 ? <EmptyState title="No coach requests yet" /> : null}
      <ol className="rank-list">
        {coaches?.map((c, i) => (
          <li key={c.name} className={`rank-item rank-${i + 1}`}>
            <span className="rank-number" aria-label={`Rank ${i + 1}`}>
              {i + 1}
            </span>
            <span className="rank-name">{c.name}</span>
            <span className="rank-count">
              {formatCount(c.count)} request{c.count === 1 ? '' : 's'}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
