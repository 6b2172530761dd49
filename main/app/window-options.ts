import type { BrowserWindowConstructorOptions } from 'electron';
import type { Rect, SizeLimits } from './window-state.js';

export interface WindowOptionsInput {
  /** Absolute path of the bundled preload (dist/preload/index.cjs). */
  readonly preloadPath: string;
  readonly iconPath?: string;
  /** DevTools: development builds only. */
  readonly devTools?: boolean;
  /** The spellchecker is on where the OS itself checks spelling (macOS); see below. */
  readonly platform?: NodeJS.Platform;
  /** Where the window opens (window-state.ts placeWindow); the default size, centred, when absent. */
  readonly bounds?: Rect;
  /** The page's background in the remembered theme, shown before the first paint (no white flash in dark). */
  readonly backgroundColor?: string;
}

/** The default size and the smallest the window may be made. */
export const WINDOW_SIZE: SizeLimits = { width: 1280, height: 820, minWidth: 960, minHeight: 600 };

export const WINDOW_TITLE = 'Reflect Admin';

/**
 * The main window's options (E1 in SECURITY.md): an isolated, sandboxed renderer with no Node, web security
 * always on, no webview tag. Hidden until 'ready-to-show' so no blank frame flashes.
 *
 * Spellcheck is on only on macOS, whose own spellchecker Chromium uses (the context menu offers its suggestions):
 * on Windows and Linux Chromium would download Hunspell dictionaries from Google's CDN, a network call the
 * administrator did not ask for.
 */
export function createWindowOptions(input: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    title: WINDOW_TITLE,
    width: input.bounds?.width ?? WINDOW_SIZE.width,
    height: input.bounds?.height ?? WINDOW_SIZE.height,
    ...(input.bounds ? { x: input.bounds.x, y: input.bounds.y } : {}),
    minWidth: WINDOW_SIZE.minWidth,
    minHeight: WINDOW_SIZE.minHeight,
    show: false,
    backgroundColor: input.backgroundColor ?? '#ffffff',
    autoHideMenuBar: false,
    ...(input.iconPath ? { icon: input.iconPath } : {}),
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: input.platform === 'darwin',
      devTools: input.devTools === true,
    },
  };
}
