import type { Browser } from 'playwright';
import { startBrowserMode, type BrowserMode, type BrowserModeOptions } from './browser-mode.js';
import { launchChromium } from './chromium.js';

/**
 * Browser mode and Chromium for one suite, started side by side. If either fails, the other is stopped before
 * the error is thrown: the suite never gets a handle to clean up with.
 */
export async function startBrowserAndChromium(opts?: BrowserModeOptions): Promise<[BrowserMode, Browser]> {
  const [app, browser] = await Promise.allSettled([startBrowserMode(opts), launchChromium()]);
  if (app.status === 'fulfilled' && browser.status === 'fulfilled') return [app.value, browser.value];
  if (app.status === 'fulfilled') await app.value.stop();
  if (browser.status === 'fulfilled') await browser.value.close();
  throw app.status === 'rejected' ? app.reason : (browser as PromiseRejectedResult).reason;
}
