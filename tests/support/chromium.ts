import { chromium, type Browser, type Locator, type Page } from 'playwright';

/** Debian's Chromium, headless, with the flags this closed network needs (no background connections). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const DEMO = { admin: 'admin@reflect.local', member: 'member@reflect.local', password: 'reflect-demo' } as const;

/** Opens the app at its printed address and signs in through the sign-in form. */
export async function signIn(page: Page, url: string, email: string, password: string = DEMO.password): Promise<void> {
  await page.goto(url);
  await page.getByRole('form', { name: 'Sign in' }).getByLabel('E-mail').fill(email);
  await page.getByRole('form', { name: 'Sign in' }).getByLabel('Password').fill(password);
  await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in as the demo admin through the API, then opens the admin path directly with the launch token: a suite's
 * setup skips the sign-in form and the dashboard it lands on (tests/e2e/auth.test.ts covers the form).
 */
export async function openAsAdmin(
  page: Page,
  app: { readonly origin: string; readonly token: string; op(name: string, input: unknown): Promise<{ ok: boolean; message?: string }> },
  adminPath: string,
): Promise<void> {
  const signedIn = await app.op('auth.signIn', { email: DEMO.admin, password: DEMO.password });
  if (!signedIn.ok) throw new Error(`Sign-in as the demo admin failed: ${signedIn.message ?? 'no message'}`);
  await page.goto(`${app.origin}${adminPath}#token=${app.token}`);
}

/** Collects page errors and console errors, so a test can assert a screen ran cleanly. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** A toast by its text (the visible one, not the copy announced to screen readers). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.toast').filter({ hasText: text }).first();
}
