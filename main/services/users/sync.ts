/**
 * One sync of the user list's replica. admin-get-users has no "changed since" parameter (spec 1 section 7: its
 * payload is statusFilter and searchTerm; our embedded copy adds only keyset paging, which a hosted function may
 * ignore), and a row changes when any of several tables does (a subscription, a block, a sign-in, an attribution).
 * So every sync is one full keyset pass: that is what makes it exact. The pass is cut
 * into key ranges read side by side (ranges.ts), so over a distant link the pages of every range travel together.
 * It is incremental in what it writes: a row whose JSON equals the stored one is not rewritten; each slice of rows
 * written removes the users of its key interval the server no longer lists, and records where its range stopped,
 * in one transaction, so a sync cut by a lost connection (or a quit) resumes there, never repeats or misses a
 * user; the sync time moves only when every range is done. A user created during the pass (before its cursor)
 * arrives with the next sync. One run at a time; callers share it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { UsersSyncStatus } from '../../../shared/contract/areas/users.js';
import type { UsersReplicaStore } from './replica-store.js';
import { SyncRunner } from '../support/sync-runner.js';
import { inPool } from '../support/pool.js';
import { openWriterThread, type WriterThread } from '../../cache/writer-thread.js';
import { keyOfRow, rangePages, splitUsers, type UserKey, type UserRange } from './ranges.js';

/** Key ranges read side by side (fewer when the list has fewer pages). */
const RANGES = 6;
/**
 * Rows per call when reading ranges side by side: the calls overlap, so smaller pages cost no round trips in
 * sequence, and each stays well within the request timeout while six share the server.
 */
const RANGE_PAGE_SIZE = 2_500;

/** A range of the sync under way, as kept in the replica's meta. */
interface RangeState extends UserRange {
  /** The key of the last row written: the range goes on below it. */
  cursor: UserKey | null;
  done: boolean;
}

const rangesText = (ranges: readonly RangeState[]) => JSON.stringify(ranges);

function savedRanges(store: UsersReplicaStore): RangeState[] | null {
  const text = store.meta('sync_ranges');
  if (!text) return null;
  try {
    const ranges = JSON.parse(text) as RangeState[];
    return Array.isArray(ranges) && ranges.length > 0 ? ranges : null;
  } catch {
    return null;
  }
}

/**
 * Rows per write transaction: a page of 10,000 is written in slices with a turn of the event loop between them, so
 * the list's reads (the screen opening starts a sync) never wait behind a long write.
 */
const WRITE_SLICE = 1000;
/** SQLite's page cache while a first load writes (KiB): the user_id index's pages stay in memory. */
const LOAD_CACHE_KIB = -65_536;
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface UsersSyncDeps {
  readonly store: UsersReplicaStore;
  readonly client: () => SupabaseClient;
  /** Reads the profiles' creation times to cut the list into ranges; without it the list is one range. */
  readonly service?: () => SupabaseClient;
  readonly onStatus: (status: UsersSyncStatus) => void;
  readonly pageSize?: number;
}

/** What the last successful sync did (the benchmark and the tests read it). */
export interface UsersSyncResult {
  readonly received: number;
  readonly written: number;
  readonly deleted: number;
  /** The whole sync, index build included. */
  readonly ms: number;
  /** Where the time went: cutting the ranges, reading and writing the pages, building the indexes after a first load. */
  readonly timings: UsersSyncTimings;
}

export interface UsersSyncTimings {
  readonly splitMs: number;
  readonly pullMs: number;
  /** SQLite writing the pages: on the writer thread alongside the requests for a first load, else on main's thread (of pullMs). */
  readonly writeMs: number;
  /** Of pullMs: the time the pull waited for the writer thread to have room. */
  readonly writeWaitMs: number;
  /** Of pullMs: main's thread parsing and checking the pages' rows once received. */
  readonly rowsMs: number;
  readonly indexMs: number;
  readonly pages: number;
}

export class UsersSync {
  lastResult: UsersSyncResult | null = null;
  /** Resolved once the running sync has written every row and its time (untilLoaded). */
  private loaded: Promise<void> = Promise.resolve();
  private markLoaded: () => void = () => undefined;
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

  /** The connection is closing: the sync running ends at its next page, and is waited for. */
  stop(): Promise<void> {
    return this.runner.stop();
  }

  /** Offline: the answer from the replica as last synced, or undefined before a first sync. */
  offline<T>(answer: () => T): { data: T; fetchedAt: string } | undefined {
    return this.runner.offline(answer);
  }

  /** Runs `work` with no sync writing (main/services/support/sync-runner.ts). */
  halt<T>(work: () => T | Promise<T>): Promise<T> {
    return this.runner.halt(work);
  }

  /** Runs a sync, or joins the one running; resolves with the status after it, rejects with its error. */
  sync(): Promise<UsersSyncStatus> {
    if (!this.runner.syncing) {
      this.received = 0;
      this.loaded = new Promise<void>((resolve) => (this.markLoaded = resolve));
    }
    return this.runner.run(() => this.pass());
  }

  /**
   * Runs a sync, or joins the one running, until every row and the sync time are written: a first load's indexes
   * are still being built on the writer thread then, but the list answers (by scanning) meanwhile, so the first
   * rows need not wait for them. Rejects with the sync's error when it fails before.
   */
  async untilLoaded(): Promise<void> {
    const run = this.sync();
    await Promise.race([run, this.loaded]);
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
    const pageSize = this.deps.pageSize ?? RANGE_PAGE_SIZE;
    const client = this.deps.client();
    let written = 0;
    let deleted = 0;
    let received = 0;
    const timings = { splitMs: 0, pullMs: 0, writeMs: 0, writeWaitMs: 0, rowsMs: 0, indexMs: 0, pages: 0 };
    let mark = started;
    const lap = (name: 'splitMs' | 'pullMs' | 'indexMs') => {
      const now = performance.now();
      timings[name] = Math.round(now - mark);
      mark = now;
    };
    // A first sync loads without the indexes and builds them at the end (main/cache/schema/v5-users-replica.ts).
    const bulk = store.beginBulkLoad();
    // Its rows are all new: they are written on a writer thread, so main goes on with the requests meanwhile.
    let writer: WriterThread | undefined;
    try {
      if (bulk) writer = await openWriterThread(store.db, { label: 'The user list replica sync', cacheKib: LOAD_CACHE_KIB });
      let ranges = savedRanges(store);
      // The replica is as fresh as the start of the sync that began its ranges: a resumed one holds pages read then.
      let since = store.meta('sync_started_at') ?? new Date().toISOString();
      if (!ranges) {
        since = new Date().toISOString();
        const split: UserRange[] = this.deps.service ? await splitUsers(this.deps.service(), RANGES, pageSize) : [{ upper: null, lower: null }];
        ranges = split.map((r) => ({ ...r, cursor: null, done: false }));
        store.setMeta('sync_ranges', rangesText(ranges));
      }
      store.setMeta('sync_started_at', since);
      lap('splitMs');
      const all = ranges;
      const pulling = inPool(
        all.filter((r) => !r.done),
        all.length,
        async (r) => {
          for await (const page of rangePages(client, r, pageSize, r.cursor, timings)) {
            timings.pages++;
            for (let i = 0; i === 0 || i < page.rows.length; i += WRITE_SLICE) {
              const slice = page.rows.slice(i, i + WRITE_SLICE);
              const ends = page.last && i + WRITE_SLICE >= page.rows.length;
              const upper = r.cursor ?? r.upper;
              const lower = ends || slice.length === 0 ? r.lower : keyOfRow(slice[slice.length - 1]!);
              if (slice.length > 0) r.cursor = keyOfRow(slice[slice.length - 1]!);
              if (ends) r.done = true;
              const w0 = performance.now();
              if (writer) {
                // Sent at once, in the order recorded: the progress committed never runs ahead of the rows.
                await writer.send(store.loadOps(slice, rangesText(all)));
                timings.writeWaitMs += performance.now() - w0;
                written += slice.length;
                continue;
              }
              const did = store.writeInterval(slice, lower, upper, rangesText(all), !bulk);
              timings.writeMs += performance.now() - w0;
              written += did.written;
              deleted += did.removed;
              await yieldTurn();
            }
            received += page.rows.length;
            this.received = received;
            this.runner.report();
            this.runner.checkStopping();
          }
        },
      );
      // A cut pull keeps what had arrived, with where each range stopped: the next sync goes on from there.
      await pulling.catch(async (err: unknown) => {
        await writer?.drain().catch(() => undefined);
        throw err;
      });
      await writer?.drain();
      if (writer) timings.writeMs = writer.busyMs;
      store.endSync(since);
      lap('pullMs');
      this.markLoaded();
    } finally {
      await writer?.close();
      // Stopped (the connection closing): the store builds missing indexes when it opens next (replica-store.ts).
      if (bulk && !this.runner.stopping) await store.buildIndexes();
    }
    // Reached only when the pass ended well (a failure is thrown on from the finally above).
    lap('indexMs');
    const ms = Math.round(performance.now() - started);
    this.lastResult = {
      received,
      written,
      deleted,
      ms,
      timings: { ...timings, writeMs: Math.round(timings.writeMs), writeWaitMs: Math.round(timings.writeWaitMs), rowsMs: Math.round(timings.rowsMs) },
    };
  }
}
