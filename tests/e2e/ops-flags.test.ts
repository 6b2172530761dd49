import { describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import { adminPageSuite } from '../support/suite.js';
import { DEMO, toast } from '../support/chromium.js';
import { seriousViolations } from '../support/axe.js';
import { query } from '../support/sql.js';
import { chooseOption } from '../support/choose-option.js';

/** Issue 14: grant a flag with an expiry (each validation message), find it, revoke it; an expired flag is not active. */

/** The value a datetime-local input takes: local wall-clock time (Chromium runs in this process's zone). */
const localInput = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

describe('feature flags (browser mode)', () => {
  let databaseUrl: string;
  let page: Page;

  adminPageSuite('/admin/feature-flags', (s) => ({ databaseUrl, page } = s), {
    before: ({ databaseUrl: url }) =>
      query(url, "delete from user_feature_flags where user_id = (select id from profiles where email = $1) and feature_key = 'email_campaigns'", [
        DEMO.member,
      ]),
  });

  it('lists the active overrides as SQL counts them, with no serious axe finding', async () => {
    const [{ n }] = (await query<{ n: number }>(
      databaseUrl,
      'select count(*)::int n from user_feature_flags where enabled and (expires_at is null or expires_at > now())',
    )) as [{ n: number }];
    await expect(page.getByTestId('flags-active').locator('.stat-value')).toHaveText(String(n));
    await expect(page.getByTestId('flag-count')).toHaveText(`Showing ${n} of ${n}`);
    assert(await seriousViolations(page)).toEqual([]);
  });

  it('grants with an expiry through the keyboard, after each validation message', async () => {
    await page.getByRole('button', { name: 'Grant Feature Flag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grant Feature Flag' });
    await expect(dialog).toBeVisible();
    assert(await seriousViolations(page)).toEqual([]);

    // Nothing filled: the spec's message under 'Missing information'.
    await dialog.getByRole('button', { name: 'Grant Flag' }).click();
    await expect(toast(page, 'Missing information')).toContainText('Please provide user email and feature key');
    // An e-mail without a key: the same message.
    await expect(toast(page, 'Missing information')).toBeHidden({ timeout: 15_000 });
    await dialog.getByLabel('User email').fill(DEMO.member);
    await dialog.getByRole('button', { name: 'Grant Flag' }).click();
    await expect(toast(page, 'Missing information')).toContainText('Please provide user email and feature key');

    // An unknown e-mail: the server's 'User not found' under the grant error.
    await dialog.getByLabel('User email').fill('nobody-at-all@reflect.local');
    await chooseOption(dialog.getByLabel('Feature key'), { value: 'email_campaigns' });
    await dialog.getByRole('button', { name: 'Grant Flag' }).click();
    await expect(toast(page, 'Error granting feature flag')).toContainText('User not found');
    await expect(dialog).toBeVisible();

    // The real grant, by keyboard: type the e-mail, Tab through key and notes to the expiry, Enter submits.
    const expires = new Date(Date.now() + 3 * 86_400_000 + 2 * 3_600_000);
    expires.setSeconds(0, 0);
    await dialog.getByLabel('User email').fill('');
    await dialog.getByLabel('User email').focus();
    await page.keyboard.type(DEMO.member);
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Feature key')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Pilot for the campaigns beta');
    await dialog.getByLabel('Expires at').fill(localInput(expires));
    await dialog.getByLabel('Expires at').press('Enter');
    await expect(toast(page, 'Feature flag granted')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Focus is back on the control that opened the dialog.
    await expect(page.getByRole('button', { name: 'Grant Feature Flag' })).toBeFocused();

    const rows = await query<{ enabled: boolean; expires_at: Date; notes: string }>(
      databaseUrl,
      "select enabled, expires_at, notes from user_feature_flags where user_id = (select id from profiles where email = $1) and feature_key = 'email_campaigns'",
      [DEMO.member],
    );
    assert(rows).toHaveLength(1);
    assert(rows[0]).toMatchObject({ enabled: true, notes: 'Pilot for the campaigns beta' });
    assert(rows[0]!.expires_at.getTime()).toBe(expires.getTime());
  });

  it('finds the grant by e-mail and by key, then revokes it', async () => {
    await page.getByLabel('Search by email').fill('member@reflect');
    await chooseOption(page.getByLabel('Feature key'), { value: 'email_campaigns' });
    const row = page.getByTestId('flag-row').filter({ hasText: 'email_campaigns' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Expires in 3 days');
    // Granted after this screen last read its clock: still in the past, never 'in less than a minute'.
    await expect(row).toContainText('Granted just now');
    await expect(page.getByTestId('flag-user').first()).toContainText(DEMO.member);

    await row.getByRole('button', { name: `Revoke email_campaigns for ${DEMO.member}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke feature flag?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(page, 'Feature flag revoked')).toBeVisible();
    await expect(row).toHaveCount(0);
    const [r] = await query<{ enabled: boolean }>(
      databaseUrl,
      "select enabled from user_feature_flags where user_id = (select id from profiles where email = $1) and feature_key = 'email_campaigns'",
      [DEMO.member],
    );
    assert(r!.enabled).toBe(false);
  });

  it('shows a flag past its expiry as expired, outside the active list', async () => {
    await query(
      databaseUrl,
      "update user_feature_flags set enabled = true, expires_at = now() - interval '2 days' where user_id = (select id from profiles where email = $1) and feature_key = 'email_campaigns'",
      [DEMO.member],
    );
    await page.reload();
    await page.getByLabel('Search by email').fill(DEMO.member);
    await chooseOption(page.getByLabel('Feature key'), { value: 'email_campaigns' });
    await expect(page.getByText('No users with active overrides match')).toBeVisible();
    await chooseOption(page.getByLabel('Show'), { value: 'all' });
    const row = page.getByTestId('flag-row').filter({ hasText: 'email_campaigns' });
    await expect(row).toHaveClass(/flag-expired/);
    await expect(row.locator('.badge-danger')).toHaveText('Expired');
    await expect(row).toContainText('Expired 2 days ago');
    assert(await seriousViolations(page)).toEqual([]);
  });

  it('granting and revoking email_engagement for yourself opens and closes the e-mail engagement screen, no reload', async () => {
    await query(databaseUrl, "delete from user_feature_flags where user_id = (select id from profiles where email = $1) and feature_key = 'email_engagement'", [
      DEMO.admin,
    ]);
    const nav = (name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
    const disabled = page.getByRole('heading', { name: 'Email Engagement System Disabled' });
    await nav('Email Engagement');
    await expect(disabled).toBeVisible();

    await nav('Feature Flags');
    await page.getByRole('button', { name: 'Grant Feature Flag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grant Feature Flag' });
    await dialog.getByLabel('User email').fill(DEMO.admin);
    await chooseOption(dialog.getByLabel('Feature key'), { value: 'email_engagement' });
    await dialog.getByRole('button', { name: 'Grant Flag' }).click();
    await expect(toast(page, 'Feature flag granted')).toBeVisible();
    await nav('Email Engagement');
    await expect(page.getByText('Checking access...')).toHaveCount(0);
    await expect(disabled).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Email Templates' })).toBeVisible();

    await nav('Feature Flags');
    await page.getByLabel('Search by email').fill(DEMO.admin);
    await chooseOption(page.getByLabel('Feature key'), { value: 'email_engagement' });
    await page.getByRole('button', { name: `Revoke email_engagement for ${DEMO.admin}` }).click();
    await page.getByRole('alertdialog', { name: 'Revoke feature flag?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(page, 'Feature flag revoked')).toBeVisible();
    await nav('Email Engagement');
    await expect(disabled).toBeVisible();
  });
});
