import type { UsersSyncStatus } from '../../../shared/contract/areas/users.js';
import { relativeTime } from '../../../shared/rules/common/relative-time.js';
import { useNow } from '../../app/useNow.js';
import { formatCount, formatDateTime } from '../../format.js';

/** "Synced 2 minutes ago" (the exact time on hover), the progress of a sync under way, or why the last one failed. */
export function SyncLine({ status }: { readonly status: UsersSyncStatus | undefined }) {
  const now = useNow(15_000);
  if (!status) return null;
  const at = status.lastSyncedAt;
  const ago = at ? relativeTime(Date.parse(at), now) : null;
  return (
    <div className="users-sync muted">
      <span data-testid="users-synced" title={at ? formatDateTime(at) : undefined}>
        {ago ? `Synced ${ago === 'Just now' ? 'just now' : ago}` : 'Not synced yet'}
      </span>
      {status.syncing ? (
        <span role="status" aria-live="polite" data-testid="users-sync-progress">
          {status.received ? ` · Syncing users: ${formatCount(status.received)} received` : ' · Syncing users...'}
        </span>
      ) : status.lastError ? (
        <span className="replica-error" role="alert">
          {' · '}Last sync failed: {status.lastError}
        </span>
      ) : null}
    </div>
  );
}
