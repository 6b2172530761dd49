import { useId } from 'react';
import type { CoachInquiry } from '../../shared/rules/coaches/types.js';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../shared/rules/coaches/fields.js';
import { inquiryStatusLabel } from '../../shared/rules/coaches/inquiries.js';
import { Badge, type BadgeTone } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { formatDateTime } from '../lib/format.js';
import { Select } from '../components/Select.js';

const TONE: Record<InquiryStatus, BadgeTone> = { new: 'info', contacted: 'accent', 'in-progress': 'warning', closed: 'neutral' };

interface Props {
  readonly inquiry: CoachInquiry;
  readonly busy: boolean;
  readonly onStatus: (status: InquiryStatus) => void;
  readonly onDelete: () => void;
}

/** One inquiry from someone who wants to become a coach; any status can be set directly. */
export function InquiryCard({ inquiry: i, busy, onStatus, onDelete }: Props) {
  const id = useId();
  return (
    <li className="inquiry-card" data-testid="inquiry-card" data-inquiry-id={i.id}>
      <header className="inquiry-header">
        <div>
          <h2 className="inquiry-name">{i.fullName}</h2>
          <p className="muted inquiry-contact">
            {i.email} · {formatDateTime(i.createdAt)}
          </p>
        </div>
        <Badge tone={TONE[i.status]}>{inquiryStatusLabel(i.status)}</Badge>
      </header>
      {i.message ? <p className="inquiry-message">{i.message}</p> : null}
      {i.website || i.linkedin ? (
        <p className="muted inquiry-links">
          {i.website ? <span>Website: {i.website}</span> : null}
          {i.website && i.linkedin ? ' · ' : null}
          {i.linkedin ? <span>LinkedIn: {i.linkedin}</span> : null}
        </p>
      ) : null}
      <div className="inquiry-actions">
        <label htmlFor={id}>Status</label>
        <Select
          id={id}
          aria-label={`Status of ${i.fullName}`}
          value={i.status}
          disabled={busy}
          onValueChange={(v) => onStatus(v as InquiryStatus)}
          options={INQUIRY_STATUSES.map((s) => ({ value: s, label: inquiryStatusLabel(s) }))}
        />
        <Button variant="danger" onClick={onDelete} aria-label={`Delete inquiry from ${i.fullName}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
