import { describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { adminPageSuite } from '../support/suite.js';
import { describeFindings, seriousViolations } from '../support/axe.js';
import { toast } from '../support/chromium.js';
import { query } from '../support/sql.js';
import { DEMO_PROFILE_NAME } from '../../shared/rules/profiles/types.js';
import { CONFIRMATION_REQUIRED_MESSAGE, READ_ONLY_MESSAGE, WRONG_NAME_MESSAGE } from '../../shared/rules/profiles/safety.js';
import { BANNER_MESSAGES as M } from '../../shared/rules/banners/fields.js';
import { chooseOption } from '../support/choose-option.js';

/** Issue 17 part 4: safety modes of the demo profile, set from Settings, enforced by main, shown in the shell. */

describe('safety modes per connection (browser mode)', () => {
  let app: BrowserMode;
  let page: Page;
  let databaseUrl: string;
  const TITLE = 'Safety mode target';

  adminPageSuite('/settings', (s) => ({ app, page, databaseUrl } = s), {
    before: ({ databaseUrl: db }) => query(db, "insert into system_banners (title, message) values ($1, 'kept unless confirmed')", [TITLE]),
  });

  const bannerRows = async () => (await query<{ id: string }>(databaseUrl, 'select id::text from system_banners where title = $1', [TITLE])).map((r) => r.id);

  const setSafety = async (mode: 'Normal' | RegExp, production: boolean) => {
    await page.goto(`${app.origin}/settings`);
    await page.getByRole('button', { name: `Safety of ${DEMO_PROFILE_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Safety of ${DEMO_PROFILE_NAME}` });
    const select = dialog.getByLabel('Safety mode');
    await chooseOption(select, mode);
    await dialog.getByRole('checkbox', { name: /^Production/ }).setChecked(production);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Safety settings saved')).toBeVisible();
    await expect(dialog).toHaveCount(0);
  };

  const deleteFromList = async () => {
    await page.goto(`${app.origin}/admin/banners`);
    await page.getByRole('button', { name: `Delete ${TITLE}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete banner?' }).getByRole('button', { name: 'Delete' }).click();
  };

  it('a Safety dialog opened on /settings before the session has loaded stays open when it arrives', async () => {
    // The session's answer held back: before, Settings showed at once without the admin's navigation and was
    // mounted anew inside it when the session came, closing the dialog opened meanwhile.
    await page.route('**/api/op/auth.getSession', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    try {
      const session = page.waitForResponse('**/api/op/auth.getSession');
      await page.goto(`${app.origin}/settings`);
      await page.getByRole('button', { name: `Safety of ${DEMO_PROFILE_NAME}` }).click();
      const dialog = page.getByRole('dialog', { name: `Safety of ${DEMO_PROFILE_NAME}` });
      await expect(dialog).toBeVisible();
      await session;
      await page.waitForTimeout(300);
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Admin navigation' })).toBeVisible();
    } finally {
      await page.unroute('**/api/op/auth.getSession');
    }
  });

  it('read-only: main refuses a delete from the screen and from a direct call, and nothing changes in SQL', async () => {
    const [id] = await bannerRows();
    assert(id).toBeDefined();
    await setSafety(/^Read-only/, false);
    await expect(page.getByText('Read-only', { exact: true })).toBeVisible();

    await deleteFromList();
    await expect(toast(page, M.deleteFailed)).toBeVisible();
    await expect(toast(page, READ_ONLY_MESSAGE)).toBeVisible();
    // Whatever the window sends: the operation itself, straight to main.
    assert(await app.op('banners.delete', { id })).toEqual({ ok: false, code: 'READ_ONLY', message: READ_ONLY_MESSAGE });
    assert(await bannerRows()).toEqual([id]);
    // Reads still work.
    await expect(page.getByRole('button', { name: `Delete ${TITLE}` })).toBeVisible();
  });

  it('production: a band with the name on every screen, announced once, and axe clean', async () => {
    await setSafety('Normal', true);
    for (const path of ['/admin/dashboard', '/admin/banners', '/settings', '/toolkit']) {
      await page.goto(`${app.origin}${path}`);
      const band = page.getByTestId('production-band');
      await expect(band).toContainText(`Production: ${DEMO_PROFILE_NAME}`);
      await expect(band.getByRole('status')).toHaveText(`Connected to production: ${DEMO_PROFILE_NAME}`);
      assert(await band.locator('[aria-live="assertive"]').count()).toBe(0);
      assert(describeFindings(await seriousViolations(page))).toBe('');
    }
  });

  it('confirm: a delete asks for the connection name and runs only with it', async () => {
    const [id] = await bannerRows();
    await setSafety(/^Confirm/, true);
    await expect(page.getByTestId('production-band')).toContainText('deletions ask for the connection name');

    // Without the name main refuses, whatever the window sends, and says which name it wants.
    assert(await app.op('banners.delete', { id })).toEqual({
      ok: false,
      code: 'CONFIRMATION_REQUIRED',
      message: CONFIRMATION_REQUIRED_MESSAGE,
      confirmName: DEMO_PROFILE_NAME,
    });
    assert(await app.op('banners.delete', { id }, { confirmName: 'demo' })).toEqual({ ok: false, code: 'CONFIRMATION_REQUIRED', message: WRONG_NAME_MESSAGE });
    assert(await app.op('banners.delete', { id }, { confirmName: DEMO_PROFILE_NAME, also: 1 })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    assert(await app.op('banners.delete', { id }, { confirmName: 1 })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    // The way to grant a confirmation ahead of the operation is gone.
    assert(await app.op('profiles.confirmDestructive', { typedName: DEMO_PROFILE_NAME })).toMatchObject({ ok: false, code: 'UNKNOWN_OPERATION' });
    assert(await app.op('banners.delete', { id })).toMatchObject({ ok: false, code: 'CONFIRMATION_REQUIRED' });
    assert(await bannerRows()).toEqual([id]);

    // The window learns the name from main's answer (no profiles.list first) and calls once more with it.
    const calls: string[] = [];
    page.on('request', (r) => {
      const op = /\/api\/op\/(.+)$/.exec(new URL(r.url()).pathname)?.[1];
      if (op) calls.push(`${op}${r.headers()['x-reflect-call-options'] ? ' +name' : ''}`);
    });

    // Cancelled: nothing deleted.
    await deleteFromList();
    const ask = page.getByRole('dialog', { name: 'Confirm on this connection' });
    await expect(ask).toBeVisible();
    assert(describeFindings(await seriousViolations(page))).toBe('');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(toast(page, 'Cancelled: nothing was deleted.')).toBeVisible();
    assert(await bannerRows()).toEqual([id]);
    assert(calls.filter((c) => c.startsWith('banners.delete'))).toEqual(['banners.delete']);

    await deleteFromList();
    const field = ask.getByLabel(`Type ${DEMO_PROFILE_NAME} to confirm`);
    await field.fill('Demo');
    await expect(ask.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await field.fill(DEMO_PROFILE_NAME);
    calls.length = 0;
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, M.deleted)).toBeVisible();
    await expect.poll(bannerRows).toEqual([]);
    // One retry, carrying the name; nothing else destructive rode on it.
    assert(calls.filter((c) => c.startsWith('banners.delete'))).toEqual(['banners.delete +name']);

    // Back to normal for whoever runs next against this data folder.
    await setSafety('Normal', false);
    await expect(page.getByTestId('production-band')).toHaveCount(0);
  });
});
