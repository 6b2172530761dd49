import type { UsersSyncStatus } from '../../../shared/contract/areas/users.js';
import { SyncStatus } from '../../components/SyncStatus.js';
import { formatCount } from '../../lib/format.js';

/** "Synced 2 minutes ago" (the exact time on hover), the progress of a sync under way, or why the last one failed. */
export function SyncLine({ status }: { readonly status: UsersSyncStatus | undefined }) {
  return (
    <SyncStatus
      status={status}
      time="relative"
      layout="line"
      progress={{ text: status?.received ? `Syncing users: ${formatCount(status.received)} received` : 'Syncing users...' }}
      testIds={{ synced: 'users-synced', progress: 'users-sync-progress' }}
    />
  );
}
