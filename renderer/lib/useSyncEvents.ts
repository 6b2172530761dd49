import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../api/bridge.js';
import type { ReplicaStatus } from '../../shared/rules/analytics/types.js';
import type { UsersSyncStatus } from '../../shared/contract/areas/users.js';

/** The events main sends while a replica syncs, and the status each carries (shared/contract/events.ts). */
interface SyncStatuses {
  readonly 'analytics-sync': ReplicaStatus;
  readonly 'users-sync': UsersSyncStatus;
}

/**
 * A local replica's status as main pushes it while a sync runs (the replicas of analytics and of the user list),
 * falling back to the status read on mount. When a sync ends with new data, the reads listed in `stale` are
 * fetched again, so the screen shows what the replica now holds.
 */
export function useSyncEvents<T extends keyof SyncStatuses>(
  type: T,
  initial: SyncStatuses[T] | undefined,
  stale: readonly (readonly string[])[],
): SyncStatuses[T] | undefined {
  type Status = SyncStatuses[T];
  const client = useQueryClient();
  const [pushed, setPushed] = useState<Status | null>(null);
  const lastSeen = useRef<string | null | undefined>(undefined);
  // The keys as one string: a new array each render must not resubscribe.
  const keys = JSON.stringify(stale);

  useEffect(
    () =>
      adminApi().events.subscribe((event) => {
        if (event.type !== type) return;
        const { status } = event as unknown as { readonly status: Status };
        if (!status.syncing && status.lastSyncedAt !== null && status.lastSyncedAt !== lastSeen.current) {
          for (const queryKey of JSON.parse(keys) as string[][]) void client.invalidateQueries({ queryKey });
        }
        lastSeen.current = status.lastSyncedAt;
        setPushed(status);
      }),
    [client, type, keys],
  );
  return pushed ?? initial;
}
