/**
 * The taskbar/dock icon's progress while long work runs. Each piece of work under way reports a fraction (0..1) or
 * 'indeterminate' (an export, a delete: no count ahead of time); the icon shows the least advanced fraction, the
 * indeterminate bar when only work without a fraction runs, and nothing once all has ended.
 * Electron's setProgressBar: a value below 0 removes the bar, above 1 shows it indeterminate.
 */
export type WorkProgress = number | 'indeterminate';

export const NO_PROGRESS = -1;
export const INDETERMINATE_PROGRESS = 2;

export function taskbarProgress(running: Iterable<WorkProgress>): number {
  let least: number | undefined;
  let any = false;
  for (const p of running) {
    any = true;
    if (p !== 'indeterminate' && Number.isFinite(p)) least = Math.min(least ?? 1, Math.max(0, Math.min(1, p)));
  }
  if (!any) return NO_PROGRESS;
  return least ?? INDETERMINATE_PROGRESS;
}

/** A replica's status as progress: a fraction while rows are pulled, indeterminate otherwise; null when it is idle. */
export function syncProgress(status: {
  readonly syncing: boolean;
  readonly progress?: { readonly phase: string; readonly done: number; readonly total: number } | null;
}): WorkProgress | null {
  if (!status.syncing) return null;
  const p = status.progress;
  return p && p.phase === 'pulling' && p.total > 0 ? p.done / p.total : 'indeterminate';
}
