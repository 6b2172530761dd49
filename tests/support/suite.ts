import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll } from 'vitest';
import type { BrowserMode, BrowserModeOptions } from './browser-mode.js';
import { startBrowserAndChromium } from './browser-and-chromium.js';
import { openAsAdmin } from './chromium.js';

/** What an end-to-end suite works with: one browser mode, one Chromium, and the demo database's address. */
export interface SuiteHandles {
  readonly app: BrowserMode;
  readonly browser: Browser;
  readonly databaseUrl: string;
}

export interface PageSuiteHandles extends SuiteHandles {
  readonly page: Page;
}

export interface PageSuiteOptions {
  /** Runs after the backend is up and before the page signs in (seed rows the first screen must show). */
  readonly before?: (handles: SuiteHandles) => Promise<unknown>;
  readonly viewport?: { readonly width: number; readonly height: number };
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
 * browserSuite plus one page signed in as the demo admin and opened at `path` (e.g. '/admin/imports'): the
 * setup every single-screen suite shares.
 */
export function adminPageSuite(path: string, take: (handles: PageSuiteHandles) => void, options: PageSuiteOptions = {}): void {
  let handles: SuiteHandles | undefined;
  beforeAll(async () => {
    handles = await start(options.browserMode);
    await options.before?.(handles);
    const page = await handles.browser.newPage({ viewport: options.viewport ?? { width: 1300, height: 950 } });
    await openAsAdmin(page, handles.app, path);
    take({ ...handles, page });
  });
  afterAll(async () => {
    await handles?.browser.close();
    await handles?.app.stop();
  });
}
