import { describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import { adminPageSuite } from '../support/suite.js';
import { toast } from '../support/chromium.js';
import { describeFindings, seriousViolations } from '../support/axe.js';
import { query } from '../support/sql.js';
import { chooseOption } from '../support/choose-option.js';

/** Issue 13 end to end: a test campaign delivered through the real queue into the demo outbox; clearing; settings. */

describe('e-mail engagement: campaigns, queue and settings (browser mode)', () => {
  let databaseUrl: string;
  let page: Page;

  adminPageSuite('/admin/email-engagement', (s) => ({ databaseUrl, page } = s));

  it('saves each settings block with its own message', async () => {
    await page.getByRole('tab', { name: 'Email Settings' }).click();
    await page.getByLabel('Text footer').fill('Sent by {{company_name}} - E2E footer');
    await page.getByRole('button', { name: 'Save Text Compliance Footer' }).click();
    await expect(toast(page, 'Text compliance footer saved.')).toBeVisible();
    await page.getByLabel('HTML footer').fill('<p class="footer">{{company_name}} HTML footer</p>');
    await page.getByRole('button', { name: 'Save HTML Compliance Footer' }).click();
    await expect(toast(page, 'HTML compliance footer saved.')).toBeVisible();
    await page.getByLabel('Company Name').fill('Reflect E2E Inc');
    await page.getByRole('button', { name: 'Save Company Information' }).click();
    await expect(toast(page, 'Company information saved.')).toBeVisible();
    await page.getByLabel('From Name').fill('Reflect E2E Team');
    await page.getByRole('button', { name: 'Save Delivery Settings' }).click();
    await expect(toast(page, 'Delivery settings saved.')).toBeVisible();
    const findings = await seriousViolations(page);
    assert(findings, describeFindings(findings)).toEqual([]);
    const [row] = await query<{ value: string }>(databaseUrl, `select value from admin_settings where key = 'email_settings'`);
    assert(JSON.parse(row!.value)).toMatchObject({
      complianceFooterText: 'Sent by {{company_name}} - E2E footer',
      companyName: 'Reflect E2E Inc',
      fromName: 'Reflect E2E Team',
    });
  });

  it('creates a test campaign (validation messages), processes the queue and finds the .eml in the outbox', async () => {
    const [tpl] = await query<{ template_name: string }>(
      databaseUrl,
      `insert into email_templates (template_name, subject_template, html_template, text_template, is_active, approval_status)
       values ('E2E Campaign Template', 'Hello from {{company_name}}: {{campaign_name}}', '<p>Campaign {{campaign_name}}</p>', 'Campaign {{campaign_name}}', true, 'approved')
       returning template_name`,
    );
    await page.reload();
    await page.getByRole('tab', { name: 'Campaigns' }).click();
    await page.getByRole('button', { name: 'Create Email Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Email Campaign' });
    const create = dialog.getByRole('button', { name: 'Create Campaign' });
    await create.click();
    await expect(dialog.getByTestId('campaign-error')).toHaveText('Campaign Name Required');
    await dialog.getByLabel('Campaign Name').fill('E2E Launch');
    await create.click();
    await expect(dialog.getByTestId('campaign-error')).toHaveText('Template Required');
    await chooseOption(dialog.getByLabel('Template'), tpl!.template_name);
    await create.click();
    await expect(dialog.getByTestId('campaign-error')).toHaveText('Test Email Required');
    await chooseOption(dialog.getByLabel('Recipients'), { value: 'segment' });
    await create.click();
    await expect(dialog.getByTestId('campaign-error')).toHaveText('Segment Required');
    await chooseOption(dialog.getByLabel('Recipients'), { value: 'test' });
    await dialog.getByLabel('Test Email').fill('campaign-e2e@example.com');
    await create.click();
    // One e-mail, in the singular (issue 27 part 1).
    await expect(toast(page, 'Campaign created')).toContainText('1 e-mail queued');
    await expect(page.getByTestId('campaigns')).toContainText('E2E Launch');
    const [item] = await query(
      databaseUrl,
      `select status, priority, retry_count, max_retries from email_notification_queue where trigger_data ->> 'recipient_email' = 'campaign-e2e@example.com'`,
    );
    assert(item).toEqual({ status: 'pending', priority: 1, retry_count: 0, max_retries: 3 });

    await page.getByRole('tab', { name: 'Email Queue' }).click();
    await page.getByRole('button', { name: 'Process Queue' }).click();
    await expect(toast(page, /Processed \d+ e-mails?/)).toBeVisible();
    await expect
      .poll(
        async () =>
          (await query(databaseUrl, `select status from email_notification_queue where trigger_data ->> 'recipient_email' = 'campaign-e2e@example.com'`))[0],
      )
      .toEqual({ status: 'sent' });

    await page.getByRole('button', { name: 'Refresh outbox' }).click();
    const open = page.getByRole('button', { name: 'Open Hello from Reflect E2E Inc: E2E Launch to campaign-e2e@example.com' });
    await expect(open).toBeVisible();
    await open.click();
    const message = page.getByTestId('outbox-message');
    await expect(message.locator('pre')).toContainText('Campaign E2E Launch');
    await expect(message.locator('pre')).toContainText('Sent by Reflect E2E Inc - E2E footer');
    await message.getByRole('tab', { name: 'HTML' }).click();
    const html = page.frameLocator('[data-testid="outbox-message"] [data-testid="email-html-frame"]');
    await expect(html.locator('p.footer')).toHaveText('Reflect E2E Inc HTML footer');
    await message.getByRole('button', { name: 'Close' }).click();
  });

  it('clears a failed item', async () => {
    const [failed] = await query<{ id: string }>(
      databaseUrl,
      `select id from email_notification_queue where status = 'failed' order by created_at desc limit 1`,
    );
    await page.getByRole('tab', { name: 'Email Queue' }).click();
    const clear = page.getByRole('button', { name: `Clear ${failed!.id.slice(0, 8)}` });
    await expect(clear).toBeVisible();
    await clear.click();
    await expect(toast(page, /^Cleared /)).toBeVisible();
    assert(await query(databaseUrl, `select 1 from email_notification_queue where id = $1`, [failed!.id])).toEqual([]);
  });
});
