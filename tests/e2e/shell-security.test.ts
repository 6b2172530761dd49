import { afterAll, beforeAll, beforeEach, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { startBrowserAndChromium } from '../support/browser-and-chromium.js';
import { signIn, toast } from '../support/chromium.js';
import { chooseOption, expectChosen } from '../support/choose-option.js';

describe('the page is locked down (E2, E4 in browser mode) and connections are managed in Settings', () => {
  let app: BrowserMode;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await startBrowserAndChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  beforeEach(async () => {
    await app.op('auth.signOut');
    await app.op('profiles.activate', { id: 'demo' });
  });

  it('blocks an injected inline script and reports a securitypolicyviolation', async () => {
    const page = await browser.newPage();
    await page.goto(app.url);
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    const result = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; violated: string | null }>((resolve) => {
          const w = window as unknown as { injected?: boolean };
          document.addEventListener('securitypolicyviolation', (e) => resolve({ ran: w.injected === true, violated: e.violatedDirective }), { once: true });
          const s = document.createElement('script');
          s.textContent = 'window.injected = true';
          document.body.appendChild(s);
          setTimeout(() => resolve({ ran: w.injected === true, violated: null }), 2000);
        }),
    );
    assert(result).toEqual({ ran: false, violated: 'script-src-elem' });
    await page.close();
  });

  it('serves the app with a strict CSP and no way to be framed', async () => {
    const res = await fetch(app.origin + '/');
    const csp = res.headers.get('content-security-policy') ?? '';
    assert(csp).toContain("default-src 'none'");
    assert(csp).toContain("script-src 'self'");
    assert(csp).toContain("frame-ancestors 'none'");
    assert(csp).not.toMatch(/unsafe-(inline|eval|hashes)/);
    assert(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('adds a Supabase project, tests it, switches to it and back', async () => {
    const page = await browser.newPage();
    await page.goto(app.url);
    await page.getByRole('link', { name: 'Change connection' }).click();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(page.getByText('kept for this session only')).toBeVisible();
    await page.getByRole('button', { name: 'Add a Supabase project' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Staging');
    await page.getByLabel('Project URL').fill('http://abc.supabase.co');
    await page.getByLabel('Anon key').fill('anon-key-for-the-staging-project-0123456789');
    await page.getByLabel('Service-role key').fill('service-key-for-the-staging-project-0123456789');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/Enter the project URL, e\.g\. https:\/\/abcd\.supabase\.co/)).toBeVisible();
    await page.getByLabel('Project URL').fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(toast(page, 'Could not reach http://127.0.0.1:9')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved Staging')).toBeVisible();
    const row = page.locator('.profile-row').filter({ hasText: 'Staging' });
    await row.getByRole('button', { name: 'Use' }).click();
    await expect(row.getByText('Active')).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByText('Connected to Staging')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Demo accounts' })).toHaveCount(0);
    await signIn(page, app.url, 'admin@reflect.local');
    await expect(page.getByRole('alert').filter({ hasText: 'cannot be reached' })).toBeVisible();
    await page.goto(`${app.origin}/settings`);
    await page.locator('.profile-row').filter({ hasText: 'Demo (embedded)' }).getByRole('button', { name: 'Use' }).click();
    await expect(page.locator('.profile-row').filter({ hasText: 'Demo (embedded)' }).getByText('Active')).toBeVisible();
    await page.locator('.profile-row').filter({ hasText: 'Staging' }).getByRole('button', { name: 'Remove' }).click();
    const question = page.getByRole('alertdialog', { name: 'Remove connection?' });
    await expect(question).toContainText('Remove the connection "Staging" and its stored keys?');
    await question.getByRole('button', { name: 'Remove' }).click();
    await expect(page.locator('.profile-row').filter({ hasText: 'Staging' })).toHaveCount(0);
    await page.close();
  });

  it('remembers the theme chosen in Settings across a reload (main keeps it), and System follows the system', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    try {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(app.url);
      await page.getByRole('link', { name: 'Change connection' }).click();
      const theme = page.getByLabel('Theme');
      await expectChosen(theme, 'system');
      await chooseOption(theme, { value: 'dark' });
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect.poll(background).toBe('rgb(15, 17, 21)');
      await expect.poll(async () => (await app.op<{ theme: string }>('app.appearance')).data?.theme).toBe('dark');
      await page.screenshot({ path: '/work/shots/shell28/settings-dark-1440.png' });
      // The page's own copy is gone: the choice comes back from main.
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await expectChosen(page.getByLabel('Theme'), 'dark');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect.poll(background).toBe('rgb(15, 17, 21)');

      await chooseOption(page.getByLabel('Theme'), { value: 'system' });
      await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
      await expect.poll(background).toBe('rgb(246, 247, 249)');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(background).toBe('rgb(15, 17, 21)');
      await chooseOption(page.getByLabel('Theme'), { value: 'light' });
      await expectChosen(page.getByLabel('Theme'), 'light');
      await expect.poll(background).toBe('rgb(246, 247, 249)');
      await page.setViewportSize({ width: 1024, height: 700 });
      await page.screenshot({ path: '/work/shots/shell28/settings-light-over-dark-system-1024.png' });
    } finally {
      await app.op('app.setTheme', { theme: 'system' });
      await page.close();
    }
  });
});
