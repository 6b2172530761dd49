// Account deletion in browser mode: the three-step dialog's validation messages, Cancel resetting everything, a
// completed deletion (the user is gone from every table and from auth, back to the refreshed list) and a failed
// one (a clear message, nothing removed).
import fs from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser, Locator, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { startBrowserAndChromium } from '../support/browser-and-chromium.js';
import { toast } from '../support/chromium.js';
import { DELETION_ACKNOWLEDGEMENTS, DELETION_MESSAGES } from '../../shared/rules/users/deletion.js';
import type { DeletionPreview } from '../../shared/rules/users/types.js';
import { createAuthUser, createFullUser, whereUserAppears } from '../fixtures/users-rows.js';
import { connectDb, openUsers, shownCount, signInAsAdmin, storageRootOf } from '../fixtures/users-e2e.js';

async function toFinalStep(dialog: Locator, email: string, reason = 'Requested by the user by e-mail'): Promise<void> {
  await expect(dialog.getByTestId('delete-total')).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Reason for deletion').fill(reason);
  await dialog.getByLabel(/^Type .* to confirm$/).fill(email);
  for (const a of DELETION_ACKNOWLEDGEMENTS) await dialog.getByLabel(a.label).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByTestId('delete-step')).toHaveText('Step 3 of 3: Final confirmation');
}

describe('account deletion (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let db: pg.Client;
  let page: Page;
  beforeAll(async () => {
    [app, browser] = await startBrowserAndChromium();
    db = await connectDb(app);
  });
  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await app?.stop();
  });
  beforeEach(async () => {
    await app.op('auth.signOut');
    page = await browser.newPage();
  });

  it('validates the confirm step, and Cancel resets everything', async () => {
    const user = await createFullUser(db, storageRootOf(app));
    try {
      await signInAsAdmin(page, app);
      await page.goto(`${app.origin}/admin/users/${user.id}`);
      await page.getByRole('button', { name: 'Delete User Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete User Account' });
      await expect(dialog.getByTestId('delete-step')).toHaveText('Step 1 of 3: Impact analysis');
      const preview = (await app.op<DeletionPreview>('users.deletionPreview', { userId: user.id })).data!;
      await expect(dialog.getByTestId('delete-total')).toContainText(`${preview.total_records} records in ${preview.tables_affected.length} tables`);
      await expect(dialog.getByRole('row', { name: /blocks 8/ })).toBeVisible();
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByTestId('delete-step')).toHaveText('Step 2 of 3: Confirm');

      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByText(DELETION_MESSAGES.reasonTooShort)).toBeVisible();
      await expect(dialog.getByText(DELETION_MESSAGES.emailMismatch)).toBeVisible();
      await expect(dialog.getByText(DELETION_MESSAGES.acknowledgementsMissing)).toBeVisible();
      // Nine characters once trimmed is too short; a differently cased e-mail does not match.
      await dialog.getByLabel('Reason for deletion').fill('   123456789    ');
      await dialog.getByLabel(/^Type .* to confirm$/).fill(user.email.toUpperCase());
      await dialog.getByLabel(DELETION_ACKNOWLEDGEMENTS[0].label).check();
      await dialog.getByLabel(DELETION_ACKNOWLEDGEMENTS[1].label).check();
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByText(DELETION_MESSAGES.reasonTooShort)).toBeVisible();
      await expect(dialog.getByText(DELETION_MESSAGES.emailMismatch)).toBeVisible();
      await expect(dialog.getByText(DELETION_MESSAGES.acknowledgementsMissing)).toBeVisible();
      await dialog.getByLabel('Reason for deletion').fill('  1234567890  ');
      await dialog.getByLabel(/^Type .* to confirm$/).fill(user.email);
      await dialog.getByLabel(DELETION_ACKNOWLEDGEMENTS[2].label).check();
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByTestId('delete-step')).toHaveText('Step 3 of 3: Final confirmation');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      // Focus is back on the control that opened it.
      await expect(page.getByRole('button', { name: 'Delete User Account' })).toBeFocused();

      // Opened again: back at step 1 with nothing kept.
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await expect(dialog.getByTestId('delete-step')).toHaveText('Step 1 of 3: Impact analysis');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByLabel('Reason for deletion')).toHaveValue('');
      await expect(dialog.getByLabel(/^Type .* to confirm$/)).toHaveValue('');
      for (const a of DELETION_ACKNOWLEDGEMENTS) await expect(dialog.getByLabel(a.label)).not.toBeChecked();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      assert(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete Account');
      assert(await whereUserAppears(db, user.id)).not.toEqual({});
    } finally {
      await db.query('delete from auth.users where id = $1', [user.id]);
      await user.restore();
    }
    await page.close();
  });

  it('deletes the account: gone from every table and from auth, back to the refreshed list', async () => {
    const user = await createFullUser(db, storageRootOf(app));
    try {
      await openUsers(page, app);
      const [, before] = await shownCount(page);
      await page.goto(`${app.origin}/admin/users/${user.id}`);
      await page.getByRole('button', { name: 'Delete Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete User Account' });
      await toFinalStep(dialog, user.email);
      await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
      await expect(toast(page, DELETION_MESSAGES.deleted(user.email))).toBeVisible();
      await expect.poll(() => page.url()).toMatch(/\/admin\/users$/);
      await expect(page.getByTestId('users-count')).toHaveText(
        `Showing ${(before - 1).toLocaleString('en-US')} of ${(before - 1).toLocaleString('en-US')} users`,
      );
      assert(await whereUserAppears(db, user.id)).toEqual({ 'public.admin_user_deletions.target_user_id': 1 });
      assert((await db.query('select count(*)::int n from auth.users where id = $1', [user.id])).rows[0].n).toBe(0);
      assert(fs.existsSync(user.storageFile)).toBe(false);
      const audit = (await db.query('select reason, target_email from admin_user_deletions where target_user_id = $1', [user.id])).rows;
      assert(audit).toEqual([{ reason: 'Requested by the user by e-mail', target_email: user.email }]);
    } finally {
      await user.restore();
    }
    await page.close();
  });

  it('deletes from the list, which then no longer shows the user', async () => {
    const id = await createAuthUser(db, 'delete-from-list@fixture.test');
    await openUsers(page, app);
    await page.getByLabel('Search').fill('delete-from-list@');
    await expect(page.getByTestId('users-count')).toHaveText(/^Showing 1 of /);
    await page.getByRole('button', { name: 'Actions for delete-from-list@fixture.test' }).click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete User Account' });
    await toFinalStep(dialog, 'delete-from-list@fixture.test');
    await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('users-count')).toHaveText(/^Showing 0 of /);
    // The control that opened it went with the row: focus is on the page's heading, not lost to the document.
    assert(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    assert((await db.query('select count(*)::int n from auth.users where id = $1', [id])).rows[0].n).toBe(0);
    await page.close();
  });

  it('row keys: Delete on a focused row opens its Delete… dialog, Enter opens the user, and the sheet lists both (issue 28 §5)', async () => {
    const id = await createAuthUser(db, 'row-keys@fixture.test');
    await openUsers(page, app);
    await page.getByLabel('Search').fill('row-keys@');
    await expect(page.getByTestId('users-count')).toHaveText(/^Showing 1 of /);
    // Not while typing: Delete in the search field edits the search.
    await page.getByLabel('Search').press('Delete');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const link = page.getByRole('link', { name: 'row-keys@fixture.test' });
    await link.focus();
    await page.keyboard.press('Delete');
    const dialog = page.getByRole('dialog', { name: 'Delete User Account' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Actions for row-keys@fixture.test' }).focus();
    await page.keyboard.press('Delete');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/admin/users/${id}$`));
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet.getByText('Open the focused row')).toBeVisible();
    await expect(sheet.getByText('Delete the focused row (asks first)')).toBeVisible();
    await page.close();
  });

  it('shows a clear message when the deletion fails, and removes nothing', async () => {
    const user = await createFullUser(db, storageRootOf(app));
    await db.query(
      `create or replace function public.users_e2e_fail() returns trigger language plpgsql as $$ begin raise exception 'storage quota check failed'; end $$`,
    );
    await db.query('create trigger users_e2e_fail before delete on public.chat_messages for each row execute function public.users_e2e_fail()');
    try {
      const appears = await whereUserAppears(db, user.id);
      await signInAsAdmin(page, app);
      await page.goto(`${app.origin}/admin/users/${user.id}`);
      await page.getByRole('button', { name: 'Delete User Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete User Account' });
      await toFinalStep(dialog, user.email);
      await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
      const alert = dialog.getByRole('alert');
      await expect(alert).toContainText('Deletion failed.');
      await expect(alert).toContainText('The account could not be deleted. The deletion was rolled back; nothing was deleted. storage quota check failed');
      await expect.poll(() => page.url()).toMatch(new RegExp(`/admin/users/${user.id}$`));
      assert(await whereUserAppears(db, user.id)).toEqual(appears);
      assert(fs.readFileSync(user.storageFile, 'utf8')).toBe('audio');
    } finally {
      await db.query('drop trigger users_e2e_fail on public.chat_messages');
      await db.query('drop function public.users_e2e_fail()');
      await db.query('delete from auth.users where id = $1', [user.id]);
      await user.restore();
    }
    await page.close();
  });
});
