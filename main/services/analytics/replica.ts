/**
 * The analytics replica of a connection: its store (in the profile's SQLite cache, or in memory when the cache
 * could not be opened) and its sync, with the freshness rule the screens rely on: the first view waits for a
 * first sync; later views answer at once from the replica and bring it up to date in the background once it
 * is older than the engagement data's stale time.
 */
import type Database from 'better-sqlite3';
import type { ReplicaInfo } from '../../../shared/rules/analytics/types.js';
import { ENGAGEMENT_STALE_MS } from '../../../shared/rules/analytics/messages.js';
import type { Connection } from '../../core/connections.js';
import type { EventBus } from '../../core/events.js';
import { log } from '../../ground/log.js';
import { createReplicaStore, type ReplicaStore } from './replica-store.js';
import { ReplicaSync } from './sync.js';

export interface Replica {
  readonly store: ReplicaStore;
  readonly sync: ReplicaSync;
  info(): ReplicaInfo;
  /** Online reads call this first. */
  ensureFresh(): Promise<void>;
  /** Deletes the replica, its sync stopped first (an administrator revoked); the next sync is a first one. */
  erase(): Promise<void>;
}

export function createReplica(db: Database.Database, client: Connection['service'], events: EventBus, staleMs = ENGAGEMENT_STALE_MS): Replica {
  const store = createReplicaStore(db);
  const sync = new ReplicaSync({ store, client: () => client, onStatus: (status) => events.emit({ type: 'analytics-sync', status }) });
  const info = (): ReplicaInfo => ({ lastSyncedAt: store.meta('last_synced_at'), syncing: sync.syncing });
  return {
    store,
    sync,
    info,
    async ensureFresh() {
      const last = store.meta('last_synced_at');
      if (last === null) {
        await sync.sync();
        return;
      }
      if (!sync.syncing && Date.now() - Date.parse(last) > staleMs) {
        sync.sync().catch((err: unknown) => log.warn(`The analytics replica could not be brought up to date: ${(err as Error).message}`));
      }
    },
    erase: () => sync.halt(() => store.erase()),
  };
}
