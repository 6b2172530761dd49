// Both analytics screens in browser mode: their figures against the database, their controls (range, toggles,
// the month slider by keyboard, Refresh), web analytics in its three states, the error messages, and the offline
// state (backend stopped: figures from the replica, for ranges never viewed online, under the notice).
import { beforeAll, beforeEach, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import pg from 'pg';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { browserSuite } from '../support/suite.js';
import { collectErrors, DEMO, signIn, toast } from '../support/chromium.js';
import { expectedActivity, expectedAnalytics } from '../integration/analytics-ground-truth.js';
import type { SharedBackend } from '../integration/global-setup.js';
import { monthKeyOf, monthLabel } from '../../shared/rules/analytics/range.js';
import { formatDateTime } from '../../shared/rules/common/format.js';
import { chooseOption, expectChosen } from '../support/choose-option.js';

async function query<T extends pg.QueryResultRow>(databaseUrl: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

const n = (v: number) => v.toLocaleString('en-US');
const card = (page: Page, id: string) => page.getByTestId(`analytics-card-${id}`).locator('.stat-value');

/** Every chart text (axis labels, titles) that is not wholly inside both its svg and its card: clipped or spilling. */
function clippedChartText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const inside = (a: DOMRect, b: DOMRect) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
    const out: string[] = [];
    for (const card of document.querySelectorAll('.chart-card')) {
      const cardBox = card.getBoundingClientRect();
      for (const text of card.querySelectorAll('svg text')) {
        const box = text.getBoundingClientRect();
        if (box.width === 0 || !text.textContent) continue;
        const svgBox = text.closest('svg')!.getBoundingClientRect();
        if (!inside(box, cardBox) || !inside(box, svgBox)) out.push(`${card.querySelector('.card-title')?.textContent}: "${text.textContent}"`);
      }
    }
    return out;
  });
}

/** Chart titles that take more than one line. */
function wrappedChartTitles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.chart-card .card-title')]
      .filter((t) => t.getBoundingClientRect().height > parseFloat(getComputedStyle(t).lineHeight) * 1.5)
      .map((t) => t.textContent ?? ''),
  );
}

/**
 * Chart cards whose "Show as table" button is not beside the title's first line (pushed under it), or whose title
 * is cut short (an ellipsis) to keep it there.
 */
function tableButtonsOffTitleLine(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const card of document.querySelectorAll('.chart-card')) {
      const title = card.querySelector<HTMLElement>('.card-title');
      const button = card.querySelector('.chart-table-toggle');
      if (!title || !button) continue;
      const t = title.getBoundingClientRect();
      const firstLineBottom = t.top + parseFloat(getComputedStyle(title).lineHeight);
      if (button.getBoundingClientRect().top >= firstLineBottom) out.push(`${title.textContent}: button below the title`);
      if (title.scrollWidth > title.clientWidth + 1) out.push(`${title.textContent}: title cut short`);
    }
    return out;
  });
}

/** Tick labels of count axes (every chart's left axis but revenue's) that are not whole numbers. */
function fractionalCountTicks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const card of document.querySelectorAll('.chart-card')) {
      for (const tick of card.querySelectorAll('svg g > g > text')) {
        const t = (tick.textContent ?? '').trim();
        if (/^[\d,.]+$/.test(t) && !/^\d{1,3}(,\d{3})*$/.test(t)) out.push(`${card.querySelector('.card-title')?.textContent}: ${t}`);
      }
    }
    return out;
  });
}

describe('analytics screens (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let databaseUrl: string;
  let adminId: string;
  const db = () => ({ databaseUrl }) as SharedBackend;

  async function open(page: Page, path: '/admin/analytics' | '/admin/user-activity'): Promise<void> {
    await signIn(page, app.url, DEMO.admin);
    await expect.poll(() => page.url()).toMatch(/\/admin\/dashboard$/);
    await page
      .getByRole('navigation', { name: 'Admin navigation' })
      .getByRole('link', { name: path.endsWith('analytics') ? 'Analytics' : 'User Activity', exact: true })
      .click();
    await expect.poll(() => page.url()).toMatch(new RegExp(`${path}$`));
  }

  browserSuite((s) => ({ app, browser, databaseUrl } = s));
  beforeAll(async () => {
    adminId = (await query<{ id: string }>(databaseUrl, "select id from auth.users where email = 'admin@reflect.local'"))[0]!.id;
  });
  beforeEach(async () => {
    await app.op('auth.signOut');
  });

  it('shows the error messages when the data cannot be loaded (backend stopped before any sync)', async () => {
    const page = await browser.newPage();
    await signIn(page, app.url, DEMO.admin);
    await expect.poll(() => page.url()).toMatch(/\/admin\/dashboard$/);
    await app.hook('backend-stop');
    try {
      await page.getByRole('link', { name: 'Analytics', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: /^Error loading analytics data: The backend cannot be reached/ })).toBeVisible();
      await page.getByRole('link', { name: 'User Activity', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: /^Error loading user activity data: The backend cannot be reached/ })).toBeVisible();
      await expect(page.getByText('Failed to load Google Analytics data')).toBeVisible();
    } finally {
      await app.hook('backend-start');
      databaseUrl = (await app.hook<{ databaseUrl: string }>('backend-info')).databaseUrl;
    }
    await page.close();
  });

  it('User Analytics: cards, blocks and charts equal the database; range and include-admin change them', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await open(page, '/admin/analytics');
    await expect(card(page, 'totalUsers')).toHaveText(/^[\d,]+$/, { timeout: 60_000 });
    await expect(page.getByTestId('last-synced')).toHaveText(/^Last synced /);

    const at = new Date().toISOString();
    let want = await expectedAnalytics(db(), 30, adminId, at);
    await expect(card(page, 'totalUsers')).toHaveText(n(want.cards.totalUsers));
    await expect(card(page, 'aiInteractions')).toHaveText(n(want.cards.aiInteractions));
    await expect(card(page, 'contentCreated')).toHaveText(n(want.cards.contentCreated));
    await expect(card(page, 'averageDailyActiveUsers')).toHaveText(
      want.cards.averageDailyActiveUsers.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    );
    await expect(page.getByTestId('meditation-sessions')).toHaveText(n(want.meditation.sessions));
    await expect(page.getByTestId('meditation-listened')).toHaveText(n(want.meditation.minutesListened));
    await expect(page.getByTestId('subscriptions-active')).toHaveText(n(want.subscriptions.active));
    await expect(page.getByTestId('subscriptions-conversion')).toHaveText(`${want.subscriptions.conversionRate}%`);
    for (const title of ['User Growth', 'Daily Active Users', 'Content Creation', 'Totals', 'AI Usage', 'Coach Popularity', 'Panel Combinations']) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    for (const id of ['chart-user-growth', 'chart-daily-active', 'chart-content', 'chart-totals', 'chart-ai-usage']) {
      await expect(page.getByTestId(id).locator('svg').first()).toBeVisible();
    }
    // Rankings are ranked bars with their labels whole, not a donut of ten slices or an axis that cuts names.
    for (const id of ['chart-coach-popularity', 'chart-panel-combinations']) {
      await expect(page.getByTestId(id).locator('.ranked-bars li').first()).toBeVisible();
    }
    const top = want.coachPopularity[0]!;
    await expect(page.getByTestId('chart-coach-popularity').locator('tbody tr').first()).toHaveText(`${top.name}${n(top.sessions)}`);
    await expect(page.getByTestId('chart-coach-popularity').locator('tbody tr')).toHaveCount(want.coachPopularity.length);

    await chooseOption(page.getByLabel('Time range'), 'Last 7 days');
    want = await expectedAnalytics(db(), 7, adminId, at);
    await expect(card(page, 'aiInteractions')).toHaveText(n(want.cards.aiInteractions));
    await expect(page.getByTestId('chart-daily-active').locator('tbody tr')).toHaveCount(7);
    // The period is in the address (issue 28): a reload shows it again, Back returns to the previous one.
    await expect.poll(() => new URL(page.url()).searchParams.get('days')).toBe('7');
    await page.reload();
    await expectChosen(page.getByLabel('Time range'), '7');
    await expect(page.getByTestId('chart-daily-active').locator('tbody tr')).toHaveCount(7);
    await page.goBack();
    await expectChosen(page.getByLabel('Time range'), '30');
    await page.goForward();
    await expectChosen(page.getByLabel('Time range'), '7');

    await chooseOption(page.getByLabel('Time range'), 'All time');
    await page.getByRole('switch', { name: 'Include admin data' }).click();
    want = await expectedAnalytics(db(), 0, null, at);
    await expect(card(page, 'totalUsers')).toHaveText(n(want.cards.totalUsers));
    await expect(card(page, 'contentCreated')).toHaveText(n(want.cards.contentCreated));
    await expect(page.getByTestId('chart-daily-active').locator('tbody tr')).toHaveCount(30);

    // Refresh: a new row on the server appears after it, with the time of the sync.
    await query(databaseUrl, "insert into public.goals (user_id, title) values ($1, 'e2e refresh goal')", [adminId]);
    try {
      const clicked = new Date();
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(toast(page, 'Analytics data is up to date')).toBeVisible({ timeout: 30_000 });
      want = await expectedAnalytics(db(), 0, null, new Date().toISOString());
      await expect(card(page, 'contentCreated')).toHaveText(n(want.cards.contentCreated));
      // The time of this sync, to the minute it shows (the same text as before when both fall in one minute).
      const minutes = [clicked, new Date()].map((d) => `Last synced ${formatDateTime(d)}`);
      assert(minutes).toContain(await page.getByTestId('last-synced').textContent());
    } finally {
      await query(databaseUrl, "delete from public.goals where title = 'e2e refresh goal'");
    }
    assert(errors).toEqual([]);
    await page.close();
  });

  it(
    'charts read: no label clipped by its card, table buttons beside their titles, whole-number count ticks, tooltips name the day, today marked',
    { timeout: 240_000 },
    async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await open(page, '/admin/analytics');
      const chart = page.getByTestId('chart-daily-active');
      await expect(chart.locator('svg').first()).toBeVisible({ timeout: 60_000 });
      const nav = (name: string) => page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name, exact: true }).click();
      const check = async (where: string) => {
        assert(await clippedChartText(page), where).toEqual([]);
        assert(await wrappedChartTitles(page), where).toEqual([]);
        assert(await tableButtonsOffTitleLine(page), where).toEqual([]);
        assert(await fractionalCountTicks(page), where).toEqual([]);
      };

      // Today is still in progress: the table says so and the legend explains the dashed segment.
      const today = new Date().toISOString().slice(0, 10);
      await expect(chart.locator('tbody tr').last().locator('td').first()).toHaveText(`${today} (so far)`);
      await expect(chart.locator('.chart-legend')).toContainText('Today (so far)');
      // The tooltip of a day names the day as well as the value.
      const box = (await chart.locator('svg').first().boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await expect(page.locator('.chart-tooltip-title')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}$/);
      await expect(page.locator('.chart-tooltip-row')).toHaveText(/^Active users[\d,]+$/);
      await page.mouse.move(0, 0);

      await check('User Analytics at 1440x900');
      await nav('Campaign Analytics');
      await expect(page.getByTestId('campaign-chart').locator('svg').first()).toBeVisible({ timeout: 30_000 });
      await check('Campaign Analytics at 1440x900');
      await page.setViewportSize({ width: 1024, height: 700 });
      await page.waitForTimeout(300);
      await check('Campaign Analytics at 1024x700');
      await nav('Analytics');
      await expect(chart.locator('svg').first()).toBeVisible({ timeout: 30_000 });
      await check('User Analytics at 1024x700');
      await nav('User Activity');
      await expect(page.getByTestId('chart-engagement').locator('svg').first()).toBeVisible({ timeout: 30_000 });
      await check('User Activity at 1024x700');
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.waitForTimeout(300);
      await check('User Activity at 1440x900');
      await page.close();
    },
  );

  it('User Activity: the month slider (by keyboard) and the admin-muted toggle; empty months; web analytics', async () => {
    const page = await browser.newPage();
    await open(page, '/admin/user-activity');
    await expect(card(page, 'totalUsers')).toHaveText(/^[\d,]+$/, { timeout: 60_000 });
    const now = new Date().toISOString();
    const current = monthKeyOf(Date.now());
    await expect(page.getByTestId('month-range-start')).toHaveText('June 2024');
    await expect(page.getByTestId('month-range-end')).toHaveText(monthLabel(current));

    let want = await expectedActivity(db(), {}, adminId, now);
    await expect(card(page, 'totalUsers')).toHaveText(n(want.summary.totalUsers));
    await expect(card(page, 'activeUsers')).toHaveText(n(want.summary.activeUsers));
    await expect(card(page, 'averageEngagementScore')).toHaveText(`${want.summary.averageEngagementScore.toFixed(1)} / 100`);
    for (const p of want.growthPhases) {
      await expect(
        page
          .getByTestId('chart-growth-phases')
          .locator('tbody tr')
          .filter({ hasText: new RegExp(`^${p.phase}`, 'i') }),
      ).toContainText(n(p.users));
    }
    for (const b of want.engagementHistogram) {
      await expect(
        page
          .getByTestId('chart-engagement')
          .locator('tbody tr')
          .filter({ hasText: new RegExp(`^${b.bucket}`) }),
      ).toHaveText(`${b.bucket}${n(b.users)}`);
    }

    await page.getByRole('switch', { name: 'Mute admin activity' }).click();
    want = await expectedActivity(db(), {}, null, now);
    await expect(card(page, 'totalUsers')).toHaveText(n(want.summary.totalUsers));

    // Keyboard: the start thumb to the last month (End), then one month back (Left).
    const start = page.getByRole('slider', { name: 'Start month' });
    await start.focus();
    await page.keyboard.press('End');
    await expect(page.getByTestId('month-range-start')).toHaveText(monthLabel(current));
    want = await expectedActivity(db(), { startMonth: current, endMonth: current }, null, now);
    await expect(card(page, 'totalUsers')).toHaveText(n(want.summary.totalUsers));
    await page.keyboard.press('ArrowLeft');
    const previous = monthKeyOf(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1));
    await expect(page.getByTestId('month-range-start')).toHaveText(monthLabel(previous));
    await expect(start).toHaveAttribute('aria-valuetext', monthLabel(previous));

    // June 2024 alone: no metrics were created then.
    await page.keyboard.press('Home');
    const end = page.getByRole('slider', { name: 'End month' });
    await end.focus();
    await page.keyboard.press('Home');
    await expect(page.getByTestId('month-range-end')).toHaveText('June 2024');
    await expect(page.getByText('No user activity data available')).toBeVisible();

    // Web analytics: the demo figures, then the not-configured notice, then the failure message.
    await expect(card(page, 'webSessions')).toHaveText(/^[\d,]+$/);
    await expect(page.getByTestId('chart-top-pages').locator('tbody tr').first()).toContainText('/');
    try {
      await query(databaseUrl, "insert into public.admin_settings (key, value) values ('web_analytics_mode', 'not_configured')");
      await page.reload();
      await expect(page.getByTestId('web-analytics-not-configured')).toHaveText('Google Analytics is not configured');
      await query(databaseUrl, "update public.admin_settings set value = 'failing' where key = 'web_analytics_mode'");
      await page.reload();
      await expect(page.getByRole('alert').filter({ hasText: 'Failed to load Google Analytics data' })).toBeVisible();
    } finally {
      await query(databaseUrl, "delete from public.admin_settings where key = 'web_analytics_mode'");
    }
    await page.close();
  });

  it('works offline from the replica: any range under the notice, and Refresh fails with a message', async () => {
    const page = await browser.newPage();
    await open(page, '/admin/analytics');
    await expect(card(page, 'totalUsers')).toHaveText(/^[\d,]+$/, { timeout: 60_000 });
    // Up to date with the server first (earlier tests changed rows since the last sync).
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(toast(page, 'Analytics data is up to date')).toBeVisible({ timeout: 30_000 });
    const at = new Date().toISOString();
    const want90 = await expectedAnalytics(db(), 90, adminId, at);
    await app.hook('backend-stop');
    try {
      await page.reload();
      await expect(page.getByText(/^Offline: showing data from /).first()).toBeVisible();
      // 90 days was never viewed online: it is computed from the replica.
      await chooseOption(page.getByLabel('Time range'), 'Last 90 days');
      await expect(card(page, 'contentCreated')).toHaveText(n(want90.cards.contentCreated));
      await expect(card(page, 'totalUsers')).toHaveText(n(want90.cards.totalUsers));
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(toast(page, 'Could not refresh the analytics data')).toBeVisible();

      await page.getByRole('link', { name: 'User Activity', exact: true }).click();
      await expect(page.getByText(/^Offline: showing data from /).first()).toBeVisible();
      await expect(card(page, 'totalUsers')).toHaveText(/^[\d,]+$/);
    } finally {
      await app.hook('backend-start');
      databaseUrl = (await app.hook<{ databaseUrl: string }>('backend-info')).databaseUrl;
    }
    await page.reload();
    await expect(card(page, 'totalUsers')).toHaveText(/^[\d,]+$/, { timeout: 60_000 });
    await expect(page.getByText(/^Offline: showing data from /)).toHaveCount(0);
    await page.close();
  });
});
