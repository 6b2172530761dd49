/**
 * Long work in main (issue 28 §3): where it is known to start, progress and end (the long operations' calls, the
 * replicas' sync events, the speech generator's progress events), told to the desktop shell: an OS notification
 * when work finishes while the window is in the background, and the taskbar/dock icon's progress meanwhile.
 * What to tell is decided by the rules of shared/rules/long-work; the shell only shows it (main/app/long-work-shell.ts).
 */
import type { Result } from '../../shared/contract/result.js';
import { createFirstSyncWatch, finishedOperation, isLongOperation, type FinishedWork } from '../../shared/rules/long-work/finished.js';
import { noticeFor, type WorkNotice } from '../../shared/rules/long-work/notice.js';
import { NO_PROGRESS, syncProgress, taskbarProgress, type WorkProgress } from '../../shared/rules/long-work/progress.js';
import type { EventBus } from './events.js';
import type { SaveTarget } from '../files/save-target.js';

/** What the desktop shell does for long work; browser mode has none (its page notifies, and has no taskbar icon). */
export interface LongWorkShell {
  /** The window is in front: focused, not minimised. */
  windowFocused(): boolean;
  notify(notice: WorkNotice): void;
  /** Electron's setProgressBar value: 0..1, above 1 indeterminate, below 0 none. */
  setProgress(value: number): void;
}

/** The router as far as long work needs it (main/api/router.ts's Router). */
export interface Caller {
  call(name: string, input: unknown, options?: unknown): Promise<Result<unknown>>;
}

export interface LongWork {
  /** The router, its long operations followed from call to answer. */
  follow(router: Caller): Caller;
  /**
   * A save target whose question (the native save dialog) hides the bar of the calls running meanwhile: an export
   * asks where to write before it works, and an indeterminate bar under an open dialog says work runs when none does.
   */
  asking(target: SaveTarget): SaveTarget;
  dispose(): void;
}

export function watchLongWork(events: Pick<EventBus, 'subscribe'>, shell: LongWorkShell): LongWork {
  const running = new Map<string, WorkProgress>();
  const firstSync = { 'users-sync': createFirstSyncWatch('users'), 'analytics-sync': createFirstSyncWatch('analytics') };
  let shown = NO_PROGRESS;
  let calls = 0;
  let questions = 0;

  const show = () => {
    const value = taskbarProgress([...running].filter(([key]) => questions === 0 || !key.startsWith('call:')).map(([, p]) => p));
    if (value === shown) return;
    shown = value;
    shell.setProgress(value);
  };
  const finished = (work: FinishedWork | null) => {
    const notice = noticeFor(work, shell.windowFocused());
    if (notice) shell.notify(notice);
  };

  const unsubscribe = events.subscribe((event) => {
    if (event.type === 'users-sync' || event.type === 'analytics-sync') {
      const progress = syncProgress(event.status);
      if (progress === null) running.delete(event.type);
      else running.set(event.type, progress);
      show();
      finished(firstSync[event.type](event.status));
    } else if (event.type === 'tts-progress') {
      // Only while its generate call runs: a late event must not bring back a bar that ended.
      const key = `tts:${event.jobId}`;
      if (running.has(key)) {
        running.set(key, event.total > 0 ? event.chunk / event.total : 'indeterminate');
        show();
      }
    }
  });

  return {
    follow(router) {
      const call = async (name: string, input: unknown, options?: unknown) => {
        if (!isLongOperation(name)) return router.call(name, input, options);
        const jobId = name === 'tts.generate' && input && typeof input === 'object' ? (input as { jobId?: unknown }).jobId : undefined;
        const key = typeof jobId === 'string' ? `tts:${jobId}` : `call:${++calls}`;
        running.set(key, 'indeterminate');
        show();
        let result: Result<unknown> | undefined;
        try {
          result = await router.call(name, input, options);
          return result;
        } finally {
          running.delete(key);
          show();
          if (result?.ok) finished(finishedOperation(name, result.data));
        }
      };
      return { call };
    },
    asking(target) {
      return {
        async choose(request) {
          questions++;
          show();
          try {
            return await target.choose(request);
          } finally {
            questions--;
            show();
          }
        },
      };
    },
    dispose: unsubscribe,
  };
}
