/**
 * The user list's replica of a connection: its store (the profile's SQLite cache, or memory when the cache could
 * not be opened) and its sync. The list's first view waits for a first sync; after that every view answers from
 * the replica at once, and the screen asks for a sync when it opens (and on Refresh).
 */
import Database from 'better-sqlite3';
import type { Connection } from '../../core/connections.js';
import type { EventBus } from '../../core/events.js';
import { migrate } from '../../cache/migrations.js';
import { createUsersReplicaStore, type UsersReplicaStore } from './replica-store.js';
import { UsersSync } from './sync.js';

export interface UsersReplica {
  readonly store: UsersReplicaStore;
  readonly sync: UsersSync;
  /** Resolves once the replica has been synced at least once (starting the first sync when needed). */
  ensureFirstSync(): Promise<void>;
}

const replicas = new WeakMap<Connection, UsersReplica>();

export function createUsersReplica(db: Database.Database, client: Connection['user'], events: EventBus, pageSize?: number): UsersReplica {
  const store = createUsersReplicaStore(db);
  const sync = new UsersSync({ store, client: () => client, pageSize, onStatus: (status) => events.emit({ type: 'users-sync', status }) });
  return {
    store,
    sync,
    async ensureFirstSync() {
      if (store.meta('last_synced_at') === null) await sync.sync();
    },
  };
}

/** The replica of the connection: read through the admin's own client, as the screen's list always was. */
export function usersReplicaOf(conn: Connection, events: EventBus): UsersReplica {
  let replica = replicas.get(conn);
  if (!replica) {
    let db = conn.cache?.db;
    if (!db) {
      db = new Database(':memory:');
      migrate(db);
    }
    replica = createUsersReplica(db, conn.user, events);
    replicas.set(conn, replica);
  }
  return replica;
}
