import { useOp, useWriteOp } from '../api/hooks.js';
import { notify } from '../components/Toaster.js';
import { useSyncEvents } from '../lib/useSyncEvents.js';
import type { ReplicaStatus } from '../../shared/rules/analytics/types.js';

/**
 * The analytics replica's state for the screens: the last status main reported (pushed as 'analytics-sync'
 * events while a sync runs, read once on mount), and Refresh. When a sync ends with new data, the figures are
 * read again.
 */
export function useReplica() {
  const initial = useOp('analytics', 'syncStatus', {}, { staleTime: 0, refetchOnWindowFocus: false });
  const refresh = useWriteOp('analytics', 'refresh');
  const status: ReplicaStatus | undefined = useSyncEvents('analytics-sync', initial.data?.data, [
    ['analytics', 'userAnalytics'],
    ['analytics', 'userActivity'],
  ]);
  return {
    status,
    offline: initial.data?.offline,
    refreshing: refresh.isPending,
    refresh: () =>
      refresh.mutate(
        {},
        {
          onSuccess: () => notify.success('Analytics data is up to date'),
          onError: (e) => notify.error('Could not refresh the analytics data', e.message),
        },
      ),
  };
}
