import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../api/bridge.js';
import { useOp, useWriteOp } from '../../api/hooks.js';
import { notify } from '../../components/Toaster.js';
import { errorText } from '../../app/op-error-text.js';
import type { UsersSyncStatus } from '../../../shared/contract/areas/users.js';

/**
 * The user list's replica as the screen sees it: opening the screen starts a sync in main (users.syncStatus with
 * start), its progress arrives as 'users-sync' events, and when a sync ends with new data the list is read again.
 * Refresh runs a sync and waits for it.
 */
export function useUsersSync() {
  const client = useQueryClient();
  const initial = useOp('users', 'syncStatus', { start: true }, { staleTime: 0 });
  const [pushed, setPushed] = useState<UsersSyncStatus | null>(null);
  const refresh = useWriteOp('users', 'refresh');
  const lastSeen = useRef<string | null | undefined>(undefined);

  useEffect(
    () =>
      adminApi().events.subscribe((event) => {
        if (event.type !== 'users-sync') return;
        const { status } = event;
        if (!status.syncing && status.lastSyncedAt !== null && status.lastSyncedAt !== lastSeen.current) {
          void client.invalidateQueries({ queryKey: ['users', 'page'] });
        }
        lastSeen.current = status.lastSyncedAt;
        setPushed(status);
      }),
    [client],
  );

  return {
    status: pushed ?? initial.data?.data,
    refreshing: refresh.isPending,
    refresh: () => refresh.mutate({}, { onError: (e) => notify.error('Could not refresh the users', errorText(e)) }),
  };
}
