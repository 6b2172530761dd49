import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { browserSuite } from '../support/suite.js';
import { DEMO, signIn } from '../support/chromium.js';
import { describeFindings, seriousViolations } from '../support/axe.js';
import { query } from '../support/sql.js';
import { chooseOption } from '../support/choose-option.js';

describe('recent activity (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let page: Page;
  let databaseUrl: string;
  let memberId = '';
  browserSuite((s) => ({ app, browser, databaseUrl } = s));
  beforeAll(async () => {
    memberId = (await query<{ id: string }>(databaseUrl, 'select id from auth.users where email = $1', [DEMO.member]))[0]!.id;
    // The newest item of all: a coach request of the member, a day ahead.
    await query(
      databaseUrl,
      "insert into coach_requests (user_id, coach_name, message, created_at) values ($1, 'Timeline Coach', 'e2e timeline', now() + interval '1 day')",
      [memberId],
    );
    page = await browser.newPage();
    await signIn(page, app.url, DEMO.admin);
    await expect.poll(() => page.url()).toMatch(/\/admin\/dashboard$/);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Recent Activity', exact: true }).click();
  });
  afterAll(async () => {
    if (databaseUrl) await query(databaseUrl, "delete from coach_requests where message = 'e2e timeline'");
  });

  it('shows the timeline newest first, grouped by day, and loads more as the admin scrolls', async () => {
    const first = page.getByTestId('activity-items').first().locator('li').first();
    await expect(first).toContainText('Asked for a coach: Timeline Coach', { timeout: 30_000 });
    await expect(page.locator('.activity-day h2').first()).toBeVisible();
    const total = Number(
      (
        await query<{ n: string }>(
          databaseUrl,
          'select (select count(*) from profiles) + (select count(*) from blocks) + (select count(*) from coach_requests) n',
        )
      )[0]!.n,
    );
    assert(total).toBeGreaterThan(100);
    const count = () => page.locator('[data-testid="activity-items"] li').count();
    await expect.poll(count).toBeGreaterThanOrEqual(50);
    const before = await count();
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect.poll(count).toBeGreaterThan(before);
    const findings = await seriousViolations(page);
    assert(findings, describeFindings(findings)).toEqual([]);
  });

  it('filters by type', async () => {
    await chooseOption(page.getByLabel('Filter by type'), { value: 'coach_request' });
    const expected = Number((await query<{ n: string }>(databaseUrl, 'select count(*) n from coach_requests'))[0]!.n);
    const items = page.locator('[data-testid="activity-items"] li');
    await expect(items.first()).toContainText('Timeline Coach');
    if (expected <= 50) await expect.poll(() => items.count()).toBe(expected);
    else await expect.poll(() => items.count()).toBeGreaterThanOrEqual(50);
    const badges = await items.locator('.badge').allTextContents();
    assert(new Set(badges)).toEqual(new Set(['Coach requests']));
    const findings = await seriousViolations(page);
    assert(findings, describeFindings(findings)).toEqual([]);
  });

  it("opens the user's detail from an item with the keyboard", async () => {
    const link = page.locator('[data-testid="activity-items"] li').first().getByRole('link');
    await link.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toContain(`/admin/users/${memberId}`);
  });
});
