import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../api/bridge.js';
import { useOp, useWriteOp } from '../api/hooks.js';
import { notify } from '../components/Toaster.js';
import type { ReplicaStatus } from '../../shared/types/analytics.js';

/**
 * The analytics replica's state for the screens: the last status main reported (pushed as 'analytics-sync'
 * events while a sync runs, read once on mount), and Refresh. When a sync ends with new data, the figures are
 * read again.
 */
export function useReplica() {
  const client = useQueryClient();
  const initial = useOp('analytics', 'syncStatus', {}, { staleTime: 0, refetchOnWindowFocus: false });
  const [pushed, setPushed] = useState<ReplicaStatus | null>(null);
  const refresh = useWriteOp('analytics', 'refresh');
  const lastSeen = useRef<string | null | undefined>(undefined);

  useEffect(
    () =>
      adminApi().events.subscribe((event) => {
        if (event.type !== 'analytics-sync') return;
        const { status } = event;
        if (!status.syncing && status.lastSyncedAt !== null && status.lastSyncedAt !== lastSeen.current) {
          void client.invalidateQueries({ queryKey: ['analytics', 'userAnalytics'] });
          void client.invalidateQueries({ queryKey: ['analytics', 'userActivity'] });
        }
        lastSeen.current = status.lastSyncedAt;
        setPushed(status);
      }),
    [client],
  );

  const status: ReplicaStatus | undefined = pushed ?? initial.data?.data;
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
