import { Link } from 'react-router-dom';
import type { CoachSummary } from '../../shared/rules/coaches/types.js';
import type { CoachUsage } from '../../shared/rules/coaches/sort.js';
import { coachStatus, coachTypeLabel, tierBadge } from '../../shared/rules/coaches/fields.js';
import { Badge, type BadgeTone } from '../components/Badge.js';
import { CoachAvatar } from './CoachAvatar.js';
import { formatCounted } from '../lib/format.js';

const STATUS_TONE: Record<string, BadgeTone> = { Active: 'success', 'No Prompt': 'warning', Inactive: 'neutral' };

interface Props {
  readonly coach: CoachSummary;
  readonly usage: CoachUsage | undefined;
  readonly usageLoading: boolean;
  readonly productName: string;
}

/** One coach of Coach Management: badges, usage, and Edit and History. */
export function CoachCard({ coach: c, usage, usageLoading, productName }: Props) {
  const status = coachStatus(c);
  return (
    <li className="coach-card" data-testid="coach-card" data-coach-id={c.id}>
      <CoachAvatar name={c.name} url={c.avatarUrl} />
      <div className="coach-card-body">
        <div className="coach-card-title">
          <h2 className="coach-name">{c.name}</h2>
          <Badge tone={STATUS_TONE[status]}>{status}</Badge>
          <Badge tone="info">{tierBadge(c.subscriptionTier)}</Badge>
          <Badge tone="accent">{coachTypeLabel(c.coachType, productName)}</Badge>
        </div>
        {c.description ? <p className="coach-description">{c.description}</p> : null}
        <p className="coach-meta muted" data-testid="coach-usage">
          {usage
            ? `${formatCounted(usage.total_sessions, 'session')} · ${formatCounted(usage.total_messages, 'message')}`
            : usageLoading
              ? 'Loading usage...'
              : 'Usage unavailable'}
          {' · '}
          {c.promptVersion ? `Prompt version ${c.promptVersion} (${c.promptCount} in history)` : 'No current prompt'}
        </p>
      </div>
      <div className="coach-card-actions">
        <Link className="button button-secondary" to={`/admin/coaches/${c.id}`} aria-label={`Edit ${c.name}`}>
          Edit
        </Link>
        <Link className="button button-ghost" to={`/admin/coaches/${c.id}/history`} aria-label={`History of ${c.name}`}>
          History
        </Link>
      </div>
    </li>
  );
}
