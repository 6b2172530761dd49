import { afterAll, beforeAll, beforeEach, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { startBrowserAndChromium } from '../support/browser-and-chromium.js';
import { DEMO, signIn } from '../support/chromium.js';

const ACCESS_DENIED = "You don't have the required permissions to access this area. Contact an administrator if you believe this is an error.";

describe('sign-in, access guard and sign-out (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await startBrowserAndChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  // Browser mode keeps one session for all its pages, as the desktop app does for its windows.
  beforeEach(async () => {
    await app.op('auth.signOut');
  });

  it('shows the demo accounts on the sign-in screen of the demo profile', async () => {
    const page = await browser.newPage();
    await page.goto(app.url);
    const demo = page.getByRole('complementary', { name: 'Demo accounts' });
    await expect(demo.getByText(DEMO.admin)).toBeVisible();
    await expect(demo.getByText(DEMO.member)).toBeVisible();
    await expect(demo.getByText(DEMO.password)).toBeVisible();
    await page.close();
  });

  it('sends a visitor who is not signed in to /auth', async () => {
    const page = await browser.newPage();
    await page.goto(app.url);
    await page.goto(`${app.origin}/admin/users`);
    await expect.poll(() => page.url()).toMatch(/\/auth$/);
    await page.close();
  });

  it('refuses a wrong password with the server message', async () => {
    const page = await browser.newPage();
    await signIn(page, app.url, DEMO.admin, 'wrong-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
    assert(new URL(page.url()).pathname).toBe('/auth');
    await page.close();
  });

  it('validates the form before asking main', async () => {
    const page = await browser.newPage();
    await signIn(page, app.url, 'not-an-email', 'x');
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
    await page.close();
  });

  it('signs the demo admin in to the admin dashboard', async () => {
    const page = await browser.newPage();
    await signIn(page, app.url, DEMO.admin);
    await expect.poll(() => page.url()).toMatch(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Users' })).toBeVisible();
    await page.close();
  });

  it('sends a signed-in user without a role to /dashboard and denies the admin area', async () => {
    const page = await browser.newPage();
    await signIn(page, app.url, DEMO.member);
    await expect.poll(() => page.url()).toMatch(/\/dashboard$/);
    await expect(page.getByText(`You are signed in as ${DEMO.member}.`)).toBeVisible();
    await page.goto(`${app.origin}/admin/dashboard`);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
    await expect(page.getByText('Required role:')).toContainText('admin');
    await page.close();
  });

  it('signs out, returns to /auth, and signs out the other windows too', async () => {
    const context = await browser.newContext();
    const first = await context.newPage();
    await signIn(first, app.url, DEMO.admin);
    await expect.poll(() => first.url()).toMatch(/\/admin\/dashboard$/);
    // A second window opened at the printed address shares the session main keeps.
    const second = await context.newPage();
    await second.goto(app.url);
    await second.goto(`${app.origin}/admin/dashboard`);
    await expect(second.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await first.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => first.url()).toMatch(/\/auth$/);
    await expect.poll(() => second.url(), { timeout: 10_000 }).toMatch(/\/auth$/);
    await context.close();
  });
});
