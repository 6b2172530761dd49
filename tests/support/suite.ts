import type { Browser, BrowserContextOptions, Page } from 'playwright';
import { afterAll, beforeAll } from 'vitest';
import type { BrowserMode, BrowserModeOptions } from './browser-mode.js';
import { startBrowserAndChromium } from './browser-and-chromium.js';
import { collectErrors, openAsAdmin } from './chromium.js';

/** What an end-to-end suite works with: one browser mode, one Chromium, and the demo database's address. */
export interface SuiteHandles {
  readonly app: BrowserMode;
  readonly browser: Browser;
  readonly databaseUrl: string;
}

export interface PageSuiteHandles extends SuiteHandles {
  readonly page: Page;
  /** The page's errors and console errors since before it signed in (collectErrors). */
  readonly errors: string[];
}

export interface PageSuiteOptions {
  /** Runs after the backend is up and before the page signs in (seed rows the first screen must show). */
  readonly before?: (handles: SuiteHandles) => Promise<unknown>;
  readonly viewport?: { readonly width: number; readonly height: number };
  /** Options of the page's browser context, e.g. `{ permissions: ['clipboard-read', 'clipboard-write'] }`. */
  readonly context?: BrowserContextOptions;
  readonly browserMode?: BrowserModeOptions;
}

async function start(options?: BrowserModeOptions): Promise<SuiteHandles> {
  const [app, browser] = await startBrowserAndChromium(options);
  const { databaseUrl } = await app.hook<{ databaseUrl: string }>('backend-info');
  return { app, browser, databaseUrl };
}

/**
 * Starts browser mode and Chromium once for the describe block it is called in, hands them to `take`, and
 * stops both after the block. Register further beforeAll hooks after this call: they run once it is up.
 */
export function browserSuite(take: (handles: SuiteHandles) => void, options?: BrowserModeOptions): void {
  let handles: SuiteHandles | undefined;
  beforeAll(async () => {
    handles = await start(options);
    take(handles);
  });
  afterAll(async () => {
    await handles?.browser.close();
    await handles?.app.stop();
  });
}

/**
 * browserSuite plus one page (in a context made with `options.context`) signed in as the demo admin and opened
 * at `path` (e.g. '/admin/imports'): the setup every single-screen suite shares.
 */
export function adminPageSuite(path: string, take: (handles: PageSuiteHandles) => void, options: PageSuiteOptions = {}): void {
  let handles: SuiteHandles | undefined;
  beforeAll(async () => {
    handles = await start(options.browserMode);
    await options.before?.(handles);
    const context = await handles.browser.newContext({ viewport: options.viewport ?? { width: 1300, height: 950 }, ...options.context });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await openAsAdmin(page, handles.app, path);
    take({ ...handles, page, errors });
  });
  afterAll(async () => {
    await handles?.browser.close();
    await handles?.app.stop();
  });
}
