import { Button } from '../components/Button.js';
import type { ReplicaStatus, SyncPhase } from '../../shared/types/analytics.js';
import { formatCount, formatDateTime } from '../format.js';

const PHASES: Readonly<Record<SyncPhase, string>> = {
  counting: 'Counting rows on the server',
  pulling: 'Downloading changes',
  reconciling: 'Checking for deleted rows',
};

/** When the data was last synced, Refresh, and the progress of a sync while one runs. */
export function ReplicaBar({ status, refreshing, onRefresh }: { readonly status: ReplicaStatus | undefined; readonly refreshing: boolean; readonly onRefresh: () => void }) {
  const p = status?.progress;
  const busy = refreshing || status?.syncing === true;
  return (
    <div className="replica-bar" data-testid="replica-bar">
      <span className="replica-synced" data-testid="last-synced">
        {status?.lastSyncedAt ? `Last synced ${formatDateTime(status.lastSyncedAt)}` : status ? 'Not synced yet' : ''}
      </span>
      {busy ? (
        <div className="replica-progress" role="status" aria-live="polite">
          <span>{p ? `${PHASES[p.phase]}${p.total ? `: ${formatCount(p.done)} of ${formatCount(p.total)}` : ''}` : 'Syncing...'}</span>
          <progress aria-label="Sync progress" max={p?.total || 1} value={p?.total ? p.done : undefined} />
        </div>
      ) : null}
      {status?.lastError && !busy ? (
        <span className="replica-error" role="alert">
          Last sync failed: {status.lastError}
        </span>
      ) : null}
      <Button onClick={onRefresh} busy={busy} disabled={busy}>
        Refresh
      </Button>
    </div>
  );
}
