import { Tooltip } from './Tooltip.js';
import { useNow } from '../lib/useNow.js';
import { formatDateTime, formatRelative } from '../lib/format.js';
import { Button } from './Button.js';

/** What every local replica reports of its syncs (the analytics replica's ReplicaStatus, the users' UsersSyncStatus). */
export interface SyncState {
  readonly lastSyncedAt: string | null;
  readonly syncing: boolean;
  readonly lastError: string | null;
}

/** A sync under way: its words, and for a progress bar how far it is (no total: the bar runs without a value). */
export interface SyncProgressView {
  readonly text: string;
  readonly bar?: { readonly done: number; readonly total: number | null };
}

interface Props {
  /** undefined while the first status is read: the line shows nothing yet (with Refresh, an empty time). */
  readonly status: SyncState | undefined;
  /** 'exact': "Last synced 24 Nov 2026, 13:40"; 'relative': "Synced 2 minutes ago", the exact time on hover. */
  readonly time: 'exact' | 'relative';
  /** Shown while a sync runs. */
  readonly progress: SyncProgressView;
  /** A Refresh button at the end of the line (a screen may put SyncRefreshButton elsewhere instead). */
  readonly refresh?: { readonly refreshing: boolean; readonly onRefresh: () => void };
  /** 'bar': spaced parts, right-aligned in a toolbar; 'line': one muted line, its parts joined by " · ". */
  readonly layout: 'bar' | 'line';
  readonly testIds: { readonly root?: string; readonly synced: string; readonly progress?: string };
}

/** Whether a sync runs, or a Refresh was asked for and has not yet ended. */
const busyOf = (status: SyncState | undefined, refreshing: boolean) => refreshing || status?.syncing === true;

/** Refresh for a replica: busy and disabled while a sync runs or the Refresh asked for is under way. */
export function SyncRefreshButton({
  status,
  refreshing,
  onRefresh,
}: {
  readonly status: SyncState | undefined;
  readonly refreshing: boolean;
  readonly onRefresh: () => void;
}) {
  const busy = busyOf(status, refreshing);
  return (
    <Button onClick={onRefresh} busy={busy} disabled={busy}>
      Refresh
    </Button>
  );
}

function syncedText(at: string | null, time: Props['time'], now: number): string {
  if (!at) return 'Not synced yet';
  if (time === 'exact') return `Last synced ${formatDateTime(at)}`;
  return `Synced ${formatRelative(at, now, { inSentence: true })}`;
}

/**
 * A local replica's sync status in one line: when it last synced, a sync under way with its progress, why the
 * last one failed, and Refresh. The analytics screens show the exact time, a progress bar and Refresh in a bar;
 * the user list a line under its header ("Synced 2 minutes ago"), its Refresh among the header's actions.
 */
export function SyncStatus({ status, time, progress, refresh, layout, testIds }: Props) {
  const now = useNow(15_000);
  if (!status && !refresh) return null;
  const busy = busyOf(status, refresh?.refreshing ?? false);
  const at = status?.lastSyncedAt ?? null;
  const sep = layout === 'line' ? ' · ' : '';
  const exact = time === 'relative' && at ? formatDateTime(at) : undefined;
  const bar = progress.bar;
  return (
    <div className={`sync-status sync-status-${layout}${layout === 'line' ? ' muted' : ''}`} data-testid={testIds.root}>
      {/* The exact time of a relative one, on hover and on focus (the text is a tab stop only then). */}
      <Tooltip content={exact}>
        <span className="sync-status-time" data-testid={testIds.synced} tabIndex={exact ? 0 : undefined}>
          {status ? syncedText(at, time, now) : ''}
        </span>
      </Tooltip>
      {busy ? (
        <span className="sync-status-progress" role="status" aria-live="polite" data-testid={testIds.progress}>
          <span>{`${sep}${progress.text}`}</span>
          {bar ? <progress aria-label="Sync progress" max={bar.total || 1} value={bar.total ? bar.done : undefined} /> : null}
        </span>
      ) : status?.lastError ? (
        <span className="sync-status-error" role="alert">
          {sep}Last sync failed: {status.lastError}
        </span>
      ) : null}
      {refresh ? <SyncRefreshButton status={status} refreshing={refresh.refreshing} onRefresh={refresh.onRefresh} /> : null}
    </div>
  );
}
