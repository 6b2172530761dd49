import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { startBrowserAndChromium } from '../support/browser-and-chromium.js';
import { DEMO, signIn } from '../support/chromium.js';
import { describeFindings, seriousViolations } from '../support/axe.js';
import { ADMIN_ROUTES } from '../../renderer/lib/route-table.js';
import { unreachableOnTheRight } from '../support/reach.js';

/**
 * Every admin route, built or not, passes axe-core with no serious or critical violation (issue 10). Routes with
 * an id are opened with a real row of the demo database.
 */

async function firstId(databaseUrl: string, sql: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return String((await client.query<{ id: string }>(sql)).rows[0]?.id ?? '00000000-0000-4000-8000-000000000000');
  } finally {
    await client.end();
  }
}

/** Client-side navigation, as the app's own links do: the session and launch token stay with the page. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // Screens settle when their heading is shown and nothing is loading any more (skeletons and spinners mark
  // themselves busy). The app keeps an event stream open, so "network idle" never comes.
  await page
    .waitForFunction(() => document.querySelector('h1') !== null && document.querySelectorAll('[aria-busy="true"], [role="progressbar"]').length === 0, null, {
      timeout: 20_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

describe('accessibility of every admin screen (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let page: Page;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    [app, browser] = await startBrowserAndChromium();
    const { databaseUrl } = await app.hook<{ databaseUrl: string }>('backend-info');
    ids.userId = await firstId(databaseUrl, 'select id from profiles order by created_at limit 1');
    ids.coach = await firstId(databaseUrl, 'select id from coaches order by created_at limit 1');
    ids.product = await firstId(databaseUrl, 'select id from partner_products order by sort_order limit 1');
    ids.feedback = await firstId(databaseUrl, "select id from feedback_submissions where status <> 'deleted' order by created_at limit 1");
    ids.marketing = await firstId(databaseUrl, 'select id from marketing_links order by created_at limit 1');
    page = await browser.newPage();
    await signIn(page, app.url, DEMO.admin);
    await page.waitForURL(/\/admin\/dashboard$/);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const concrete = (path: string): string =>
    path
      .replace(':userId', ids.userId!)
      .replace('banners/:id', 'banners/new')
      .replace('products/edit/:id', `products/edit/${ids.product}`)
      .replace('feedback/:id', `feedback/${ids.feedback}`)
      .replace('marketing-links/:id', `marketing-links/${ids.marketing}`)
      .replace('coaches/:id', `coaches/${ids.coach}`)
      .replace(':type', 'brief');

  async function sweep(): Promise<string> {
    const failures: string[] = [];
    for (const path of [...ADMIN_ROUTES.map((route) => `/admin/${concrete(route.path)}`), '/settings']) {
      await go(page, path);
      const found = await seriousViolations(page);
      if (found.length) failures.push(`${path}\n${describeFindings(found)}`);
    }
    return failures.join('\n\n');
  }

  it('finds no serious or critical violation on any route (light theme, comfortable density)', { timeout: 600_000 }, async () => {
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
      for (const path of [...ADMIN_ROUTES.map((r) => `/admin/${concrete(r.path)}`), '/settings']) {
        await go(page, path);
        const found = await unreachableOnTheRight(page);
        if (found.length) failures.push(`${path}\n  ${found.join('\n  ')}`);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    expect(failures.join('\n')).toBe('');
  });

  it('Settings keeps the navigation, and the audit log filters sit on one baseline', async () => {
    await go(page, '/settings');
    await page.getByRole('navigation', { name: 'Admin navigation' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Users', exact: true }).isVisible()).toBe(true);
    await go(page, '/admin/audit');
    const centres = await page.evaluate(() =>
      [...document.querySelectorAll('.list-toolbar [role="combobox"], .list-toolbar select, .list-toolbar input')].map((c) => {
        const r = c.getBoundingClientRect();
        return Math.round(r.top + r.height / 2);
      }),
    );
    expect(centres.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(2);
  });
});
