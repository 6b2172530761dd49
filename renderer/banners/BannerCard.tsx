import { Link } from 'react-router-dom';
import type { Banner } from '../../shared/rules/banners/types.js';
import { audienceLabel, categoryLabel } from '../../shared/rules/banners/fields.js';
import { bannerSchedule, scheduleBadge } from '../../shared/rules/banners/schedule.js';
import { formatDateTime } from '../lib/format.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { SwitchField } from '../components/SwitchField.js';
import { CATEGORY_TONE, SCHEDULE_TONE } from './tones.js';

interface Props {
  readonly banner: Banner;
  readonly now: number;
  readonly toggling: boolean;
  readonly onToggle: (active: boolean) => void;
  readonly onDelete: () => void;
}

/** One banner in the list: what it says, to whom and when, its switch, edit and delete. */
export function BannerCard({ banner: b, now, toggling, onToggle, onDelete }: Props) {
  return (
    <li className="card banner-card" data-testid="banner-card" data-banner-id={b.id}>
      <div className="banner-card-head">
        <Badge tone={CATEGORY_TONE[b.category]}>{categoryLabel(b.category)}</Badge>
        <span data-testid="banner-schedule">
          <Badge tone={b.active ? SCHEDULE_TONE[bannerSchedule(b, now)] : 'neutral'}>{scheduleBadge(b, now)}</Badge>
        </span>
        <h2 className="banner-card-title">{b.title}</h2>
      </div>
      <p className="banner-card-message">{b.message}</p>
      <dl className="banner-card-facts">
        <div>
          <dt>Audience</dt>
          <dd>{audienceLabel(b.targetAudience)}</dd>
        </div>
        <div>
          <dt>Starts</dt>
          <dd>{formatDateTime(b.startDate, 'Immediately')}</dd>
        </div>
        <div>
          <dt>Ends</dt>
          <dd>{formatDateTime(b.endDate, 'No end date')}</dd>
        </div>
        {b.actionText ? (
          <div>
            <dt>Action</dt>
            <dd>
              {b.actionText} <span className="banner-url">({b.actionUrl ?? 'no URL'})</span>
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="banner-card-actions">
        <SwitchField
          label={
            <>
              Active<span className="banners-visually-hidden"> ({b.title})</span>
            </>
          }
          checked={b.active}
          disabled={toggling}
          onCheckedChange={onToggle}
        />
        <Link className="button button-secondary" to={`/admin/banners/${b.id}/edit`} aria-label={`Edit ${b.title}`}>
          Edit
        </Link>
        <Button variant="danger" onClick={onDelete} aria-label={`Delete ${b.title}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
