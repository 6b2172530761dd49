import { useState, type ReactNode } from 'react';
import './versions.css';
import type { VersionItem } from '../../../shared/rules/versions/types.js';
import {
  NO_SELECTION,
  PREVIEW_LENGTH,
  canCompare,
  versionCountText,
  compareReady,
  nextVersion,
  pickForCompare,
  swapCompare,
} from '../../../shared/rules/prompts/versions.js';
import { Button } from '../../components/Button.js';
import { EmptyState } from '../../components/States.js';
import { CompareView } from './CompareView.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { VersionCard } from './VersionCard.js';

export interface VersionHistoryProps {
  /** Newest first. */
  readonly versions: readonly VersionItem[];
  /** Every version of the family, where the list shows only the latest (the internal chatbot's 5). */
  readonly total?: number;
  /** 150 for every family but entry analysis (500). */
  readonly previewLength?: number;
  /** What a version is, for the texts ("prompt", "knowledge base"). */
  readonly noun: string;
  /** Appends a new version with the old one's content; resolves when done, rejects with the message to show. */
  readonly onRollback?: ((version: VersionItem) => Promise<unknown>) | undefined;
  readonly rollbackPending: boolean;
  /** Makes an older version the active one (public chatbot), after a confirmation. */
  readonly onActivate?: ((version: VersionItem) => Promise<unknown>) | undefined;
  readonly activatePending?: boolean;
  /** Extra lines under a version (its generation parameters, say). */
  readonly details?: (version: VersionItem) => ReactNode;
}

/**
 * The history of one version family, for every family: newest first, previews with expand and collapse, compare
 * mode (first pick, second pick, a third restarts; swap) with the sentence diff, and rollback for every version
 * but the current one.
 */
export function VersionHistory({
  versions,
  total,
  previewLength = PREVIEW_LENGTH,
  noun,
  onRollback,
  rollbackPending,
  onActivate,
  activatePending = false,
  details,
}: VersionHistoryProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [comparing, setComparing] = useState(false);
  const [selection, setSelection] = useState(NO_SELECTION);
  const [target, setTarget] = useState<VersionItem | null>(null);
  const [activating, setActivating] = useState<VersionItem | null>(null);

  if (versions.length === 0) return <EmptyState title={`No ${noun} versions yet`} />;

  const byId = new Map(versions.map((v) => [v.id, v]));
  const ready = compareReady(selection) ? { first: byId.get(selection.first), second: byId.get(selection.second) } : null;
  const toggle = (id: string) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const stopComparing = () => {
    setComparing(false);
    setSelection(NO_SELECTION);
  };

  return (
    <div className="version-history">
      <div className="version-toolbar">
        {comparing ? (
          <>
            <span className="muted" role="status">
              {selection.first === null
                ? 'Select the first version to compare.'
                : selection.second === null
                  ? 'Select the second version.'
                  : 'Select another version to start again.'}
            </span>
            <Button onClick={stopComparing}>Exit Compare</Button>
          </>
        ) : (
          <Button onClick={() => setComparing(true)} disabledReason={canCompare(versions.length) ? undefined : 'Compare mode needs at least two versions'}>
            Compare Versions
          </Button>
        )}
        <span className="muted">{versionCountText(versions.length, total)}</span>
      </div>
      {comparing && ready?.first && ready.second ? (
        <CompareView picked={[ready.first, ready.second]} flipped={selection.flipped === true} onSwap={() => setSelection(swapCompare)} />
      ) : null}
      <ol className="version-list">
        {versions.map((v) => (
          <VersionCard
            key={v.id}
            version={v}
            previewLength={previewLength}
            expanded={expanded.has(v.id)}
            onToggle={() => toggle(v.id)}
            compare={
              comparing
                ? {
                    pick: selection.first === v.id ? 'first' : selection.second === v.id ? 'second' : null,
                    onPick: () => setSelection((s) => pickForCompare(s, v.id)),
                  }
                : null
            }
            onRollback={onRollback ? () => setTarget(v) : undefined}
            onActivate={onActivate ? () => setActivating(v) : undefined}
            details={details?.(v)}
          />
        ))}
      </ol>
      <ConfirmDialog
        open={target !== null}
        title={target ? `Roll back to version ${target.version}?` : 'Roll back'}
        confirmLabel="Rollback"
        busy={rollbackPending}
        onCancel={() => setTarget(null)}
        onConfirm={() => {
          if (!target || !onRollback) return;
          onRollback(target).then(
            () => setTarget(null),
            () => setTarget(null),
          );
        }}
      >
        {target ? (
          <p>
            This creates version {nextVersion(versions.map((v) => v.version))} of the {noun} with the text of version {target.version} and makes it current.
            Every existing version stays in the history.
          </p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={activating !== null}
        title={activating ? `Activate version ${activating.version}?` : 'Activate'}
        confirmLabel="Activate"
        busy={activatePending}
        onCancel={() => setActivating(null)}
        onConfirm={() => {
          if (!activating || !onActivate) return;
          onActivate(activating).then(
            () => setActivating(null),
            () => setActivating(null),
          );
        }}
      >
        {activating ? (
          <p>
            Version {activating.version} becomes the active {noun}; every other version is deactivated.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
