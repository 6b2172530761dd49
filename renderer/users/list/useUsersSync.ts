import { useOp, useWriteOp } from '../../api/hooks.js';
import { notify } from '../../components/Toaster.js';
import { errorText } from '../../lib/op-error-text.js';
import { useSyncEvents } from '../../lib/useSyncEvents.js';

/**
 * The user list's replica as the screen sees it: opening the screen starts a sync in main (users.syncStatus with
 * start), its progress arrives as 'users-sync' events, and when a sync ends with new data the list is read again.
 * Refresh runs a sync and waits for it.
 */
export function useUsersSync() {
  const initial = useOp('users', 'syncStatus', { start: true }, { staleTime: 0 });
  const refresh = useWriteOp('users', 'refresh');
  const status = useSyncEvents('users-sync', initial.data?.data, [['users', 'page']]);

  return {
    status,
    refreshing: refresh.isPending,
    refresh: () => refresh.mutate({}, { onError: (e) => notify.error('Could not refresh the users', errorText(e)) }),
  };
}
