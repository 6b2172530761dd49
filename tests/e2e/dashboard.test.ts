import { beforeEach, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { browserSuite } from '../support/suite.js';
import { DEMO, signIn, toast } from '../support/chromium.js';
import { count } from '../support/sql.js';

async function openDashboard(page: Page, app: BrowserMode): Promise<void> {
  await signIn(page, app.url, DEMO.admin);
  await expect.poll(() => page.url()).toMatch(/\/admin\/dashboard$/);
  await expect(page.getByTestId('stat-totalUsers').locator('.stat-value')).toHaveText(/^[\d,]+$/);
  await expect(page.getByTestId('current-demo-password')).toBeVisible();
}

describe('admin dashboard (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let databaseUrl: string;
  browserSuite((s) => ({ app, browser, databaseUrl } = s));
  // Browser mode keeps one session for all its pages, as the desktop app does for its windows.
  beforeEach(async () => {
    await app.op('auth.signOut');
  });

  it('shows the six figures equal to the database', async () => {
    const page = await browser.newPage();
    await openDashboard(page, app);
    const expected = {
      totalUsers: await count(databaseUrl, 'select count(*) n from profiles'),
      activeCoaches: await count(databaseUrl, 'select count(*) n from coaches where is_active'),
      coachRequests: await count(databaseUrl, 'select count(*) n from coach_requests'),
      feedbackSubmissions: await count(databaseUrl, "select count(*) n from feedback_submissions where status <> 'deleted'"),
      totalInteractions: await count(databaseUrl, 'select count(*) n from coach_interactions'),
      activePrompts: await count(databaseUrl, 'select count(*) n from coach_prompts where is_active'),
    };
    for (const [key, n] of Object.entries(expected)) {
      await expect(page.getByTestId(`stat-${key}`)).toContainText(n.toLocaleString('en-US'));
    }
    await expect(page.getByRole('heading', { name: 'Top Requested Coaches' })).toBeVisible();
    await expect(page.locator('.rank-item')).toHaveCount(5);
    await expect(page.locator('.rank-1')).toHaveCount(1);
    for (const group of ['General actions', 'AI prompt management', 'Privacy and legal']) {
      await expect(page.getByRole('heading', { name: group })).toBeVisible();
    }
    for (const service of ['Database', 'Edge Functions', 'Authentication']) await expect(page.getByText(service, { exact: true })).toBeVisible();
    await expect(page.locator('.activity-list li').first()).toBeVisible();
    await page.close();
  });

  it('validates, saves and reloads the demo password', async () => {
    const page = await browser.newPage();
    await openDashboard(page, app);
    const card = page.getByRole('form', { name: 'Change demo password' });
    await expect(page.getByTestId('current-demo-password')).toHaveText('ReflectDemo');
    await card.getByRole('button', { name: 'Update Password' }).click();
    await expect(card.getByText('Please enter a new password')).toBeVisible();
    await card.getByLabel('New password').fill('  abc  ');
    await card.getByRole('button', { name: 'Update Password' }).click();
    await expect(card.getByText('Password must be at least 6 characters long')).toBeVisible();
    await card.getByRole('button', { name: 'Generate Random' }).click();
    await expect(card.getByLabel('New password')).toHaveValue(/^Reflect[A-Za-z0-9]{4}$/);
    await card.getByLabel('New password').fill('  sunrise-42  ');
    await card.getByRole('button', { name: 'Update Password' }).click();
    await expect(toast(page, 'Demo password updated successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('current-demo-password')).toHaveText('sunrise-42');
    assert(await count(databaseUrl, "select count(*) n from admin_settings where key = 'demo_password' and value = 'sunrise-42'")).toBe(1);
    await page.close();
  });

  it('shows kept data under the offline notice when the backend is stopped, and refuses writes', async () => {
    const page = await browser.newPage();
    await openDashboard(page, app);
    const users = await page.getByTestId('stat-totalUsers').locator('.stat-value').textContent();
    await app.hook('backend-stop');
    try {
      await page.reload();
      await expect(page.getByText(/^Offline: showing data from /)).toBeVisible();
      await expect(page.getByTestId('stat-totalUsers').locator('.stat-value')).toHaveText(users ?? '');
      const card = page.getByRole('form', { name: 'Change demo password' });
      await card.getByLabel('New password').fill('offline-pass');
      await card.getByRole('button', { name: 'Update Password' }).click();
      await expect(toast(page, 'Failed to save new demo password')).toBeVisible();
      await expect(toast(page, 'The backend cannot be reached, so nothing was saved.')).toBeVisible();
    } finally {
      await app.hook('backend-start');
    }
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText(/^Offline: showing data from /)).toHaveCount(0);
    await page.close();
  });
});
