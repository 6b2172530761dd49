/**
 * One sync of the user list's replica. admin-get-users has no "changed since" parameter (spec 1 section 7: its
 * payload is statusFilter and searchTerm; our embedded copy adds only keyset paging, which a hosted function may
 * ignore), and a row changes when any of several tables does (a subscription, a block, a sign-in, an attribution).
 * So every sync is one full keyset pass, newest first, in pages of USERS_PAGE_SIZE: that is what makes it exact.
 * It is incremental in what it writes: a row whose JSON equals the stored one is not rewritten, a user the pass
 * did not see is deleted at its end, and the sync time moves only when the whole pass succeeded. A user created
 * during the pass (before its cursor) arrives with the next sync. One run at a time; callers share it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { UsersSyncStatus } from '../../../shared/contract/areas/users.js';
import { userPages, USERS_PAGE_SIZE } from './list.js';
import type { UsersReplicaStore } from './replica-store.js';
import { SyncRunner } from '../support/sync-runner.js';

/**
 * Rows per write transaction: a page of 10,000 is written in slices with a turn of the event loop between them, so
 * the list's reads (the screen opening starts a sync) never wait behind a long write.
 */
const WRITE_SLICE = 1000;
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface UsersSyncDeps {
  readonly store: UsersReplicaStore;
  readonly client: () => SupabaseClient;
  readonly onStatus: (status: UsersSyncStatus) => void;
  readonly pageSize?: number;
}

/** What the last successful sync did (the benchmark and the tests read it). */
export interface UsersSyncResult {
  readonly received: number;
  readonly written: number;
  readonly deleted: number;
  readonly ms: number;
}

export class UsersSync {
  lastResult: UsersSyncResult | null = null;
  /** Users received by the sync running (its progress), null between syncs. */
  private received: number | null = null;
  private readonly runner: SyncRunner<UsersSyncStatus>;

  constructor(private readonly deps: UsersSyncDeps) {
    this.runner = new SyncRunner({
      store: deps.store,
      status: (base) => ({ lastSyncedAt: base.lastSyncedAt, syncing: base.syncing, received: this.received, lastError: base.lastError }),
      onStatus: deps.onStatus,
      onEnd: () => (this.received = null),
    });
  }

  get syncing(): boolean {
    return this.runner.syncing;
  }

  status(): UsersSyncStatus {
    return this.runner.status();
  }

  /** Offline: the answer from the replica as last synced, or undefined before a first sync. */
  offline<T>(answer: () => T): { data: T; fetchedAt: string } | undefined {
    return this.runner.offline(answer);
  }

  /** Runs a sync, or joins the one running; resolves with the status after it, rejects with its error. */
  sync(): Promise<UsersSyncStatus> {
    if (!this.runner.syncing) this.received = 0;
    return this.runner.run(() => this.pass());
  }

  /**
   * Refresh: a sync that starts now. One already running may have passed users changed since it began, so it is
   * waited for and a new one follows (callers arriving meanwhile share that one).
   */
  async refresh(): Promise<UsersSyncStatus> {
    await this.runner.current?.catch(() => undefined);
    return this.sync();
  }

  private async pass(): Promise<void> {
    const { store } = this.deps;
    const started = performance.now();
    const seen = new Set<string>();
    let written = 0;
    // A first sync loads without the indexes and builds them at the end (main/cache/schema/v5-users-replica.ts).
    const bulk = store.beginBulkLoad();
    try {
      for await (const page of userPages(this.deps.client(), this.deps.pageSize ?? USERS_PAGE_SIZE)) {
        for (let i = 0; i < page.length; i += WRITE_SLICE) {
          written += store.writePage(page.slice(i, i + WRITE_SLICE));
          await yieldTurn();
        }
        for (const row of page) seen.add(row.user_id);
        this.received = seen.size;
        this.runner.report();
      }
      const deleted = store.finishSync(seen, new Date().toISOString());
      this.lastResult = { received: seen.size, written, deleted, ms: performance.now() - started };
    } finally {
      if (bulk) await store.buildIndexes();
    }
  }
}
