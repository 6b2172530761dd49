import { afterAll, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { adminPageSuite } from '../support/suite.js';
import { describeFindings, seriousViolations } from '../support/axe.js';
import { DEMO, toast } from '../support/chromium.js';
import { query } from '../support/sql.js';
import { MARKETING_MESSAGES as M } from '../../shared/rules/marketing/fields.js';
import { DEFAULT_PUBLIC_HOST } from '../../shared/rules/profiles/public-host.js';
import { chooseOption, expectChosen } from '../support/choose-option.js';

/** Issue 15, marketing links: create an affiliate link through every validation message, copy its link, edit and delete it. */

describe('marketing links (browser mode)', () => {
  let app: BrowserMode;
  let page: Page;
  let errors: string[];
  let databaseUrl: string;

  // A context allowed to read the clipboard, to check what was copied.
  adminPageSuite('/admin/marketing-links', (s) => ({ app, page, errors, databaseUrl } = s), {
    context: { permissions: ['clipboard-read', 'clipboard-write'] },
  });
  afterAll(async () => {
    if (databaseUrl) await query(databaseUrl, "delete from marketing_links where slug like 'e2e-%'");
  });

  it('creates an affiliate link through each validation message, copies its link, edits and deletes it', { timeout: 180_000 }, async () => {
    const cards = page.getByTestId('marketing-card');
    const ids = async () => (await query<{ id: string }>(databaseUrl, 'select id::text from marketing_links order by created_at desc, id')).map((r) => r.id);
    await expect.poll(() => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-link-id'))), { timeout: 20_000 }).toEqual(await ids());
    assert(describeFindings(await seriousViolations(page))).toBe('');

    // The help dialog.
    await page.getByRole('button', { name: 'Help' }).click();
    const help = page.getByRole('dialog', { name: 'Marketing Links Help' });
    await expect(help).toBeVisible();
    await help.getByRole('button', { name: 'Close' }).click();
    await expect(help).toHaveCount(0);

    await page.getByRole('link', { name: 'New Campaign' }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/marketing-links\/new$/);
    const create = page.getByRole('button', { name: 'Create Campaign' });
    const alert = (text: string) => page.getByRole('alert').filter({ hasText: text });
    await expectChosen(page.getByLabel('Campaign type'), 'instagram');
    await expectChosen(page.getByLabel('Status'), 'draft');
    await expectChosen(page.getByLabel('Priority'), 'medium');
    await expect(page.getByLabel('Target URL')).toHaveValue('/');

    // Required fields.
    await page.getByLabel('Start date').fill('');
    await create.click();
    await expect(alert(M.nameRequired)).toBeVisible();
    await expect(alert(M.slugRequired)).toBeVisible();
    await expect(alert(M.startRequired)).toBeVisible();
    await expect(page.getByLabel('Campaign name')).toBeFocused();

    // The slug and utm_campaign follow the name; the public URL preview follows the slug.
    const preview = page.getByTestId('marketing-preview-url');
    await page.getByLabel('Campaign name').click();
    for (const [i, ch] of [...'E2E Partner Sale!'].entries()) {
      await page.keyboard.type(ch);
      if (i === 2) await expect(preview).toHaveText(`${DEFAULT_PUBLIC_HOST}/r/e2e`);
    }
    await expect(page.getByLabel('Slug')).toHaveValue('e2e-partner-sale');
    await expect(page.getByLabel('UTM campaign')).toHaveValue('e2e_partner_sale');
    await expect(preview).toHaveText(`${DEFAULT_PUBLIC_HOST}/r/e2e-partner-sale`);
    await expect(alert(M.nameRequired)).toHaveCount(0);
    await page.getByLabel('Slug').fill('E2E Partner');
    await expect(alert(M.slugPattern)).toBeVisible();
    await page.getByLabel('Slug').fill('e2e-partner-sale');
    await expect(alert(M.slugPattern)).toHaveCount(0);

    // Dates: the end not before the start.
    await page.getByLabel('Start date').fill('2026-11-10');
    await page.getByLabel('End date').fill('2026-11-09');
    await page.getByLabel('End date').blur();
    await expect(alert(M.endBeforeStart)).toBeVisible();
    await page.getByLabel('End date').fill('2026-12-31');
    await expect(alert(M.endBeforeStart)).toHaveCount(0);

    // The affiliate block.
    await page.getByRole('switch', { name: 'Enable affiliate tracking' }).click();
    await expectChosen(page.getByLabel('Payout method'), 'stripe');
    await expect(page.getByLabel('Minimum payout ($)')).toHaveValue('50');
    await create.click();
    await expect(alert(M.commissionRequired)).toBeVisible();
    await expect(alert(M.durationRequired)).toBeVisible();
    const pct = page.getByLabel('Commission percentage');
    await pct.fill('150');
    await expect(alert(M.commissionRange)).toBeVisible();
    await pct.fill('12.345');
    await expect(alert(M.commissionStep)).toBeVisible();
    await pct.fill('12.5');
    await expect(alert(M.commissionStep)).toHaveCount(0);
    const months = page.getByLabel('Commission duration (months)');
    await months.fill('0');
    await expect(alert(M.monthsMin)).toBeVisible();
    // Perpetual clears the months; turning it off again needs them once more.
    await page.getByLabel('Perpetual commission (for as long as the customer pays)').check();
    await expect(months).toHaveCount(0);
    await expect(alert(M.monthsMin)).toHaveCount(0);
    await page.getByLabel('Perpetual commission (for as long as the customer pays)').uncheck();
    await expect(months).toHaveValue('');
    await create.click();
    await expect(alert(M.durationRequired)).toBeVisible();
    await months.fill('6');
    await expect(alert(M.durationRequired)).toHaveCount(0);
    await page.getByLabel('Affiliate email').fill('partner-at-example');
    await page.getByLabel('Affiliate email').blur();
    await expect(alert(M.invalidEmail)).toBeVisible();
    await page.getByLabel('Affiliate email').fill('  partner@example.com ');
    await expect(alert(M.invalidEmail)).toHaveCount(0);
    await page.getByLabel('Affiliate contact name').fill('Pat Partner');
    await chooseOption(page.getByLabel('Payout method'), { value: 'paypal' });
    await page.getByLabel('Minimum payout ($)').fill('-1');
    await page.getByLabel('Minimum payout ($)').blur();
    await expect(alert(M.minimumPayout)).toBeVisible();
    await page.getByLabel('Minimum payout ($)').fill('25');

    // Budget and goals.
    await page.getByLabel('Budget ($)').fill('-5');
    await page.getByLabel('Budget ($)').blur();
    await expect(alert(M.budget)).toBeVisible();
    await page.getByLabel('Budget ($)').fill('1000');
    await page.getByLabel('Target conversions').fill('0');
    await page.getByLabel('Target conversions').blur();
    await expect(alert(M.targetConversions)).toBeVisible();
    await page.getByLabel('Target conversions').fill('100');
    await page.getByLabel('UTM source').fill(' instagram ');
    await page.getByLabel('Notes', { exact: true }).fill('   ');
    await expect(page.getByRole('alert')).toHaveCount(0);
    assert(describeFindings(await seriousViolations(page))).toBe('');

    // Copy URL from the form.
    await page.getByRole('button', { name: 'Copy URL' }).click();
    await expect(toast(page, M.urlCopied)).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${DEFAULT_PUBLIC_HOST}/r/e2e-partner-sale`);

    await create.click();
    await expect(toast(page, M.created)).toBeVisible();
    await expect.poll(() => page.url()).toMatch(/\/admin\/marketing-links$/);
    const [row] = await query<Record<string, unknown>>(
      databaseUrl,
      `select l.id::text, campaign_name, utm_source, utm_campaign, notes, start_date::text s, end_date::text e, is_affiliate_link, affiliate_commission_percentage::text pct,
              affiliate_commission_duration_months m, affiliate_commission_duration_perpetual p, affiliate_email, affiliate_payout_method, affiliate_minimum_payout::text minp,
              budget_amount::text budget, target_conversions, status, (created_by = u.id) by_admin
         from marketing_links l, auth.users u where l.slug = 'e2e-partner-sale' and u.email = $1`,
      [DEMO.admin],
    );
    assert(row).toMatchObject({
      campaign_name: 'E2E Partner Sale!',
      utm_source: 'instagram',
      utm_campaign: 'e2e_partner_sale',
      notes: null,
      s: '2026-11-10',
      e: '2026-12-31',
      is_affiliate_link: true,
      pct: '12.50',
      m: 6,
      p: false,
      affiliate_email: 'partner@example.com',
      affiliate_payout_method: 'paypal',
      minp: '25.00',
      budget: '1000.00',
      target_conversions: 100,
      status: 'draft',
      by_admin: true,
    });
    const id = row!.id as string;

    // Search and status filter.
    const card = cards.filter({ has: page.getByRole('heading', { name: 'E2E Partner Sale!' }) });
    await page.getByLabel('Search marketing links').fill('E2E-PARTNER');
    await expect(cards).toHaveCount(1);
    await expect(card).toHaveAttribute('data-link-id', id);
    await chooseOption(page.getByLabel('Filter by status'), { value: 'archived' });
    await expect(page.getByText(M.empty)).toBeVisible();
    await chooseOption(page.getByLabel('Filter by status'), { value: 'draft' });
    await expect(cards).toHaveCount(1);

    // Copy link from the card: 'Copied' for 2 seconds.
    const copy = card.getByRole('button', { name: 'Copy link for E2E Partner Sale!' });
    await copy.click();
    await expect(copy).toHaveText('Copied');
    await expect(toast(page, M.linkCopied)).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${DEFAULT_PUBLIC_HOST}/r/e2e-partner-sale`);
    await expect(copy).toHaveText('Copy Link', { timeout: 4000 });
    await expect(card.getByRole('link', { name: 'Analytics for E2E Partner Sale!' })).toHaveAttribute('href', `/admin/marketing-links/${id}/analytics`);

    // Edit: a taken slug is refused on the field, then the real change is saved.
    await card.getByRole('link', { name: 'Edit E2E Partner Sale!' }).click();
    await expect(page.getByLabel('Campaign name')).toHaveValue('E2E Partner Sale!');
    await expect(page.getByLabel('Commission percentage')).toHaveValue('12.5');
    await expect(page.getByRole('button', { name: 'Help' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Marketing Links' })).toBeVisible();
    const taken = (await query<{ slug: string }>(databaseUrl, "select slug from marketing_links where slug not like 'e2e-%' order by created_at limit 1"))[0]!
      .slug;
    await page.getByLabel('Campaign name').fill('E2E Partner Sale renamed');
    await expect(page.getByLabel('Slug')).toHaveValue('e2e-partner-sale');
    await page.getByLabel('Slug').fill(taken);
    await page.getByRole('button', { name: 'Update Campaign' }).click();
    await expect(toast(page, M.updateFailed)).toBeVisible();
    await expect(alert(`A marketing link with the slug "${taken}" already exists. Choose another slug.`)).toBeVisible();
    await page.getByLabel('Slug').fill('e2e-partner-sale');
    await chooseOption(page.getByLabel('Status'), { value: 'active' });
    await page.getByLabel('Perpetual commission (for as long as the customer pays)').check();
    await page.getByRole('button', { name: 'Update Campaign' }).click();
    await expect(toast(page, M.updated)).toBeVisible();
    await expect.poll(() => page.url()).toMatch(/\/admin\/marketing-links$/);
    assert(
      (
        await query(
          databaseUrl,
          'select campaign_name, status, affiliate_commission_duration_perpetual p, affiliate_commission_duration_months m from marketing_links where id = $1',
          [id],
        )
      )[0],
    ).toEqual({
      campaign_name: 'E2E Partner Sale renamed',
      status: 'active',
      p: true,
      m: null,
    });

    // Delete, with confirmation.
    const edited = cards.filter({ has: page.getByRole('heading', { name: 'E2E Partner Sale renamed' }) });
    await edited.getByRole('button', { name: 'Delete E2E Partner Sale renamed' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete marketing link?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    assert(await query(databaseUrl, 'select 1 from marketing_links where id = $1', [id])).toHaveLength(1);
    await edited.getByRole('button', { name: 'Delete E2E Partner Sale renamed' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, M.deleted)).toBeVisible();
    await expect(edited).toHaveCount(0);
    assert(await query(databaseUrl, 'select 1 from marketing_links where id = $1', [id])).toHaveLength(0);

    // A missing link: 'Marketing Campaign Not Found' and the way back.
    await page.goto(`${app.origin}/admin/marketing-links/${id}/edit`);
    await expect(page.getByText(M.notFound)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('main').getByRole('link', { name: 'Back to Marketing Links' }).last().click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/marketing-links$/);
    assert(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
