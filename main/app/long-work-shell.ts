import type { LongWorkShell } from '../core/long-work.js';
import type { WorkNotice } from '../../shared/rules/long-work/notice.js';
import { bringForward, type FocusableWindow } from './single-instance.js';

/** The parts of Electron's Notification used here (a fake in the unit tests). */
export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}

export interface NotificationMaker {
  isSupported(): boolean;
  create(options: { title: string; body: string; silent?: boolean }): NotificationLike;
}

/** The parts of BrowserWindow used here. */
export interface ProgressWindow extends FocusableWindow {
  isFocused(): boolean;
  isDestroyed(): boolean;
  setProgressBar(progress: number): void;
}

export interface LongWorkShellDeps {
  readonly notifications: NotificationMaker;
  readonly window: () => ProgressWindow | undefined;
  /** Opens a screen in the window: main's route, taken by the window as an accepted reflect-admin:// link is. */
  readonly openRoute: (route: string) => void;
}

/**
 * The desktop app's side of long work (main/core/long-work.ts decides): the OS notification, whose click brings the
 * window forward (restored if minimised) on the screen the work was started from, and the taskbar/dock progress.
 */
export function createLongWorkShell(deps: LongWorkShellDeps): LongWorkShell {
  // Kept until clicked or replaced: a notification that is collected loses its click handler on some systems.
  const shown = new Set<NotificationLike>();
  const live = () => {
    const win = deps.window();
    return win && !win.isDestroyed() ? win : undefined;
  };
  return {
    windowFocused() {
      const win = live();
      return Boolean(win && win.isFocused() && !win.isMinimized() && win.isVisible());
    },
    notify(notice: WorkNotice) {
      if (!deps.notifications.isSupported()) return;
      const note = deps.notifications.create({ title: notice.title, body: notice.body });
      note.on('click', () => {
        shown.delete(note);
        bringForward(live());
        deps.openRoute(notice.route);
      });
      shown.add(note);
      if (shown.size > 10) shown.delete(shown.values().next().value!);
      note.show();
    },
    setProgress(value: number) {
      live()?.setProgressBar(value);
    },
  };
}
