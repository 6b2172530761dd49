import { describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import { adminPageSuite } from '../support/suite.js';
import { toast } from '../support/chromium.js';
import { describeFindings, seriousViolations } from '../support/axe.js';
import { query } from '../support/sql.js';
import { chooseOption } from '../support/choose-option.js';

/** Issue 13 end to end: the e-mail system screen (health, admin users, preferences, test e-mail, demo outbox). */

describe('e-mail system (browser mode)', () => {
  let databaseUrl: string;
  let page: Page;

  adminPageSuite('/admin/email-management', (s) => ({ databaseUrl, page } = s));

  it("shows the health panel's figures equal to SQL over the last 24 hours, and passes axe", async () => {
    const [t] = await query<{ sent: number; failed: number; total: number }>(
      databaseUrl,
      `select count(*) filter (where delivery_status = 'sent')::int sent, count(*) filter (where delivery_status = 'failed')::int failed, count(*)::int total
         from admin_notification_logs where created_at >= now() - interval '24 hours'`,
    );
    await expect(page.getByTestId('health-sent')).toHaveText(String(t!.sent));
    await expect(page.getByTestId('health-failed')).toHaveText(String(t!.failed));
    await expect(page.getByTestId('health-total')).toHaveText(String(t!.total));
    const rate = t!.sent + t!.failed === 0 ? '-' : `${((t!.sent / (t!.sent + t!.failed)) * 100).toFixed(1)}%`;
    await expect(page.getByTestId('health-rate')).toHaveText(rate);
    const [all] = await query<{ sent: number; failed: number }>(
      databaseUrl,
      `select count(*) filter (where delivery_status = 'sent')::int sent, count(*) filter (where delivery_status = 'failed')::int failed from admin_notification_logs`,
    );
    await expect(page.getByTestId('stat-sent').locator('.stat-value')).toHaveText(all!.sent.toLocaleString('en-US'));
    await expect(page.getByTestId('stat-failed').locator('.stat-value')).toHaveText(all!.failed.toLocaleString('en-US'));
    await expect(page.getByTestId('admin-users')).toBeVisible();
    const findings = await seriousViolations(page);
    assert(findings, describeFindings(findings)).toEqual([]);
  });

  it('adds an admin (each validation message), deactivates it', async () => {
    await page.getByRole('button', { name: 'Add Admin User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Admin User' });
    const submit = dialog.getByRole('button', { name: 'Add Admin User' });
    await submit.click();
    await expect(dialog.getByTestId('add-admin-error')).toHaveText('Please fill in all required fields');
    // The kit's form dialog: a failed submit moves the focus to the summary, whose item leads to the field to fix.
    await expect(dialog.getByTestId('error-summary')).toBeFocused();
    await dialog.getByTestId('add-admin-error').getByRole('button').click();
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await dialog.getByLabel('Email').fill('not-an-address');
    await dialog.getByLabel('Full Name').fill('Casey Example');
    await submit.click();
    await expect(dialog.getByTestId('add-admin-error')).toHaveText('Please enter a valid email address');
    await dialog.getByLabel('Email').fill('OPS.Lead@Reflect.local');
    await submit.click();
    await expect(dialog.getByTestId('add-admin-error')).toHaveText('An admin user with this email already exists');
    const findings = await seriousViolations(page, '[role="dialog"]');
    assert(findings, describeFindings(findings)).toEqual([]);
    await dialog.getByLabel('Email').fill('Casey.E2E@Example.com');
    await chooseOption(dialog.getByLabel('Role'), { value: 'support' });
    await submit.click();
    await expect(toast(page, 'Admin user created successfully')).toBeVisible();
    const [row] = await query<{ email: string; role: string; is_active: boolean }>(
      databaseUrl,
      `select email, role, is_active from admin_users where email = 'casey.e2e@example.com'`,
    );
    assert(row).toEqual({ email: 'casey.e2e@example.com', role: 'support', is_active: true });
    await page.getByRole('button', { name: 'Deactivate casey.e2e@example.com' }).click();
    await expect(toast(page, 'Admin user deactivated successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Activate casey.e2e@example.com' })).toBeVisible();
    assert((await query(databaseUrl, `select is_active from admin_users where email = 'casey.e2e@example.com'`))[0]).toEqual({ is_active: false });
  });

  it('edits preferences and resets them to the defaults', async () => {
    const prefs = async () =>
      Object.fromEntries(
        (
          await query<{ notification_type: string; is_enabled: boolean }>(
            databaseUrl,
            `select p.notification_type, p.is_enabled from admin_notification_preferences p join admin_users a on a.id = p.admin_user_id where a.email = 'casey.e2e@example.com'`,
          )
        ).map((r) => [r.notification_type, r.is_enabled]),
      );
    await page.getByRole('button', { name: 'Preferences for casey.e2e@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: /Notification Preferences/ });
    await expect(dialog.getByRole('switch', { name: 'System Maintenance' })).toHaveAttribute('aria-checked', 'false');
    await dialog.getByRole('switch', { name: 'System Maintenance' }).click();
    await dialog.getByRole('switch', { name: 'Security Alert' }).click();
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(toast(page, 'Notification preferences saved successfully')).toBeVisible();
    await expect.poll(prefs).toMatchObject({ system_maintenance: true, security_alert: false, user_registration: true });
    await page.getByRole('button', { name: 'Preferences for casey.e2e@example.com' }).click();
    await dialog.getByRole('button', { name: 'Reset to Defaults' }).click();
    await expect(dialog.getByRole('switch', { name: 'System Maintenance' })).toHaveAttribute('aria-checked', 'false');
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await expect.poll(prefs).toMatchObject({ system_maintenance: false, security_alert: true });
  });

  it('sends a test e-mail with the keyboard and finds it in the demo outbox', async () => {
    const opener = page.getByRole('button', { name: 'Send Test Email' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send Test Email' });
    // Escape cancels and the focus goes back to the button that opened it.
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await page.keyboard.press('Enter');
    await chooseOption(dialog.getByLabel('Test Type'), { value: 'system_error' });
    // A malformed recipient is shown beside the field and nothing is sent (issue 26 item 8).
    await dialog.getByLabel('Recipient Email (optional)').fill('xx:;x@x.x');
    await dialog.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    // exact: the error summary's item is named 'Recipient Email (optional): Please enter a valid email address'.
    const recipient = dialog.getByLabel('Recipient Email (optional)', { exact: true });
    await expect(recipient).toHaveAttribute('aria-invalid', 'true');
    assert(await query(databaseUrl, `select 1 from admin_notification_logs where 'xx:;x@x.x' = any(recipient_emails)`)).toEqual([]);
    await recipient.fill('');
    await recipient.focus();
    await page.keyboard.type('outbox-check@example.com');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Test email sent to outbox-check@example.com')).toBeVisible();
    await page.getByRole('button', { name: 'Refresh outbox' }).click();
    const open = page.getByRole('button', { name: 'Open Test: system error notification to outbox-check@example.com' });
    await expect(open).toBeVisible();
    await open.click();
    const message = page.getByTestId('outbox-message');
    await expect(message.locator('pre')).toContainText('This is a system_error test e-mail');
    const log = await query(databaseUrl, `select delivery_status from admin_notification_logs where 'outbox-check@example.com' = any(recipient_emails)`);
    assert(log).toEqual([{ delivery_status: 'sent' }]);
  });
});
