import { Link } from 'react-router-dom';
import { waitingItems, type WaitingCounts, type WaitingKey } from '../../shared/rules/dashboard/waiting.js';
import { Card } from '../components/Card.js';
import { formatCount } from '../lib/format.js';

/** Failures read as such; the rest is work to pick up. */
const TONE: Record<WaitingKey, 'danger' | 'warning' | 'info'> = {
  failedDeliveries: 'danger',
  imports: 'danger',
  newFeedback: 'info',
  newCoachInquiries: 'info',
  pendingTemplates: 'warning',
  expiringFlags: 'warning',
};

/** Above the tiles: what is waiting, each opening its screen already filtered; one calm line when nothing is. */
export function WaitingItems({ waiting, loading }: { readonly waiting: WaitingCounts | undefined; readonly loading: boolean }) {
  const items = waiting ? waitingItems(waiting, formatCount) : [];
  return (
    <Card title="Waiting for attention" className="waiting-card">
      {waiting === undefined ? (
        loading ? (
          <div className="skeleton skeleton-line" role="img" aria-label="Loading" />
        ) : null
      ) : items.length === 0 ? (
        <p className="waiting-none" data-testid="nothing-waiting">
          <span className="waiting-none-mark" aria-hidden="true">
            ✓
          </span>
          Nothing waiting
        </p>
      ) : (
        <ul className="waiting-list" data-testid="waiting-list">
          {items.map((i) => (
            <li key={i.key}>
              <Link to={i.to} className={`waiting-item waiting-${TONE[i.key]}`} data-testid={`waiting-${i.key}`}>
                <span className="waiting-count">{formatCount(i.count)}</span>{' '}
                <span className="waiting-text">
                  {i.label}
                  {i.detail ? <span className="waiting-detail"> ({i.detail})</span> : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
