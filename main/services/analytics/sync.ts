/**
 * One sync of the analytics replica: incremental pulls of every table from its watermark (split into month
 * slices pulled a few at a time, so a first sync of millions of rows keeps the server busy), the small
 * catalogues read whole, then the count reconcile. One run at a time; callers arriving meanwhile share it.
 * Pages travel as the response's JSON bytes into SQLite (json-writers.ts), in the compact form of migration 0094 for
 * the big tables (a row's day and the columns kept, no column names), committed tens of thousands of rows at a time
 * by a writer thread (replica-writer.ts) while the next pages are asked for: at the benchmark's three million rows,
 * parsing in JavaScript, a transaction per page, and requests waiting for SQLite on main's thread were most of the time.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ReplicaStatus, SyncProgress } from '../../../shared/rules/analytics/types.js';
import { monthKeyOf, monthsBetween, monthStartMs, timestampMs } from '../../../shared/rules/analytics/range.js';
import { AppError } from '../../ground/errors.js';
import { isOnline } from '../../core/connectivity.js';
import { countSlice, firstValue, pullAll, pullCompactSlice, pullSlice, type Slice } from './pull.js';
import { reconcileTable } from './reconcile.js';
import { putMetaOn, type Page, type ReplicaStore, type Watermark } from './replica-store.js';
import { SYNC_TABLES, syncTable, type SyncTable } from './tables.js';
import { inPool } from '../support/pool.js';
import { beginBulkLoad, endBulkLoad } from '../../cache/replica-aggregates.js';
import { openReplicaWriter } from './replica-writer.js';
import { SyncRunner } from '../support/sync-runner.js';

/** Rows this close behind the watermark are read again: a transaction may commit after a later one did. */
export const WATERMARK_OVERLAP_MS = 10 * 60_000;
/** A reconcile compares every month at least this often, even when the totals agree. */
export const FULL_RECONCILE_EVERY_MS = 60 * 60_000;
const PARALLEL_REQUESTS = 4;
/**
 * Slices pulled at once. Each slice's pages follow one another (a keyset); across slices they travel together, so
 * a link's round trip is paid once for this many pages.
 */
const PULL_IN_FLIGHT = 12;
/** A table's months are cut into slices of about this many rows (sliceBounds). */
const ROWS_PER_SLICE = 20_000;
/** Pulled rows are written in transactions of about this many (held in memory meanwhile). */
const ROWS_PER_TRANSACTION = 20_000;
const PROGRESS_EVERY_MS = 250;
/** SQLite's page cache while a sync writes (negative: KiB). */
const SYNC_CACHE_KIB = -65_536;

export interface SyncDeps {
  readonly store: ReplicaStore;
  readonly client: () => SupabaseClient;
  readonly onStatus: (status: ReplicaStatus) => void;
  readonly now?: () => number;
}

interface PlannedSlice {
  readonly table: SyncTable;
  readonly slice: Slice;
  readonly index: number;
  /** The table's estimated rows per slice: the order big work starts in, and the progress total. */
  weight: number;
  /** The key of the last row pulled (and written with the batch that recorded it). */
  last?: Watermark;
  /** Every row of the slice has been pulled. */
  done?: boolean;
}

/**
 * The time bounds of a table's pull, from its watermark (less the overlap) or its first row, at every month start
 * up to now; null ends are unbounded. Null when the table is empty.
 */
async function tableBounds(
  db: SupabaseClient,
  store: ReplicaStore,
  table: SyncTable,
  nowMs: number,
): Promise<{ bounds: (string | null)[]; startMs: number } | null> {
  const column = table.watermark!;
  const wm = store.watermark(table);
  let startMs: number | null = wm ? timestampMs(wm.ts) - WATERMARK_OVERLAP_MS : null;
  if (wm && table.trailingMs) startMs = Math.min(startMs!, nowMs - table.trailingMs);
  if (startMs === null) {
    const first = await firstValue(db, table, column);
    if (!first) return null;
    startMs = timestampMs(first);
  }
  const months = monthsBetween(monthKeyOf(startMs), monthKeyOf(Math.max(startMs, nowMs))).slice(1);
  return { bounds: [wm ? new Date(startMs).toISOString() : null, ...months.map((m) => new Date(monthStartMs(m)).toISOString()), null], startMs };
}

/**
 * The slices of a table's pull: each month cut into equal parts so that a slice holds about ROWS_PER_SLICE rows.
 * Each slice is a keyset of its own (its pages depend on its own last key only), so many slices pulled at once
 * keep many pages in flight over a distant link. An unbounded end stays unbounded (its part's time is measured from
 * the first row, or to now).
 */
export function sliceBounds(bounds: readonly (string | null)[], startMs: number, nowMs: number, estimate: number): (string | null)[] {
  const months = bounds.length - 1;
  const parts = Math.max(1, Math.min(31, Math.ceil(estimate / Math.max(1, months) / ROWS_PER_SLICE)));
  const out: (string | null)[] = [];
  for (let i = 0; i < months; i++) {
    const from = bounds[i] ?? null;
    const to = bounds[i + 1] ?? null;
    out.push(from);
    const a = from === null ? startMs : Date.parse(from);
    const b = to === null ? Math.max(a, nowMs) : Date.parse(to);
    for (let k = 1; k < parts && b > a; k++) {
      const at = Math.floor(a + ((b - a) * k) / parts);
      if (at > a && at < b) out.push(new Date(at).toISOString());
    }
  }
  out.push(bounds[months] ?? null);
  // Equal timestamps side by side (a rounded cut on a bound) would make an empty slice. Two nulls are not equal
  // bounds: [null, null] is the one slice of a table whose rows all fall in the current month on a first sync.
  return out.filter((v, i) => i === 0 || v === null || v !== out[i - 1]);
}

interface SavedSlice {
  readonly t: string;
  readonly c: Slice['column'];
  readonly f: string | null;
  readonly to: string | null;
  readonly i: number;
  readonly w: number;
  readonly a?: Watermark;
  readonly d?: 1;
}

const planText = (plans: readonly PlannedSlice[]): string =>
  JSON.stringify(
    plans.map((p): SavedSlice => ({
      t: p.table.name,
      c: p.slice.column,
      f: p.slice.from,
      to: p.slice.to,
      i: p.index,
      w: p.weight,
      a: p.last,
      ...(p.done ? { d: 1 } : {}),
    })),
  );

/** The plan of a pull that was cut (a lost connection, a quit), or null; an unreadable one is dropped. */
function savedPlan(store: ReplicaStore): PlannedSlice[] | null {
  const text = store.meta('pull_plan');
  if (!text) return null;
  try {
    const saved = JSON.parse(text) as SavedSlice[];
    return saved.map((s) => ({
      table: syncTable(s.t),
      slice: { column: s.c, from: s.f, to: s.to },
      index: s.i,
      weight: s.w,
      ...(s.a ? { last: s.a } : {}),
      ...(s.d ? { done: true } : {}),
    }));
  } catch {
    return null;
  }
}

/** Where the last sync's time went (the benchmark prints it). */
export interface SyncTimings {
  readonly countMs: number;
  readonly pullMs: number;
  readonly aggregatesMs: number;
  readonly reconcileMs: number;
  /** The time SQLite spent writing pages and aggregates (on the writer thread, alongside the requests). */
  readonly writeMs: number;
  /** Of pullMs: the time the pull waited for the writer to have room. */
  readonly waitMs: number;
  readonly pages: number;
  readonly bytes: number;
}

export class ReplicaSync {
  lastTimings: SyncTimings | null = null;
  private runningFull = false;
  private progress: SyncProgress | null = null;
  private lastEmit = 0;
  private readonly runner: SyncRunner<ReplicaStatus>;

  constructor(private readonly deps: SyncDeps) {
    this.runner = new SyncRunner({
      store: deps.store,
      status: (base) => ({ lastSyncedAt: base.lastSyncedAt, syncing: base.syncing, progress: this.progress, lastError: base.lastError }),
      onStatus: deps.onStatus,
      onEnd: () => (this.progress = null),
    });
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  status(): ReplicaStatus {
    return this.runner.status();
  }

  get syncing(): boolean {
    return this.runner.syncing;
  }

  /** Offline: the answer from the replica as last synced, or undefined before a first sync. */
  offline<T>(answer: () => T): { data: T; fetchedAt: string } | undefined {
    return this.runner.offline(answer);
  }

  /** The connection is closing: the sync running ends at its next page (its plan kept to resume), and is waited for. */
  stop(): Promise<void> {
    return this.runner.stop();
  }

  /** Progress, sent at most every PROGRESS_EVERY_MS unless forced (a new phase). */
  private report(progress: SyncProgress | null, force = false): void {
    this.progress = progress;
    const t = Date.now();
    if (!force && t - this.lastEmit < PROGRESS_EVERY_MS) return;
    this.lastEmit = t;
    this.runner.report();
  }

  /** Runs `work` with no sync writing (main/services/support/sync-runner.ts). */
  halt<T>(work: () => T | Promise<T>): Promise<T> {
    return this.runner.halt(work);
  }

  /** Runs a sync, or joins the one running (a full one is queued behind a partial one). */
  sync(opts: { readonly full?: boolean } = {}): Promise<ReplicaStatus> {
    const running = this.runner.current;
    if (running) {
      if (!opts.full || this.runningFull) return running;
      return running.catch(() => undefined).then(() => this.sync(opts));
    }
    const lastFull = this.deps.store.meta('last_full_reconcile_at');
    const full = opts.full === true || (lastFull !== null && this.now() - Date.parse(lastFull) > FULL_RECONCILE_EVERY_MS);
    this.runningFull = full;
    // The run's first status (sent as it starts) is the counting phase.
    this.progress = { phase: 'counting', done: 0, total: 0 };
    this.lastEmit = Date.now();
    return this.runner.run(() => this.pullAndReconcile(full));
  }

  private async pullAndReconcile(full: boolean): Promise<void> {
    const { store } = this.deps;
    const db = this.deps.client();
    const startedAt = this.now();
    const firstSync = store.meta('last_synced_at') === null;
    const pulled = SYNC_TABLES.filter((t) => t.watermark !== null);
    let mark = performance.now();
    const timings: Record<keyof SyncTimings, number> = { countMs: 0, pullMs: 0, aggregatesMs: 0, reconcileMs: 0, writeMs: 0, waitMs: 0, pages: 0, bytes: 0 };
    const lap = (name: keyof SyncTimings) => {
      const now = performance.now();
      timings[name] = Math.round(now - mark);
      mark = now;
    };

    // A pull that was cut resumes from its saved plan: finished slices are skipped, the others go on after their last key.
    // Counting is PostgreSQL's estimate (no rows read): exact counts of every slice cost as much server time as
    // the rows themselves, and only the progress bar uses them (the reconcile compares exact totals).
    const plans: PlannedSlice[] = savedPlan(store) ?? [];
    // The replica is as fresh as the start of the pull that made the plan: a resumed one holds pages read then.
    const pullStartedAt = (plans.length > 0 && store.meta('pull_started_at')) || new Date(startedAt).toISOString();
    if (plans.length === 0) {
      let counted = 0;
      // Every table at once: two requests each (its first row, its estimate), a round trip apiece over a link.
      await inPool(pulled, pulled.length, async (t) => {
        const range = await tableBounds(db, store, t, startedAt);
        if (!range) return;
        const estimate = await countSlice(db, t, { column: t.watermark!, from: range.bounds[0] ?? null, to: null }, 'estimated');
        const bounds = sliceBounds(range.bounds, range.startMs, startedAt, estimate);
        const n = bounds.length - 1;
        for (let i = 0; i < n; i++)
          plans.push({ table: t, index: i, weight: estimate / n, slice: { column: t.watermark!, from: bounds[i] ?? null, to: bounds[i + 1] ?? null } });
        this.report({ phase: 'counting', done: ++counted, total: pulled.length });
      });
      store.setMeta('pull_started_at', pullStartedAt);
      store.setMeta('pull_plan', planText(plans));
    }
    lap('countMs');

    // A first sync loads without the aggregate triggers and rebuilds the aggregates once, at the end.
    if (firstSync) beginBulkLoad(store.db);
    const total = Math.round(plans.reduce((n, p) => n + p.weight, 0));
    let done = 0;
    this.report({ phase: 'pulling', done, total }, true);
    // Big slices first, so the longest tables do not start last.
    const work = [...plans].sort((a, b) => b.weight - a.weight);
    // Pages are committed many at a time (a transaction per page rewrites the same b-tree pages over and over),
    // by a writer thread: the requests go on while SQLite writes.
    const writer = await openReplicaWriter(store, SYNC_CACHE_KIB);
    try {
      let pending: Page[] = [];
      let pendingRows = 0;
      // Each batch carries the plan as it stands once its pages were received: the rows and where each slice
      // stopped are committed together, so a resumed pull neither misses nor repeats a page.
      const flush = async () => {
        const batch = pending;
        const progress = planText(plans);
        pending = [];
        pendingRows = 0;
        const t0 = performance.now();
        await writer.write(batch, (on) => putMetaOn(on, 'pull_plan', progress));
        timings.waitMs += performance.now() - t0;
      };
      const pulling = inPool(work, PULL_IN_FLIGHT, async (p) => {
        if (p.done) return;
        // Tables SQL writes come as compact pages (migration 0094); the others through the table API.
        await (p.table.compact ? pullCompactSlice : pullSlice)(
          db,
          p.table,
          p.slice,
          async (page, last) => {
            pending.push({ table: p.table, json: page.json });
            timings.pages++;
            timings.bytes += page.json.length;
            p.last = last;
            done += page.count;
            this.report({ phase: 'pulling', done, total: Math.max(total, done) });
            if ((pendingRows += page.count) >= ROWS_PER_TRANSACTION) await flush();
            this.runner.checkStopping();
          },
          p.last ?? null,
        );
        p.done = true;
      });
      await pulling.catch(async (err: unknown) => {
        // A cut pull keeps what had arrived, with where each slice stopped: the next sync goes on from there.
        await flush()
          .then(() => writer.drain())
          .catch(() => undefined);
        throw err;
      });
      await flush();
      await writer.drain();
      for (const t of pulled) {
        // The newest key of the table is the last key of its latest non-empty slice.
        const latest = plans.filter((p) => p.table === t && p.last).sort((a, b) => b.index - a.index)[0];
        if (latest?.last) store.writePage(t, [], latest.last);
      }
      store.setMeta('pull_plan', null);
      store.setMeta('pull_started_at', null);
      lap('pullMs');
      if (firstSync) await writer.run(endBulkLoad);
      lap('aggregatesMs');
      timings.writeMs = writer.busyMs;
    } finally {
      await writer.close();
    }
    for (const t of SYNC_TABLES.filter((x) => x.watermark === null)) {
      const rows = await pullAll(db, t);
      this.runner.checkStopping();
      store.replaceAll(t, rows);
    }

    const reconciled = SYNC_TABLES.filter((t) => t.reconcile);
    let checked = 0;
    this.report({ phase: 'reconciling', done: 0, total: reconciled.length }, true);
    // The totals are counted side by side (a round trip for all of them over a distant link).
    await inPool(reconciled, PARALLEL_REQUESTS, async (t) => {
      this.runner.checkStopping();
      // Right after a first sync only the totals are compared: the months were all just read.
      await reconcileTable(db, store, t, full && !firstSync, this.now());
      this.report({ phase: 'reconciling', done: ++checked, total: reconciled.length });
    });
    lap('reconcileMs');
    timings.writeMs = Math.round(timings.writeMs);
    timings.waitMs = Math.round(timings.waitMs);
    this.lastTimings = timings;
    if (full || firstSync) store.setMeta('last_full_reconcile_at', pullStartedAt);
    store.setMeta('last_synced_at', pullStartedAt);
  }
}

/** A failed sync as the screens' callers see it. */
export function syncFailure(err: unknown): AppError {
  // A sync shared with another call ran its requests in that call: the lost connection shows here instead.
  if (!isOnline()) return new AppError('OFFLINE', 'The backend cannot be reached.');
  if (err instanceof AppError) return err;
  return new AppError('BACKEND_ERROR', err instanceof Error ? err.message : String(err));
}
