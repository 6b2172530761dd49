import { describe, expect, it } from 'vitest';
import { createFirstSyncWatch, finishedOperation } from '../../shared/rules/long-work/finished.js';
import { noticeFor, workNotice } from '../../shared/rules/long-work/notice.js';
import { INDETERMINATE_PROGRESS, NO_PROGRESS, syncProgress, taskbarProgress } from '../../shared/rules/long-work/progress.js';
import { watchLongWork, type LongWorkShell } from '../../main/core/long-work.js';
import { createEventBus } from '../../main/core/events.js';
import type { WorkNotice } from '../../shared/rules/long-work/notice.js';
import type { Result } from '../../shared/contract/result.js';

const saved = (count: number) => ({ outcome: 'saved', count, path: '/x/users.csv', fileName: 'users.csv', file: { folder: '/x', token: null } });

describe('what finished (shared/rules/long-work)', () => {
  it('reads a long operation’s answer: exports that saved, speech, a permanent delete that removed rows', () => {
    expect(finishedOperation('users.exportCsv', saved(100_002))).toEqual({ kind: 'export', what: 'users', count: 100_002 });
    expect(finishedOperation('audit.exportCsv', saved(3))).toEqual({ kind: 'export', what: 'audit', count: 3 });
    expect(finishedOperation('tts.generate', { jobId: 'j', durationSeconds: 187, chunks: 4 })).toEqual({ kind: 'speech', seconds: 187 });
    expect(finishedOperation('feedback.deleteForever', { deleted: 12, skipped: 1 })).toEqual({ kind: 'permanent-delete', count: 12 });
  });

  it('says nothing for a cancelled or empty export, a delete that removed nothing, or any other operation', () => {
    expect(finishedOperation('users.exportCsv', { outcome: 'cancelled' })).toBeNull();
    expect(finishedOperation('feedback.exportCsv', { outcome: 'empty' })).toBeNull();
    expect(finishedOperation('feedback.deleteForever', { deleted: 0, skipped: 3 })).toBeNull();
    expect(finishedOperation('users.page', saved(5))).toBeNull();
    expect(finishedOperation('toString', saved(5))).toBeNull();
  });

  it('words each notice with the figure (shared number format and plural rule) and the screen it came from', () => {
    expect(workNotice({ kind: 'export', what: 'users', count: 100_002 })).toEqual({
      title: 'Export complete',
      body: 'Exported 100,002 users',
      route: '/admin/users',
    });
    expect(workNotice({ kind: 'export', what: 'users', count: 1 }).body).toBe('Exported 1 user');
    expect(workNotice({ kind: 'export', what: 'audit', count: 1 }).body).toBe('Exported 1 audit log entry');
    expect(workNotice({ kind: 'export', what: 'feedback', count: 2 })).toMatchObject({ body: 'Exported 2 feedback items', route: '/admin/feedback' });
    expect(workNotice({ kind: 'export', what: 'campaigns', count: 0 })).toMatchObject({ body: 'Exported 0 campaigns', route: '/admin/campaign-analytics' });
    expect(workNotice({ kind: 'first-sync', replica: 'users', count: 2500 })).toEqual({
      title: 'Users synced',
      body: 'Synced 2,500 users',
      route: '/admin/users',
    });
    expect(workNotice({ kind: 'first-sync', replica: 'analytics', count: 1_234_567 })).toMatchObject({
      body: 'Synced 1,234,567 rows for analytics',
      route: '/admin/analytics',
    });
    expect(workNotice({ kind: 'speech', seconds: 187 })).toEqual({
      title: 'Speech generated',
      body: 'Generated 3m 7s of speech',
      route: '/admin/tts-generator',
    });
    expect(workNotice({ kind: 'permanent-delete', count: 1 })).toMatchObject({ body: 'Permanently deleted 1 feedback item', route: '/admin/feedback/deleted' });
  });

  it('notifies only when the window is in the background', () => {
    const work = { kind: 'export', what: 'users', count: 4 } as const;
    expect(noticeFor(work, true)).toBeNull();
    expect(noticeFor(work, false)?.body).toBe('Exported 4 users');
    expect(noticeFor(null, false)).toBeNull();
  });

  it('sees a replica’s first sync end, with the rows it brought; not a later sync, not a failed first one', () => {
    const users = createFirstSyncWatch('users');
    expect(users({ lastSyncedAt: null, syncing: true, received: 0 })).toBeNull();
    expect(users({ lastSyncedAt: null, syncing: true, received: 1200 })).toBeNull();
    expect(users({ lastSyncedAt: null, syncing: false, received: null })).toBeNull(); // failed: no sync time
    expect(users({ lastSyncedAt: null, syncing: true, received: 500 })).toBeNull();
    expect(users({ lastSyncedAt: null, syncing: true, received: 2500 })).toBeNull();
    expect(users({ lastSyncedAt: '2026-11-26T10:00:00Z', syncing: false, received: null })).toEqual({ kind: 'first-sync', replica: 'users', count: 2500 });
    expect(users({ lastSyncedAt: '2026-11-26T10:00:00Z', syncing: true, received: 10 })).toBeNull();
    expect(users({ lastSyncedAt: '2026-11-26T10:05:00Z', syncing: false, received: null })).toBeNull();

    const analytics = createFirstSyncWatch('analytics');
    analytics({ lastSyncedAt: null, syncing: true, progress: { phase: 'counting', done: 9, total: 9 } });
    analytics({ lastSyncedAt: null, syncing: true, progress: { phase: 'pulling', done: 40_000, total: 41_000 } });
    analytics({ lastSyncedAt: null, syncing: true, progress: { phase: 'reconciling', done: 12, total: 12 } });
    expect(analytics({ lastSyncedAt: 'now', syncing: false, progress: null })).toEqual({ kind: 'first-sync', replica: 'analytics', count: 40_000 });
  });

  it('shows the least advanced work on the taskbar, indeterminate for work without a fraction, none when idle', () => {
    expect(taskbarProgress([])).toBe(NO_PROGRESS);
    expect(taskbarProgress(['indeterminate'])).toBe(INDETERMINATE_PROGRESS);
    expect(taskbarProgress([0.7, 'indeterminate', 0.25])).toBe(0.25);
    expect(taskbarProgress([1.5])).toBe(1);
    expect(syncProgress({ syncing: false, progress: null })).toBeNull();
    expect(syncProgress({ syncing: true, progress: { phase: 'pulling', done: 25, total: 100 } })).toBe(0.25);
    expect(syncProgress({ syncing: true, progress: { phase: 'counting', done: 1, total: 9 } })).toBe('indeterminate');
    expect(syncProgress({ syncing: true })).toBe('indeterminate');
  });
});

function fakeShell(focused = false) {
  const notices: WorkNotice[] = [];
  const progress: number[] = [];
  const shell: LongWorkShell & { focused: boolean } = {
    focused,
    windowFocused: () => shell.focused,
    notify: (n) => notices.push(n),
    setProgress: (v) => progress.push(v),
  };
  return { shell, notices, progress };
}

function fakeRouter(answers: Record<string, () => Promise<Result<unknown>>>) {
  const calls: string[] = [];
  return {
    calls,
    router: {
      call: async (name: string) => {
        calls.push(name);
        return (answers[name] ?? (async () => ({ ok: true as const, data: {} })))();
      },
    },
  };
}

describe('long work in main (main/core/long-work.ts)', () => {
  it('notifies when an export finishes with the window in the background, not when it is in front', async () => {
    const events = createEventBus();
    const { shell, notices, progress } = fakeShell(false);
    const { router } = fakeRouter({ 'users.exportCsv': async () => ({ ok: true, data: saved(100_002) }) });
    const work = watchLongWork(events, shell);
    const followed = work.follow(router);
    expect(await followed.call('users.exportCsv', {})).toMatchObject({ ok: true, data: { count: 100_002 } });
    expect(notices).toEqual([{ title: 'Export complete', body: 'Exported 100,002 users', route: '/admin/users' }]);
    expect(progress).toEqual([INDETERMINATE_PROGRESS, NO_PROGRESS]);
    shell.focused = true;
    await followed.call('users.exportCsv', {});
    expect(notices).toHaveLength(1);
    work.dispose();
  });

  it('shows no bar for an export while its save dialog is open, and the bar once it writes; a sync keeps its own bar', async () => {
    const events = createEventBus();
    const { shell, progress } = fakeShell(false);
    const work = watchLongWork(events, shell);
    let answer: (path: string | undefined) => void = () => undefined;
    const target = work.asking({ choose: () => new Promise<string | undefined>((resolve) => (answer = resolve)) });
    let chosen: Promise<string | undefined> | undefined;
    let written: () => void = () => undefined;
    const followed = work.follow({
      call: async () => {
        chosen = target.choose({ defaultName: 'users.csv', filters: [] });
        await chosen;
        await new Promise<void>((resolve) => (written = resolve));
        return { ok: true, data: saved(3) };
      },
    });
    const call = followed.call('users.exportCsv', {});
    await Promise.resolve();
    // The question is open: the export's bar is not shown (it was, for a moment, before the dialog opened).
    expect(progress.at(-1)).toBe(NO_PROGRESS);
    events.emit({ type: 'users-sync', status: { lastSyncedAt: null, syncing: true, received: 0 } } as never);
    expect(progress.at(-1)).toBe(INDETERMINATE_PROGRESS);
    events.emit({ type: 'users-sync', status: { lastSyncedAt: 'now', syncing: false, received: null } } as never);
    expect(progress.at(-1)).toBe(NO_PROGRESS);
    answer('/x/users.csv');
    await chosen;
    await Promise.resolve();
    expect(progress.at(-1)).toBe(INDETERMINATE_PROGRESS);
    written();
    await call;
    expect(progress.at(-1)).toBe(NO_PROGRESS);
    work.dispose();
  });

  it('says nothing of a failed or cancelled export, nor of ordinary operations (no progress for them either)', async () => {
    const events = createEventBus();
    const { shell, notices, progress } = fakeShell(false);
    const { router } = fakeRouter({
      'feedback.exportCsv': async () => ({ ok: false, code: 'OFFLINE', message: 'x' }),
      'audit.exportCsv': async () => ({ ok: true, data: { outcome: 'cancelled' } }),
    });
    const followed = watchLongWork(events, shell).follow(router);
    await followed.call('feedback.exportCsv', {});
    await followed.call('audit.exportCsv', {});
    await followed.call('banners.list', {});
    expect(notices).toEqual([]);
    expect(progress).toEqual([INDETERMINATE_PROGRESS, NO_PROGRESS, INDETERMINATE_PROGRESS, NO_PROGRESS]);
  });

  it('ends the taskbar progress even when the call throws', async () => {
    const { shell, progress } = fakeShell(false);
    const followed = watchLongWork(createEventBus(), shell).follow({
      call: async () => {
        throw new Error('boom');
      },
    });
    await expect(followed.call('users.exportCsv', {})).rejects.toThrow('boom');
    expect(progress.at(-1)).toBe(NO_PROGRESS);
  });

  it('follows a speech generation’s chunks on the taskbar and tells its end; a late progress event brings nothing back', async () => {
    const events = createEventBus();
    const { shell, notices, progress } = fakeShell(false);
    let finish!: (r: Result<unknown>) => void;
    const followed = watchLongWork(events, shell).follow({ call: () => new Promise<Result<unknown>>((resolve) => (finish = resolve)) });
    const call = followed.call('tts.generate', { jobId: 'job-1', text: 'hi', voice: 'alloy' });
    events.emit({ type: 'tts-progress', jobId: 'job-1', chunk: 1, total: 4 });
    events.emit({ type: 'tts-progress', jobId: 'job-1', chunk: 3, total: 4 });
    events.emit({ type: 'tts-progress', jobId: 'another', chunk: 1, total: 2 });
    finish({ ok: true, data: { jobId: 'job-1', durationSeconds: 65, chunks: 4 } });
    await call;
    events.emit({ type: 'tts-progress', jobId: 'job-1', chunk: 4, total: 4 });
    expect(progress).toEqual([INDETERMINATE_PROGRESS, 0.25, 0.75, NO_PROGRESS]);
    expect(notices).toEqual([{ title: 'Speech generated', body: 'Generated 1m 5s of speech', route: '/admin/tts-generator' }]);
  });

  it('shows a first sync’s progress from its events and notifies its end in the background; later syncs only show progress', () => {
    const events = createEventBus();
    const { shell, notices, progress } = fakeShell(false);
    const work = watchLongWork(events, shell);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for both replicas' statuses
    const status = (s: object): any => ({ lastSyncedAt: null, syncing: true, lastError: null, received: null, progress: null, ...s });
    events.emit({ type: 'analytics-sync', status: status({ progress: { phase: 'pulling', done: 0, total: 200 } }) });
    events.emit({ type: 'analytics-sync', status: status({ progress: { phase: 'pulling', done: 100, total: 200 } }) });
    events.emit({ type: 'users-sync', status: status({ received: 50 }) });
    events.emit({ type: 'users-sync', status: status({ lastSyncedAt: 't', syncing: false, received: null }) });
    expect(notices).toEqual([{ title: 'Users synced', body: 'Synced 50 users', route: '/admin/users' }]);
    events.emit({ type: 'analytics-sync', status: status({ lastSyncedAt: 't', syncing: false, progress: null }) });
    expect(notices.map((n) => n.body)).toEqual(['Synced 50 users', 'Synced 100 rows for analytics']);
    expect(progress).toEqual([0, 0.5, NO_PROGRESS]);
    events.emit({ type: 'users-sync', status: status({ lastSyncedAt: 't', received: 10 }) });
    events.emit({ type: 'users-sync', status: status({ lastSyncedAt: 't2', syncing: false, received: null }) });
    expect(notices).toHaveLength(2);
    expect(progress.slice(3)).toEqual([INDETERMINATE_PROGRESS, NO_PROGRESS]);
    work.dispose();
    events.emit({ type: 'users-sync', status: status({ received: 1 }) });
    expect(progress).toHaveLength(5);
  });
});
