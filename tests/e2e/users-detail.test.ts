// /admin/users/{userId} in browser mode: the sections and their display rules, the quick actions, Back, and the
// User Not Found state.
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { startBrowserAndChromium } from '../support/browser-and-chromium.js';
import { toast } from '../support/chromium.js';
import { createAuthUser, createFullUser, type FullUser } from '../fixtures/users-rows.js';
import { connectDb, signInAsAdmin, storageRootOf } from '../fixtures/users-e2e.js';

const SECTIONS = [
  'Quick Actions',
  'User Overview',
  'Subscription & Billing',
  'Usage Statistics',
  'Coach Usage Breakdown',
  'Engagement Metrics',
  'Marketing Attribution',
  'Danger Zone',
];

describe('user detail (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let db: pg.Client;
  let full: FullUser;
  let page: Page;
  beforeAll(async () => {
    [app, browser] = await startBrowserAndChromium();
    db = await connectDb(app);
    full = await createFullUser(db, storageRootOf(app));
  });
  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await app?.stop();
  });
  beforeEach(async () => {
    await app.op('auth.signOut');
    page = await browser.newPage();
    await signInAsAdmin(page, app);
  });

  it('shows every section with the spec display rules', async () => {
    await page.goto(`${app.origin}/admin/users/${full.id}`);
    for (const title of SECTIONS) await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: full.email, level: 1 })).toBeVisible();
    await expect(page.getByTestId('user-id')).toHaveText(full.id.slice(0, 8));
    const subscription = page.getByTestId('user-subscription');
    await expect(subscription.getByText('Past Due', { exact: true })).toHaveClass(/badge-warning/);
    await expect(subscription.getByText('Premium Monthly', { exact: true })).toBeVisible();
    // Payment ids by their first 18 characters, linked to the provider's pages.
    const customer = subscription.getByRole('link', { name: /^Customer cus_FixtureCustomer0123456/ });
    await expect(customer).toHaveText('cus_FixtureCustome');
    await expect(customer).toHaveAttribute('href', 'https://dashboard.stripe.com/customers/cus_FixtureCustomer0123456');
    await expect(subscription.getByRole('link', { name: /^Subscription / })).toHaveAttribute(
      'href',
      'https://dashboard.stripe.com/subscriptions/sub_FixtureSubscription0123',
    );
    const stripe = page.getByRole('link', { name: 'View in Stripe' });
    await expect(stripe).toHaveAttribute('href', 'https://dashboard.stripe.com/customers/cus_FixtureCustomer0123456');
    await expect(stripe).toHaveAttribute('target', '_blank');
    const journal = page.getByTestId('usage-journal');
    await expect(journal).toContainText('Total blocks8');
    await expect(journal).toContainText('Recent blocks3');
    await expect(journal).toContainText('Current streak3 days');
    await expect(journal).toContainText('Longest streak5 days');
    await expect(page.getByTestId('usage-coach')).toContainText('Coach sessions2');
    const coachRow = page.getByTestId('coach-breakdown').locator('tbody tr');
    await expect(coachRow).toHaveCount(1);
    await expect(coachRow.locator('td').nth(0)).toHaveText('2');
    await expect(coachRow.locator('td').nth(1)).toHaveText('3');
    const engagement = page.getByTestId('user-engagement');
    await expect(engagement).toContainText('Engagement score72.5 / 100');
    await expect(engagement).toContainText('Most active dayWednesday');
    await expect(page.getByTestId('user-attribution')).toContainText('fixture_campaign');
    await page.close();
  });

  it('copies the user id and goes back to the list', async () => {
    // A page allowed to read the clipboard, to check what was copied.
    await page.close();
    page = await browser.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    // Still signed in (browser mode keeps one session): the launch address hands this page its token.
    await page.goto(app.url);
    await expect.poll(() => page.url()).toMatch(/\/admin\/dashboard$/);
    await page.goto(`${app.origin}/admin/users/${full.id}`);
    await page.getByRole('button', { name: 'Copy User ID', exact: true }).click();
    await expect(toast(page, 'User ID copied to clipboard')).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(full.id);
    await page.getByTestId('user-overview').getByRole('button', { name: 'Copy user ID' }).click();
    await expect(page.locator('.toast').filter({ hasText: 'User ID copied to clipboard' })).toHaveCount(2);
    await page.getByRole('link', { name: '← Back' }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/users$/);
    await page.close();
  });

  it('offers no payment provider link without a customer id, and says Direct without attribution', async () => {
    const id = await createAuthUser(db, 'plain-user@fixture.test');
    try {
      await page.goto(`${app.origin}/admin/users/${id}`);
      await expect(page.getByRole('heading', { name: 'User Overview' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'View in Stripe' })).toHaveCount(0);
      await expect(page.getByText('No subscription.')).toBeVisible();
      await expect(page.getByTestId('user-attribution')).toHaveText(/^Direct/);
      await expect(page.getByText('No coach sessions yet.')).toBeVisible();
      await expect(page.getByText('No engagement metrics have been calculated for this user yet.')).toBeVisible();
    } finally {
      await db.query('delete from auth.users where id = $1', [id]);
    }
    await page.close();
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-user-id'])('shows User Not Found for %s, with Back to Users', async (id) => {
    await page.goto(`${app.origin}/admin/users/${id}`);
    await expect(page.getByRole('heading', { name: 'User Not Found' })).toBeVisible();
    await expect(page.getByText('The requested user could not be found.', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Users' }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/users$/);
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await page.close();
  });
});
