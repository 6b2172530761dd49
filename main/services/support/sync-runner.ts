/**
 * What the local replicas (the user list's, the analytics') share around their own sync: one run at a time
 * (callers arriving meanwhile share it), their status, its events, the last error and the offline answers. The
 * last sync time and the last error are kept in the replica's meta: a restart, or an offline window, still shows
 * them. A run starts on the next tick, so the sync is already running when the first event reports it.
 */
/** The replica's own bookkeeping, in its meta table. */
export interface SyncMeta {
  meta(key: 'last_synced_at' | 'last_error'): string | null;
  setMeta(key: 'last_error', value: string | null): void;
}

/** What every replica's status says; each adds its own progress (rows received, phases). */
export interface SyncBase {
  readonly lastSyncedAt: string | null;
  readonly syncing: boolean;
  readonly lastError: string | null;
}

export interface SyncRunnerDeps<S extends SyncBase> {
  readonly store: SyncMeta;
  /** The replica's status from the shared part. */
  readonly status: (base: SyncBase) => S;
  /** Told each status worth showing (the replica's event). */
  readonly onStatus: (status: S) => void;
  /** A run ended, before its last status: the replica clears its progress. */
  readonly onEnd?: () => void;
}

/** How long closing a connection waits for its sync to end at a page boundary. */
const STOP_WAIT_MS = 5_000;

/** A sync stopped because its connection is closing: not a failure, so no last error is kept for it. */
export class SyncStopped extends Error {
  constructor() {
    super('The sync was stopped: its connection is closing.');
    this.name = 'SyncStopped';
  }
}

export class SyncRunner<S extends SyncBase> {
  private running: Promise<S> | undefined;
  private stopped = false;

  constructor(private readonly deps: SyncRunnerDeps<S>) {}

  get syncing(): boolean {
    return this.running !== undefined;
  }

  /** The run in progress, if one is. */
  get current(): Promise<S> | undefined {
    return this.running;
  }

  /** Set once the connection closes: a run checks it between pages and ends where it is (resumed next time). */
  get stopping(): boolean {
    return this.stopped;
  }

  /** Throws SyncStopped when the connection is closing; a run calls it between pages. */
  checkStopping(): void {
    if (this.stopped) throw new SyncStopped();
  }

  /**
   * The connection is closing: the run in progress ends at its next page (what arrived is kept with where it
   * stopped) and is waited for, so nothing writes to the replica's file once it closes; no run starts after.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    // A page stalled on a slow link is not waited for past this: quitting stays quick, the run fails on its own.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)));
    await Promise.race([this.running?.catch(() => undefined), waited]);
    clearTimeout(timer);
  }

  status(): S {
    const { store } = this.deps;
    return this.deps.status({ lastSyncedAt: store.meta('last_synced_at'), syncing: this.syncing, lastError: store.meta('last_error') });
  }

  /** Sends the status now (progress). */
  report(): void {
    this.deps.onStatus(this.status());
  }

  /** Runs `job`, or joins the run in progress; resolves with the status after it, rejects with its error. */
  run(job: () => Promise<void>): Promise<S> {
    if (this.running) return this.running;
    if (this.stopped) return Promise.reject(new SyncStopped());
    const run = Promise.resolve()
      .then(job)
      .then(
        () => {
          if (!this.stopped) this.deps.store.setMeta('last_error', null);
          return this.end();
        },
        (err: unknown) => {
          // Stopped, or failing after its connection closed: not the replica's error to keep (its file may be closed).
          if (!this.stopped) this.deps.store.setMeta('last_error', err instanceof Error ? err.message : String(err));
          this.end();
          throw err;
        },
      );
    this.running = run;
    this.report();
    return run;
  }

  /** Offline: `answer()` with the last sync time as its date, or undefined before a first sync. */
  offline<T>(answer: () => T): { data: T; fetchedAt: string } | undefined {
    const fetchedAt = this.deps.store.meta('last_synced_at');
    return fetchedAt ? { data: answer(), fetchedAt } : undefined;
  }

  private end(): S {
    this.running = undefined;
    this.deps.onEnd?.();
    const status = this.status();
    this.deps.onStatus(status);
    return status;
  }
}
