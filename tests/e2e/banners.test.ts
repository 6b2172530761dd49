import { describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { adminPageSuite } from '../support/suite.js';
import { describeFindings, seriousViolations } from '../support/axe.js';
import { DEMO, toast } from '../support/chromium.js';
import { BANNER_MESSAGES as M } from '../../shared/rules/banners/fields.js';
import { query } from '../support/sql.js';
import { chooseOption, expectChosen } from '../support/choose-option.js';

/** Issue 10, system banners: list, create with the live preview, toggle, edit, delete, and every form message. */

describe('system banners (browser mode)', () => {
  let app: BrowserMode;
  let page: Page;
  let errors: string[];
  let databaseUrl: string;

  adminPageSuite('/admin/banners', (s) => ({ app, page, errors, databaseUrl } = s));

  it('creates a banner with a live preview, toggles it from the list, edits and deletes it', async () => {
    const cards = page.getByTestId('banner-card');
    const ids = async () => (await query<{ id: string }>(databaseUrl, 'select id::text from system_banners order by created_at desc, id')).map((r) => r.id);
    // The first answer can take a while on a loaded 2-core machine.
    await expect.poll(() => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-banner-id'))), { timeout: 20_000 }).toEqual(await ids());
    assert(describeFindings(await seriousViolations(page))).toBe('');

    await page.getByRole('link', { name: 'New Banner' }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/banners\/new\/edit$/);
    const create = page.getByRole('button', { name: 'Create Banner' });
    await expect(create).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Active' })).toBeChecked();
    await expectChosen(page.getByLabel('Target audience'), 'all');

    // The preview follows every keystroke.
    const preview = page.getByTestId('banner-preview');
    const title = page.getByLabel('Title');
    await title.click();
    for (const [i, ch] of [...'Quiet hours'].entries()) {
      await page.keyboard.type(ch);
      await expect(preview.getByTestId('preview-title')).toHaveText('Quiet hours'.slice(0, i + 1).trim());
    }
    await expect(create).toBeDisabled();
    await page.getByLabel('Message').pressSequentially('Sync <b>pauses</b> tonight');
    await expect(preview.getByTestId('preview-message')).toHaveText('Sync <b>pauses</b> tonight');
    assert(await preview.locator('b').count()).toBe(0);
    await expect(preview).toHaveAttribute('data-category', 'info');
    await chooseOption(page.getByLabel('Category'), { value: 'warning' });
    await expect(preview).toHaveAttribute('data-category', 'warning');
    await expect(preview).toHaveClass(/system-banner-warning/);
    await expect(preview.getByTestId('preview-action')).toHaveCount(0);
    await page.getByLabel('Action text').pressSequentially('See status');
    await expect(preview.getByTestId('preview-action')).toHaveText('See status');
    await page.getByLabel('Action URL').fill('/status');
    await chooseOption(page.getByLabel('Target audience'), { value: 'trial' });
    await expect(page.getByTestId('preview-schedule')).toHaveText('Live');
    await page.getByLabel('Start date').fill('2099-01-01T09:00');
    await expect(page.getByTestId('preview-schedule')).toHaveText('Scheduled');
    await page.getByLabel('Start date').fill('');
    await expect(page.getByTestId('preview-schedule')).toHaveText('Live');
    assert(describeFindings(await seriousViolations(page))).toBe('');

    await expect(create).toBeEnabled();
    await create.click();
    await expect(toast(page, 'Banner created successfully')).toBeVisible();
    await expect.poll(() => page.url()).toMatch(/\/admin\/banners$/);
    const [row] = await query<{
      id: string;
      created_by: string;
      admin: string;
      action_url: string;
      action_text: string;
      start_date: null;
      end_date: null;
      category: string;
      target_audience: string;
      active: boolean;
    }>(
      databaseUrl,
      `select b.id::text, b.created_by::text, (select id::text from auth.users where email = $1) admin, action_url, action_text, start_date, end_date, category, target_audience, active
         from system_banners b where title = 'Quiet hours'`,
      [DEMO.admin],
    );
    assert(row).toMatchObject({
      action_url: '/status',
      action_text: 'See status',
      start_date: null,
      end_date: null,
      category: 'warning',
      target_audience: 'trial',
      active: true,
    });
    assert(row!.created_by).toBe(row!.admin);
    await expect(cards.first()).toHaveAttribute('data-banner-id', row!.id);

    // The switch: off by click, on again by keyboard; each stamps updated_at.
    const card = cards.filter({ has: page.getByRole('heading', { name: 'Quiet hours' }) });
    await query(databaseUrl, "update system_banners set updated_at = now() - interval '1 day' where id = $1", [row!.id]);
    const updatedAt = async () =>
      (await query<{ u: Date; active: boolean }>(databaseUrl, 'select updated_at u, active from system_banners where id = $1', [row!.id]))[0]!;
    const toggle = card.getByRole('switch', { name: 'Active (Quiet hours)' });
    await toggle.click();
    await expect(toast(page, 'Banner deactivated')).toBeVisible();
    await expect.poll(async () => (await updatedAt()).active).toBe(false);
    assert(Date.now() - (await updatedAt()).u.getTime()).toBeLessThan(60_000);
    await expect(toggle).not.toBeChecked();
    await expect(card.getByTestId('banner-schedule')).toHaveText('Inactive: not shown to users');
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toast(page, 'Banner activated')).toBeVisible();
    await expect.poll(async () => (await updatedAt()).active).toBe(true);

    await card.getByRole('link', { name: 'Edit Quiet hours' }).click();
    await expect(page.getByLabel('Title')).toHaveValue('Quiet hours');
    await expect(page.getByLabel('Action URL')).toHaveValue('/status');
    await page.getByLabel('Title').fill('Quiet hours tonight');
    await page.getByLabel('Action text').fill('');
    await expect(page.getByTestId('preview-action')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Banner updated successfully')).toBeVisible();
    await expect.poll(() => page.url()).toMatch(/\/admin\/banners$/);
    assert((await query(databaseUrl, 'select title, action_text, created_by::text from system_banners where id = $1', [row!.id]))[0]).toEqual({
      title: 'Quiet hours tonight',
      action_text: null,
      created_by: row!.admin,
    });

    const edited = cards.filter({ has: page.getByRole('heading', { name: 'Quiet hours tonight' }) });
    await edited.getByRole('button', { name: 'Delete Quiet hours tonight' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete banner?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    assert(await query(databaseUrl, 'select 1 from system_banners where id = $1', [row!.id])).toHaveLength(1);
    await edited.getByRole('button', { name: 'Delete Quiet hours tonight' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Banner deleted')).toBeVisible();
    await expect(edited).toHaveCount(0);
    assert(await query(databaseUrl, 'select 1 from system_banners where id = $1', [row!.id])).toHaveLength(0);
    assert(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });

  it('shows each validation message of the form, and the failures of a banner removed meanwhile', async () => {
    await page.goto(`${app.origin}/admin/banners/new/edit`);
    const create = page.getByRole('button', { name: 'Create Banner' });
    await page.getByLabel('Title').focus();
    await page.getByLabel('Message').focus();
    await expect(page.getByText(M.titleRequired)).toBeVisible();
    await page.getByLabel('Category').focus();
    await expect(page.getByText(M.messageRequired)).toBeVisible();
    await page.getByLabel('Title').fill('Holiday sale');
    await page.getByLabel('Message').fill('   ');
    await expect(page.getByText(M.titleRequired)).toHaveCount(0);
    await expect(create).toBeDisabled();
    await page.getByLabel('Message').fill('Half price on yearly plans');
    await expect(page.getByText(M.messageRequired)).toHaveCount(0);
    await expect(create).toBeEnabled();

    await page.getByLabel('Action URL').fill('javascript:alert(document.cookie)');
    await expect(page.getByText(M.unsafeActionUrl)).toBeVisible();
    await expect(page.getByLabel('Action URL')).toHaveAttribute('aria-invalid', 'true');
    await expect(create).toBeDisabled();
    await page.getByLabel('Action URL').fill('//evil.example.com');
    await expect(page.getByText(M.unsafeActionUrl)).toBeVisible();
    await page.getByLabel('Action URL').fill('https://reflect.example.com/sale');
    await expect(page.getByText(M.unsafeActionUrl)).toHaveCount(0);

    await page.getByLabel('Start date').fill('2099-02-10T09:00');
    await page.getByLabel('End date').fill('2099-02-01T09:00');
    await expect(page.getByText(M.endBeforeStart)).toBeVisible();
    await expect(create).toBeDisabled();
    await page.getByLabel('End date').fill('2099-02-20T09:00');
    await expect(page.getByText(M.endBeforeStart)).toHaveCount(0);
    await expect(create).toBeEnabled();
    assert(describeFindings(await seriousViolations(page))).toBe('');
    await create.click();
    await expect(toast(page, 'Banner created successfully')).toBeVisible();
    const [row] = await query<{ id: string; s: Date; e: Date }>(
      databaseUrl,
      "select id::text, start_date s, end_date e from system_banners where title = 'Holiday sale'",
    );
    assert(row!.s.getTime()).toBe(new Date(2099, 1, 10, 9, 0).getTime());
    assert(row!.e.getTime()).toBe(new Date(2099, 1, 20, 9, 0).getTime());

    // Removed by someone else while open: saving and toggling fail with the spec's messages and the list re-reads.
    await page.goto(`${app.origin}/admin/banners/${row!.id}/edit`);
    await expect(page.getByLabel('Title')).toHaveValue('Holiday sale');
    await query(databaseUrl, 'delete from system_banners where id = $1', [row!.id]);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, M.saveFailed)).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('Holiday sale');

    // The list's switch and delete on banners removed meanwhile: the spec's failures, then the list re-reads.
    await query(databaseUrl, "insert into system_banners (title, message) values ('Ghost toggle', 'x'), ('Ghost delete', 'y')");
    await page.goto(`${app.origin}/admin/banners`);
    const ghost = (title: string) => page.getByTestId('banner-card').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(ghost('Ghost delete')).toHaveCount(1);
    await query(databaseUrl, "delete from system_banners where title = 'Ghost delete'");
    await ghost('Ghost delete').getByRole('button', { name: 'Delete Ghost delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete banner?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, M.deleteFailed)).toBeVisible();
    await expect(ghost('Ghost delete')).toHaveCount(0);
    await expect(ghost('Ghost toggle')).toHaveCount(1);
    await query(databaseUrl, "delete from system_banners where title = 'Ghost toggle'");
    await ghost('Ghost toggle').getByRole('switch').click();
    await expect(toast(page, M.updateFailed)).toBeVisible();
    await expect(ghost('Ghost toggle')).toHaveCount(0);

    await page.goto(`${app.origin}/admin/banners/00000000-0000-4000-8000-000000000000/edit`);
    await expect(page.getByText(M.notFound)).toBeVisible();
    await page.goto(`${app.origin}/admin/banners/not-an-id/edit`);
    await expect(page.getByText(M.notFound)).toBeVisible();
  });
});
