import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { startBrowserAndChromium } from '../support/browser-and-chromium.js';
import { DEMO, signIn } from '../support/chromium.js';
import { query } from '../support/sql.js';
import { describeFindings, seriousViolations } from '../support/axe.js';
import { ADMIN_ROUTES, type AdminRoute } from '../../renderer/lib/route-table.js';
import { unreachableOnTheRight } from '../support/reach.js';

/**
 * The accessibility sweeps of every admin route (issue 10), in two files that each take half of the routes, so
 * the two e2e workers share the sweep: axe-core with no serious or critical violation in the light theme at
 * comfortable density and in the dark theme at compact density (issue 27), and at 1024x700 nothing off to the
 * right out of reach. Routes with an id are opened with a real row of the demo database.
 */

/** A screen checked by the sweeps: its address, and the name the window's title starts with once it is shown. */
export interface SweptScreen {
  readonly path: string;
  readonly name: string;
}

/** Half of the admin routes (`first` or not), by their order in the route table, so a new route is always swept. */
export function routesOfHalf(first: boolean): readonly AdminRoute[] {
  const middle = Math.ceil(ADMIN_ROUTES.length / 2);
  return first ? ADMIN_ROUTES.slice(0, middle) : ADMIN_ROUTES.slice(middle);
}

async function firstId(databaseUrl: string, sql: string): Promise<string> {
  return String((await query<{ id: string }>(databaseUrl, sql))[0]?.id ?? '00000000-0000-4000-8000-000000000000');
}

/**
 * Client-side navigation, as the app's own links do: the session and launch token stay with the page. A screen
 * has settled when the window's title names it (so the screen before it is gone), its heading is shown, and
 * nothing has been loading (skeletons and buttons mark themselves busy, spinners are `.state-loading`, a
 * progress bar without a value is still working) for 100 ms. The app keeps an event stream open, so "network
 * idle" never comes.
 */
export async function go(page: Page, screen: SweptScreen): Promise<void> {
  await page.evaluate((p) => {
    (window as { settledSince?: number }).settledSince = undefined;
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, screen.path);
  await page
    .waitForFunction(
      (name) => {
        const w = window as { settledSince?: number };
        const loading = document.querySelectorAll('[aria-busy="true"], .state-loading, [role="progressbar"]:not([aria-valuenow])').length > 0;
        if (!document.title.startsWith(name) || document.querySelector('h1') === null || loading) {
          w.settledSince = undefined;
          return false;
        }
        w.settledSince ??= performance.now();
        return performance.now() - w.settledSince >= 100;
      },
      screen.name,
      { timeout: 20_000 },
    )
    .catch(() => undefined);
}

/**
 * Registers the suite's setup and the sweeps over `routes` (and over Settings when `withSettings`): one browser
 * mode, one Chromium, one signed-in page, as every e2e file has.
 */
export function accessibilitySweeps(routes: readonly AdminRoute[], withSettings: boolean): { readonly page: () => Page } {
  let app: BrowserMode;
  let browser: Browser;
  let page: Page;
  let screens: SweptScreen[] = [];
  beforeAll(async () => {
    [app, browser] = await startBrowserAndChromium();
    const { databaseUrl } = await app.hook<{ databaseUrl: string }>('backend-info');
    const ids = {
      userId: await firstId(databaseUrl, 'select id from profiles order by created_at limit 1'),
      coach: await firstId(databaseUrl, 'select id from coaches order by created_at limit 1'),
      product: await firstId(databaseUrl, 'select id from partner_products order by sort_order limit 1'),
      feedback: await firstId(databaseUrl, "select id from feedback_submissions where status <> 'deleted' order by created_at limit 1"),
      marketing: await firstId(databaseUrl, 'select id from marketing_links order by created_at limit 1'),
    };
    const concrete = (path: string): string =>
      path
        .replace(':userId', ids.userId)
        .replace('banners/:id', 'banners/new')
        .replace('products/edit/:id', `products/edit/${ids.product}`)
        .replace('feedback/:id', `feedback/${ids.feedback}`)
        .replace('marketing-links/:id', `marketing-links/${ids.marketing}`)
        .replace('coaches/:id', `coaches/${ids.coach}`)
        .replace(':type', 'brief');
    screens = routes.map((route) => ({ path: `/admin/${concrete(route.path)}`, name: route.nav?.label ?? route.title }));
    if (withSettings) screens.push({ path: '/settings', name: 'Settings' });
    page = await browser.newPage();
    await signIn(page, app.url, DEMO.admin);
    await page.waitForURL(/\/admin\/dashboard$/);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function sweep(): Promise<string> {
    const failures: string[] = [];
    for (const screen of screens) {
      await go(page, screen);
      const found = await seriousViolations(page);
      if (found.length) failures.push(`${screen.path}\n${describeFindings(found)}`);
    }
    return failures.join('\n\n');
  }

  it('finds no serious or critical violation on any route (light theme, comfortable density)', { timeout: 600_000 }, async () => {
    expect(screens.length).toBeGreaterThan(0);
    expect(await sweep()).toBe('');
  });

  // Both themes and both densities (issue 27) in two sweeps rather than four: the other theme with the other
  // density, in the same server and browser. The density is the window's own preference, so a reload applies it.
  it('finds no serious or critical violation on any route (dark theme, compact density)', { timeout: 600_000 }, async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => localStorage.setItem('reflect-admin.density', 'compact'));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.density === 'compact', null, { timeout: 20_000 });
    expect(await sweep()).toBe('');
  });

  it('at 1024x700 no route hides a column or a control off to the right without a way to reach it', { timeout: 600_000 }, async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    const failures: string[] = [];
    try {
      for (const screen of screens) {
        await go(page, screen);
        const found = await unreachableOnTheRight(page);
        if (found.length) failures.push(`${screen.path}\n  ${found.join('\n  ')}`);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    expect(failures.join('\n')).toBe('');
  });

  return { page: () => page };
}
