import { describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import { adminPageSuite } from '../support/suite.js';
import { DEMO, toast } from '../support/chromium.js';
import { describeFindings, seriousViolations } from '../support/axe.js';
import { query } from '../support/sql.js';
import { chooseOption } from '../support/choose-option.js';

/** Issue 13 end to end: the engagement screen's templates (create, preview, approve, activate), triggers and its gate. */

describe('e-mail engagement: templates and triggers (browser mode)', () => {
  let databaseUrl: string;
  let page: Page;

  adminPageSuite('/admin/email-engagement', (s) => ({ databaseUrl, page } = s));

  it('shows the four stat cards equal to SQL and passes axe', async () => {
    const [t] = await query<{ templates: number; pending: number; sent: number; failed: number }>(
      databaseUrl,
      `select (select count(*) from email_templates)::int templates,
              count(*) filter (where status = 'pending')::int pending, count(*) filter (where status = 'sent')::int sent, count(*) filter (where status = 'failed')::int failed
         from email_notification_queue`,
    );
    await expect(page.getByTestId('stat-templates').locator('.stat-value')).toHaveText(t!.templates.toLocaleString('en-US'));
    await expect(page.getByTestId('stat-pending').locator('.stat-value')).toHaveText(t!.pending.toLocaleString('en-US'));
    await expect(page.getByTestId('stat-sent').locator('.stat-value')).toHaveText(t!.sent.toLocaleString('en-US'));
    await expect(page.getByTestId('stat-failed').locator('.stat-value')).toHaveText(t!.failed.toLocaleString('en-US'));
    const findings = await seriousViolations(page);
    assert(findings, describeFindings(findings)).toEqual([]);
  });

  it('creates a template (with the validation messages), previews, approves and activates it', async () => {
    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    await dialog.getByRole('button', { name: 'Save Template' }).click();
    await expect(dialog.getByTestId('error-summary')).toContainText('Validation Error');
    await expect(dialog.getByTestId('error-summary')).toContainText('Template name is required.');
    await expect(dialog.getByTestId('error-summary')).toContainText('Subject template is required.');
    await expect(dialog.getByRole('button', { name: 'Copy {{streak_days}}' })).toBeVisible();
    const findings = await seriousViolations(page, '[role="dialog"]');
    assert(findings, describeFindings(findings)).toEqual([]);
    await dialog.getByLabel('Template Name').fill('E2E Streak');
    await dialog.getByLabel('Subject Template').fill('{{streak_days}} days, {{user_email}}!');
    await dialog
      .getByLabel('HTML Template')
      .fill(
        '<h1>Streak {{streak_days}}</h1><p>{{growth_phase}}</p><script>window.parent.hacked=1</script><img src="http://127.0.0.1:9/pixel.png"><a href="https://example.com/x">More</a>',
      );
    await dialog.getByLabel('Text Template').fill('Streak {{streak_days}} at {{engagement_score}}, last seen {{last_activity}}');
    await dialog.getByRole('button', { name: 'Save Template' }).click();
    await expect(toast(page, 'Template created')).toBeVisible();
    const [row] = await query(databaseUrl, `select approval_status, is_active, version, template_type from email_templates where template_name = 'E2E Streak'`);
    assert(row).toEqual({ approval_status: 'draft', is_active: false, version: 1, template_type: 'onboarding' });

    const rowMenu = async (item: string) => {
      await page.getByRole('button', { name: 'Actions for E2E Streak' }).click();
      await page.getByRole('menu', { name: 'Actions for E2E Streak' }).getByRole('menuitem', { name: item }).click();
    };
    await rowMenu('Preview');
    const preview = page.getByTestId('template-preview');
    await expect(preview.getByTestId('preview-subject')).toHaveText('7 days, alex@example.com!');
    const frame = preview.getByTestId('email-html-frame');
    await expect(frame).toHaveAttribute('sandbox', '');
    const html = page.frameLocator('[data-testid="email-html-frame"]');
    await expect(html.locator('h1')).toHaveText('Streak 7');
    await expect(html.locator('p')).toHaveText('Building');
    assert(await html.locator('script').count()).toBe(0);
    // Nothing remote: no image is kept and the link has no address.
    assert(await html.locator('img').count()).toBe(0);
    await expect(html.locator('a')).toHaveText('More');
    assert(await html.locator('a').getAttribute('href')).toBeNull();
    assert(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await preview.getByRole('tab', { name: 'HTML' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(preview.getByTestId('preview-text')).toHaveText('Streak 7 at 85, last seen 3 days ago');
    await preview.getByRole('button', { name: 'Close' }).click();

    await rowMenu('Approve');
    await expect(toast(page, 'Template approved')).toBeVisible();
    await rowMenu('Activate');
    await expect(toast(page, 'Template activated')).toBeVisible();
    await page.getByRole('button', { name: 'Actions for E2E Streak' }).click();
    await expect(page.getByRole('menuitem', { name: 'Deactivate' })).toBeVisible();
    await page.keyboard.press('Escape');
    const [after] = await query(databaseUrl, `select approval_status, is_active from email_templates where template_name = 'E2E Streak'`);
    assert(after).toEqual({ approval_status: 'approved', is_active: true });
  });

  it("at 1024 px each template row's actions stay on one line: a primary action and a menu", async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    try {
      await page.getByRole('tab', { name: 'Email Templates' }).click();
      const rows = page.getByTestId('template-row');
      await expect(rows.first()).toBeVisible();
      const spreads = await rows.evaluateAll((trs) =>
        trs.map((tr) => {
          // Centres, not tops: the menu button is shorter than Edit. A wrapped pile is a whole button height apart.
          const tops = [...tr.querySelectorAll('.row-actions button')].map((b) => {
            const r = b.getBoundingClientRect();
            return Math.round(r.top + r.height / 2);
          });
          return { buttons: tops.length, oneLine: Math.max(...tops) - Math.min(...tops) <= 4 };
        }),
      );
      for (const r of spreads) assert(r).toEqual({ buttons: 2, oneLine: true });
    } finally {
      await page.setViewportSize({ width: 1300, height: 950 });
    }
  });

  it('creates a trigger; invalid JSON is not applied and the admin is told', async () => {
    await page.getByRole('tab', { name: 'Email Triggers' }).click();
    await page.getByRole('button', { name: 'Create Trigger' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Trigger' });
    await dialog.getByRole('button', { name: 'Save Trigger' }).click();
    await expect(dialog.getByTestId('error-summary')).toContainText('Template selection is required.');
    await dialog.getByLabel('Trigger Name').fill('E2E inactive week');
    await chooseOption(dialog.getByLabel('Template'), 'E2E Streak');
    await dialog.getByLabel('Condition Parameters (JSON)').fill('{"days_since_last_activity": 7');
    await dialog.getByRole('button', { name: 'Save Trigger' }).click();
    await expect(toast(page, 'The condition parameters are not valid JSON, so they were not applied.')).toBeVisible();
    const [row] = await query(databaseUrl, `select is_active, condition_parameters, trigger_type from email_triggers where trigger_name = 'E2E inactive week'`);
    assert(row).toEqual({ is_active: false, condition_parameters: {}, trigger_type: 'activity_based' });
    await page.getByRole('button', { name: 'Edit E2E inactive week' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Trigger' });
    await edit.getByLabel('Condition Parameters (JSON)').fill('{"days_since_last_activity": 7}');
    await edit.getByRole('button', { name: 'Save Trigger' }).click();
    await expect(toast(page, 'Trigger updated')).toBeVisible();
    await expect
      .poll(async () => (await query(databaseUrl, `select condition_parameters from email_triggers where trigger_name = 'E2E inactive week'`))[0])
      .toEqual({ condition_parameters: { days_since_last_activity: 7 } });
  });

  it("shows 'Email Engagement System Disabled' when the admin's flag is revoked", async () => {
    await query(
      databaseUrl,
      `update user_feature_flags set enabled = false where feature_key = 'email_engagement' and user_id = (select id from auth.users where email = $1)`,
      [DEMO.admin],
    );
    try {
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Email Engagement System Disabled' })).toBeVisible();
      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await expect.poll(() => page.url()).toMatch(/\/admin\/dashboard$/);
    } finally {
      await query(
        databaseUrl,
        `update user_feature_flags set enabled = true where feature_key = 'email_engagement' and user_id = (select id from auth.users where email = $1)`,
        [DEMO.admin],
      );
    }
  });
});
