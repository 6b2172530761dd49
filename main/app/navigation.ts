import { isAppUrl } from './app-origin.js';

/**
 * Navigation guards (E4 in SECURITY.md): the page never leaves the app origin, never opens a window, never
 * attaches a webview. A link the external allowlist accepts opens in the system browser instead.
 */
export interface NavigationDeps {
  readonly isAllowedExternal: (url: string) => boolean;
  readonly openExternal: (url: string) => Promise<void> | void;
  readonly log?: (line: string) => void;
  /** Opens the privacy preview's own window when a window.open asks for it (preview-window.ts); true if it did. */
  readonly openPreview?: (details: { url: string; frameName?: string }) => boolean;
}

interface PreventableEvent {
  preventDefault(): void;
  readonly url?: string;
}

/** The parts of WebContents the guards use (so tests can pass a fake). */
export interface GuardedContents {
  on(event: 'will-navigate' | 'will-redirect' | 'will-frame-navigate', listener: (event: PreventableEvent, url?: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string; frameName?: string }) => { action: 'deny' }): void;
}

function openIfAllowed(url: string, deps: NavigationDeps): void {
  if (!deps.isAllowedExternal(url)) {
    deps.log?.('Blocked a link outside the app that is not on the allowlist.');
    return;
  }
  Promise.resolve(deps.openExternal(url)).catch(() => deps.log?.('The system browser could not open a link.'));
}

export function createNavigationGuards(deps: NavigationDeps) {
  const urlOf = (event: PreventableEvent, url?: string): string => (typeof event.url === 'string' ? event.url : (url ?? ''));
  return {
    /** will-navigate (main frame): same origin only; an allowed external link goes to the browser. */
    onWillNavigate(event: PreventableEvent, url?: string): void {
      const target = urlOf(event, url);
      if (isAppUrl(target)) return;
      event.preventDefault();
      openIfAllowed(target, deps);
    },
    /** will-redirect and will-frame-navigate (any frame, the main one included): same origin only, nothing opened. */
    denyUnlessApp(event: PreventableEvent, url?: string): void {
      if (!isAppUrl(urlOf(event, url))) event.preventDefault();
    },
    /** window.open and target=_blank: never a new window (the privacy preview's is main's own); allowed links go to the browser. */
    windowOpenHandler(details: { url: string; frameName?: string }): { action: 'deny' } {
      if (deps.openPreview?.(details)) return { action: 'deny' };
      openIfAllowed(details.url, deps);
      return { action: 'deny' };
    },
    onWillAttachWebview(event: PreventableEvent): void {
      event.preventDefault();
    },
  };
}

export function attachNavigationGuards(contents: GuardedContents, deps: NavigationDeps): void {
  const guards = createNavigationGuards(deps);
  contents.on('will-navigate', (e, url) => guards.onWillNavigate(e, url));
  contents.on('will-frame-navigate', (e, url) => guards.denyUnlessApp(e, url));
  contents.on('will-redirect', (e, url) => guards.denyUnlessApp(e, url));
  contents.on('will-attach-webview', (e) => guards.onWillAttachWebview(e));
  contents.setWindowOpenHandler((details) => guards.windowOpenHandler(details));
}
