import { useState } from 'react';
import type { ActivityItem, ActivityKind } from '../../shared/contract/areas/dashboard.js';
import { Card } from '../components/Card.js';
import { Badge, type BadgeTone } from '../components/Badge.js';
import { EmptyState } from '../components/States.js';
import { formatDateTime, formatRelative } from '../lib/format.js';

const KIND: Record<ActivityKind, { label: string; tone: BadgeTone }> = {
  signup: { label: 'Sign-up', tone: 'success' },
  journal: { label: 'Journal', tone: 'info' },
  coach_session: { label: 'Coach', tone: 'accent' },
  feedback: { label: 'Feedback', tone: 'warning' },
};

export function RecentActivity({ items, loading }: { readonly items: readonly ActivityItem[] | undefined; readonly loading: boolean }) {
  // Relative times are computed against the moment the list arrived, so a re-render does not change them.
  const [now] = useState(() => Date.now());
  return (
    <Card title="Recent Activity">
      {loading ? <div className="skeleton skeleton-block" /> : null}
      {items && items.length === 0 ? <EmptyState title="No activity yet" /> : null}
      <ul className="activity-list">
        {items?.map((a) => (
          <li key={a.id}>
            <Badge tone={KIND[a.kind].tone}>{KIND[a.kind].label}</Badge>
            <span className="activity-title">{a.title}</span>
            <span className="muted">{a.detail}</span>
            <time dateTime={a.at} title={formatDateTime(a.at)} className="muted activity-time">
              {formatRelative(a.at, now)}
            </time>
          </li>
        ))}
      </ul>
    </Card>
  );
}
