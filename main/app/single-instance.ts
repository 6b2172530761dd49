import { deepLinkInArgv, parseDeepLink } from './deep-link.js';

/** The parts of BrowserWindow bringing it forward needs. */
export interface FocusableWindow {
  isMinimized(): boolean;
  restore(): void;
  isVisible(): boolean;
  show(): void;
  focus(): void;
}

/** Brings the window forward on the screen it is on: restored if minimised, shown if hidden, focused. */
export function bringForward(win: FocusableWindow | undefined): void {
  if (!win) return;
  if (win.isMinimized()) win.restore();
  if (!win.isVisible()) win.show();
  win.focus();
}

export interface LinkReceiverDeps {
  /** A route main built from an accepted link (DeepLinkInbox.offer). */
  offer(route: string): void;
  /** Tells the administrator why a link was refused (a message box in the app). */
  refuse(message: string): void;
  bringForward(): void;
}

/**
 * Where reflect-admin:// links arrive: the first launch's command line, a second launch's (Windows, Linux) and
 * macOS's open-url, which may come before the app is ready. Links that arrive before `ready()` wait; each is parsed
 * strictly and either offered or refused, never both.
 */
export function createLinkReceiver(deps: LinkReceiverDeps) {
  let early: string[] | null = [];
  const handle = (raw: string) => {
    const link = parseDeepLink(raw);
    if (link.ok) {
      deps.offer(link.route);
      deps.bringForward();
    } else {
      deps.refuse(link.message);
    }
  };
  return {
    receive(raw: string): void {
      if (early) early.push(raw);
      else handle(raw);
    },
    /** The app is up (services booted, window created): links that waited are handled now, in order. */
    ready(): void {
      const waiting = early ?? [];
      early = null;
      for (const raw of waiting) handle(raw);
    },
  };
}

/**
 * 'second-instance': another launch found this one running and quit; its command line comes here. The window comes
 * forward, and a link on that command line opens (or is refused) in this instance.
 */
export function onSecondInstance(argv: readonly string[], deps: { bringForward(): void; receive(raw: string): void }): void {
  deps.bringForward();
  const link = deepLinkInArgv(argv);
  if (link) deps.receive(link);
}
