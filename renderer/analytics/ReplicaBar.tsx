import { SyncStatus } from '../components/SyncStatus.js';
import type { ReplicaStatus, SyncPhase } from '../../shared/rules/analytics/types.js';
import { formatCount } from '../lib/format.js';
import { useScreenRefresh } from '../lib/screen-refresh.js';

const PHASES: Readonly<Record<SyncPhase, string>> = {
  counting: 'Counting rows on the server',
  pulling: 'Downloading changes',
  reconciling: 'Checking for deleted rows',
};

/** When the data was last synced, Refresh, and the progress of a sync while one runs (the kit's SyncStatus as a bar). */
export function ReplicaBar({
  status,
  refreshing,
  onRefresh,
}: {
  readonly status: ReplicaStatus | undefined;
  readonly refreshing: boolean;
  readonly onRefresh: () => void;
}) {
  const p = status?.progress;
  // Ctrl/Cmd+R, View → Refresh and the palette sync the replica as Refresh does.
  useScreenRefresh(() => {
    if (!refreshing) onRefresh();
  });
  return (
    <SyncStatus
      status={status}
      time="exact"
      layout="bar"
      progress={{
        text: p ? `${PHASES[p.phase]}${p.total ? `: ${formatCount(p.done)} of ${formatCount(p.total)}` : ''}` : 'Syncing...',
        bar: { done: p?.done ?? 0, total: p?.total ?? null },
      }}
      refresh={{ refreshing, onRefresh }}
      testIds={{ root: 'replica-bar', synced: 'last-synced' }}
    />
  );
}
