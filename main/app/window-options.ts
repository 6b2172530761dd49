import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowOptionsInput {
  /** Absolute path of the bundled preload (dist/preload/index.cjs). */
  readonly preloadPath: string;
  readonly iconPath?: string;
  /** DevTools: development builds only. */
  readonly devTools?: boolean;
  /** The spellchecker is on where the OS itself checks spelling (macOS); see below. */
  readonly platform?: NodeJS.Platform;
}

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
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 600,
    show: false,
    backgroundColor: '#ffffff',
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
