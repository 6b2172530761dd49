import { beforeEach, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { browserSuite } from '../support/suite.js';
import { DEMO, signIn, toast } from '../support/chromium.js';
import { count, query } from '../support/sql.js';
import { STUCK_IMPORT_MINUTES } from '../../shared/rules/imports/stuck.js';
import { expectChosen } from '../support/choose-option.js';

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

  it('links each waiting item to its screen with the filter applied', async () => {
    // One of each, so every item shows whatever the seed holds today; removed afterwards.
    const mark = 'dash27-e2e';
    await query(
      databaseUrl,
      `insert into user_feature_flags (user_id, feature_key, enabled, expires_at, notes)
         select p.id, 'email_campaigns', true, now() + interval '3 days', '${mark}' from profiles p
          where not exists (select 1 from user_feature_flags f where f.user_id = p.id and f.feature_key = 'email_campaigns') order by p.id limit 1;
       insert into admin_notification_logs (notification_type, delivery_status, subject, created_at) values ('system_error', 'failed', '${mark}', now() - interval '1 hour');
       insert into import_jobs (filename, status, started_at) values ('${mark}.csv', 'processing', now() - interval '${STUCK_IMPORT_MINUTES + 5} minutes');
       insert into feedback_submissions (title, status) values ('${mark}', 'new');
       insert into coach_inquiries (full_name, email, status) values ('${mark}', 'dash27@example.com', 'new');
       insert into email_templates (template_name, subject_template, approval_status) values ('${mark}', 'Hi', 'pending')`,
    );
    const page = await browser.newPage();
    try {
      await openDashboard(page, app);
      const waiting = page.getByTestId('waiting-list');
      await expect(waiting.getByRole('link')).toHaveCount(6);
      await expect(page.getByTestId('nothing-waiting')).toHaveCount(0);
      const counted = async (key: string) => Number((await page.getByTestId(`waiting-${key}`).locator('.waiting-count').textContent())?.replace(/\D/g, ''));
      const follow = async (key: string, path: RegExp) => {
        const n = await counted(key);
        assert(n).toBeGreaterThan(0);
        await page.getByTestId(`waiting-${key}`).click();
        await expect.poll(() => page.url()).toMatch(path);
        return n;
      };
      const back = async () => {
        await page.goBack();
        await expect(waiting).toBeVisible();
      };

      let n = await follow('failedDeliveries', /\/admin\/email-management\?status=failed&within=24h$/);
      await expectChosen(page.getByLabel('Filter by status'), 'failed');
      await expectChosen(page.getByLabel('Period'), '24h');
      await expect(page.getByTestId('delivery-count')).toHaveText(new RegExp(` of ${n}$`));
      await expect(page.getByTestId('recent-deliveries').locator('tbody tr')).toHaveCount(Math.min(n, 50));
      await expect(page.getByTestId('recent-deliveries').locator('tbody .badge').filter({ hasNotText: 'failed' })).toHaveCount(0);
      await back();

      n = await follow('newFeedback', /\/admin\/feedback\?status=new$/);
      await expectChosen(page.getByLabel('Filter by status'), 'new');
      await expect(page.getByTestId('column-new')).toBeVisible();
      await expect(page.getByTestId('column-reviewed')).toHaveCount(0);
      await expect(page.getByTestId('board-count')).toHaveText(new RegExp(`^Showing ${n.toLocaleString('en-US')} of`));
      await back();

      n = await follow('newCoachInquiries', /\/admin\/coach-inquiries\?status=new$/);
      await expectChosen(page.getByLabel('Filter by status'), 'new');
      await expect(page.getByTestId('inquiry-count')).toHaveText(new RegExp(`^Showing ${n} of`));
      await back();

      n = await follow('pendingTemplates', /\/admin\/email-engagement\?tab=templates&approval=pending$/);
      await expect(page.getByRole('tab', { name: 'Email Templates' })).toHaveAttribute('aria-selected', 'true');
      await expectChosen(page.getByLabel('Filter by approval'), 'pending');
      await expect(page.getByTestId('template-count')).toHaveText(new RegExp(`^Showing ${n} of`));
      await expect(page.getByTestId('template-row')).toHaveCount(n);
      await back();

      n = await follow('imports', /\/admin\/imports\?status=attention$/);
      await expectChosen(page.getByLabel('Filter by status'), 'attention');
      await expect(page.getByTestId('import-count')).toHaveText(new RegExp(`^Showing ${n} of`));
      await expect(
        page
          .getByTestId('import-job')
          .filter({ hasText: `${mark}.csv` })
          .getByTestId('import-stuck'),
      ).toBeVisible();
      await back();

      n = await follow('expiringFlags', /\/admin\/feature-flags\?scope=expiring$/);
      await expectChosen(page.getByLabel('Show'), 'expiring');
      await expect(page.getByTestId('flag-count')).toHaveText(new RegExp(`^Showing ${n} of`));
      await expect(page.getByTestId('flag-row')).toHaveCount(n);
    } finally {
      await page.close();
      await query(
        databaseUrl,
        `delete from user_feature_flags where notes = '${mark}';
         delete from admin_notification_logs where subject = '${mark}';
         delete from import_jobs where filename = '${mark}.csv';
         delete from feedback_submissions where title = '${mark}';
         delete from coach_inquiries where full_name = '${mark}';
         delete from email_templates where template_name = '${mark}'`,
      );
    }
  });

  it('shows the change against the previous 7 days on the dated stat cards only', async () => {
    const page = await browser.newPage();
    await openDashboard(page, app);
    for (const key of ['totalUsers', 'coachRequests', 'feedbackSubmissions', 'totalInteractions']) {
      await expect(page.getByTestId(`trend-${key}`)).toHaveText(/^[\d,]+ new in the last 7 days( ([+-][\d.,]+%|No change) vs previous 7 days)?$/);
    }
    for (const key of ['activeCoaches', 'activePrompts']) await expect(page.getByTestId(`stat-${key}`).locator('.stat-hint')).toHaveCount(0);
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
