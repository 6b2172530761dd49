// The runner both replicas sync with (main/services/support/sync-runner.ts): one run at a time, shared by the
// callers arriving meanwhile; its first event already says it is syncing; the last error is kept in the
// replica's meta until a sync succeeds; offline answers carry the last sync time, and none before a first sync.
import { describe, expect, it, vi } from 'vitest';
import { SyncRunner, type SyncBase, type SyncMeta } from '../../main/services/support/sync-runner.js';

interface Status extends SyncBase {
  readonly step: number | null;
}

function setup() {
  const meta = new Map<string, string>();
  const store: SyncMeta = {
    meta: (key) => meta.get(key) ?? null,
    setMeta: (key, value) => (value === null ? meta.delete(key) : meta.set(key, value)),
  };
  const events: Status[] = [];
  let step: number | null = null;
  const runner = new SyncRunner<Status>({
    store,
    status: (base) => ({ ...base, step }),
    onStatus: (s) => events.push(s),
    onEnd: () => (step = null),
  });
  return { meta, runner, events, setStep: (n: number) => (step = n) };
}

describe('the replicas sync runner', () => {
  it('runs one sync at a time, shared by callers, and reports its start, progress and end', async () => {
    const { meta, runner, events, setStep } = setup();
    let runs = 0;
    let finish!: () => void;
    const job = async () => {
      runs++;
      setStep(1);
      runner.report();
      await new Promise<void>((resolve) => (finish = resolve));
      meta.set('last_synced_at', '2026-11-26T09:00:00.000Z');
    };
    const a = runner.run(job);
    const b = runner.run(job);
    expect(b).toBe(a);
    expect(runner.syncing).toBe(true);
    expect(events).toEqual([{ lastSyncedAt: null, syncing: true, lastError: null, step: null }]);
    await new Promise((resolve) => setImmediate(resolve));
    finish();
    const after = await a;
    expect(runs).toBe(1);
    expect(after).toEqual({ lastSyncedAt: '2026-11-26T09:00:00.000Z', syncing: false, lastError: null, step: null });
    expect(events.map((e) => [e.syncing, e.step])).toEqual([
      [true, null],
      [true, 1],
      [false, null],
    ]);
    expect(runner.syncing).toBe(false);
    expect(runner.current).toBeUndefined();
  });

  it('keeps the last error in the meta until a sync succeeds', async () => {
    const { meta, runner, events } = setup();
    await expect(runner.run(async () => Promise.reject(new Error('The server said no')))).rejects.toThrow('The server said no');
    expect(meta.get('last_error')).toBe('The server said no');
    expect(runner.status()).toMatchObject({ syncing: false, lastError: 'The server said no' });
    expect(events.at(-1)).toMatchObject({ syncing: false, lastError: 'The server said no' });
    await runner.run(async () => undefined);
    expect(meta.has('last_error')).toBe(false);
    expect(runner.status().lastError).toBeNull();
  });

  it('answers offline from the replica as last synced, and nothing before a first sync', () => {
    const { meta, runner } = setup();
    expect(runner.offline(() => 'rows')).toBeUndefined();
    meta.set('last_synced_at', '2026-11-26T08:00:00.000Z');
    expect(runner.offline(() => 'rows')).toEqual({ data: 'rows', fetchedAt: '2026-11-26T08:00:00.000Z' });
  });
});

describe('stopping the runner when its connection closes', () => {
  it('waits for the run to end at its next page, keeps no error for it, and starts no run after', async () => {
    const { meta, runner } = setup();
    let pages = 0;
    let release!: () => void;
    const job = async () => {
      for (;;) {
        await new Promise<void>((resolve) => (release = resolve));
        pages++;
        runner.checkStopping();
      }
    };
    const run = runner.run(job);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await new Promise((resolve) => setImmediate(resolve));
    const stopped = runner.stop();
    expect(runner.stopping).toBe(true);
    release();
    await stopped;
    await expect(run).rejects.toThrow('The sync was stopped');
    expect(pages).toBe(2);
    expect(meta.has('last_error')).toBe(false);
    expect(runner.syncing).toBe(false);
    await expect(runner.run(job)).rejects.toThrow('The sync was stopped');
  });

  it('does not wait past its limit (5 s) for a page stalled on the link', async () => {
    const { runner } = setup();
    void runner.run(() => new Promise<void>(() => undefined)).catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let done = false;
      const stopped = runner.stop().then(() => (done = true));
      await vi.advanceTimersByTimeAsync(4_999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await stopped;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
