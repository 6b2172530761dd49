import type { BrowserWindowConstructorOptions } from 'electron';
import { PREVIEW_WINDOW_NAME } from '../../shared/rules/privacy/document.js';

export { PREVIEW_WINDOW_NAME };

/**
 * The privacy editor's Preview opens a new window (spec 3): the one window the shell opens besides its own (E4 in
 * SECURITY.md otherwise denies every window.open). The renderer asks with window.open of a data: URL holding the
 * sanitised document under the preview's name; main opens it in a window of its own making, so nothing of the
 * app's window is inherited: sandboxed, no Node, no preload, JavaScript off, and the navigation guards that every
 * WebContents gets keep it where it is. The document carries its own strict CSP (default-src 'none').
 */
const PREFIX = 'data:text/html;charset=utf-8,';
/** A privacy document is a few pages; this bounds what a request can make main hold. */
export const MAX_PREVIEW_URL_LENGTH = 2 * 1024 * 1024;

/** Whether a window.open is the privacy preview's: its name, a data: HTML document, within the bound. */
export function isPreviewRequest(details: { readonly url: string; readonly frameName?: string }): boolean {
  return details.frameName === PREVIEW_WINDOW_NAME && details.url.startsWith(PREFIX) && details.url.length <= MAX_PREVIEW_URL_LENGTH;
}

export function previewWindowOptions(): BrowserWindowConstructorOptions {
  return {
    width: 760,
    height: 820,
    title: 'Privacy Intentions Preview',
    autoHideMenuBar: true,
    webPreferences: {
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      javascript: false,
      webSecurity: true,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: false,
    },
  };
}

/** The parts of BrowserWindow used here (tests pass a fake). */
export interface PreviewWindowLike {
  loadURL(url: string): Promise<void>;
}

/** Opens the preview if this window.open asks for it; answers whether it did (the open itself is always denied). */
export function openPreviewIfAsked(
  details: { readonly url: string; readonly frameName?: string },
  create: (options: BrowserWindowConstructorOptions) => PreviewWindowLike,
): boolean {
  if (!isPreviewRequest(details)) return false;
  // A document that fails to load leaves an empty window, nothing worse; nothing else waits on it.
  create(previewWindowOptions())
    .loadURL(details.url)
    .catch(() => undefined);
  return true;
}
