/**
 * The user list's replica of a connection: its store (the profile's SQLite cache, or memory when the cache could
 * not be opened) and its sync. The list's first view waits for a first sync; after that every view answers from
 * the replica at once, and the screen asks for a sync when it opens (and on Refresh).
 */
import type Database from 'better-sqlite3';
import type { Connection } from '../../core/connections.js';
import type { EventBus } from '../../core/events.js';
import { createUsersReplicaStore, type UsersReplicaStore } from './replica-store.js';
import { UsersSync } from './sync.js';

export interface UsersReplica {
  readonly store: UsersReplicaStore;
  readonly sync: UsersSync;
  /**
   * Resolves once the replica holds a whole sync (starting the first sync when needed); a first load's indexes may
   * still be building (UsersSync.untilLoaded).
   */
  ensureFirstSync(): Promise<void>;
  /** Deletes the replica, its sync stopped first (an administrator revoked); the next sync is a first one. */
  erase(): Promise<void>;
}

/** `service` reads the profiles' creation times to cut the list into ranges read side by side (ranges.ts). */
export function createUsersReplica(
  db: Database.Database,
  client: Connection['user'],
  events: EventBus,
  pageSize?: number,
  service?: Connection['service'],
): UsersReplica {
  const store = createUsersReplicaStore(db);
  const sync = new UsersSync({
    store,
    client: () => client,
    ...(service ? { service: () => service } : {}),
    pageSize,
    onStatus: (status) => events.emit({ type: 'users-sync', status }),
  });
  return {
    store,
    sync,
    async ensureFirstSync() {
      if (store.meta('last_synced_at') === null) await sync.untilLoaded();
    },
    erase: () => sync.halt(() => store.erase()),
  };
}
