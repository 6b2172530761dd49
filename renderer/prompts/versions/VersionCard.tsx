import type { ReactNode } from 'react';
import type { VersionItem } from '../../../shared/rules/versions/types.js';
import { ROLLBACK_CHANGE_REASON, canRollback, creatorLabel, preview } from '../../../shared/rules/prompts/versions.js';
import { Badge } from '../../components/Badge.js';
import { Button } from '../../components/Button.js';
import { formatDateTime } from '../../lib/format.js';

interface Props {
  readonly version: VersionItem;
  readonly previewLength: number;
  readonly expanded: boolean;
  readonly onToggle: () => void;
  /** In compare mode: which side this version was picked for, and the pick itself. */
  readonly compare: { readonly pick: 'first' | 'second' | null; readonly onPick: () => void } | null;
  /** Absent for families that keep no rollbacks. */
  readonly onRollback?: (() => void) | undefined;
  /** Families whose older versions can be made active again (public chatbot). */
  readonly onActivate?: (() => void) | undefined;
  readonly details?: ReactNode;
}

export function VersionCard({ version: v, previewLength, expanded, onToggle, compare, onRollback, onActivate, details }: Props) {
  const long = Array.from(v.text).length > previewLength;
  return (
    <li className={v.isActive ? 'version-card version-current' : 'version-card'} data-testid="version-card" data-version={v.version}>
      <header className="version-header">
        <div className="version-title">
          <strong>Version {v.version}</strong>
          {v.isActive ? <Badge tone="success">Current</Badge> : null}
          {v.changeReason === ROLLBACK_CHANGE_REASON ? <Badge tone="warning">Rollback</Badge> : null}
          {compare?.pick ? <Badge tone="accent">{compare.pick === 'first' ? 'First' : 'Second'}</Badge> : null}
        </div>
        <div className="version-meta muted">
          <span>{formatDateTime(v.createdAt)}</span>
          <span>by {creatorLabel(v.createdBy)}</span>
        </div>
      </header>
      {v.title ? <p className="version-subtitle">{v.title}</p> : null}
      {v.notes ? <p className="version-notes">{v.notes}</p> : null}
      <p className="version-text" data-testid="version-text">
        {expanded ? v.text : preview(v.text, previewLength)}
      </p>
      {details}
      <div className="version-actions">
        {long ? (
          <Button variant="ghost" onClick={onToggle} aria-expanded={expanded}>
            {expanded ? 'Collapse' : 'Expand'}
          </Button>
        ) : null}
        {compare ? (
          <Button onClick={compare.onPick} aria-pressed={compare.pick !== null}>
            {compare.pick ? 'Selected' : 'Select'}
          </Button>
        ) : null}
        {onActivate && !v.isActive ? <Button onClick={onActivate}>Activate</Button> : null}
        {onRollback && canRollback(v) ? <Button onClick={onRollback}>Rollback to this version</Button> : null}
      </div>
    </li>
  );
}
