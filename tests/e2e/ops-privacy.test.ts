import { describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { adminPageSuite } from '../support/suite.js';
import { toast } from '../support/chromium.js';
import { seriousViolations } from '../support/axe.js';
import { DEFAULT_PRIVACY_TEXT } from '../../shared/rules/privacy/document.js';
import { query } from '../support/sql.js';
import { LEAVE_QUESTION } from '../../renderer/lib/leave-guard.js';

/** Issue 14: create, preview (sanitised) and activate privacy versions; the fallback to the setting and the default. */

const ADDITION =
  '\n\n## Contact\n\nSee [our docs](https://supabase.com/docs) or [this](javascript:alert(1)).\n\n<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';

describe('privacy intentions (browser mode)', () => {
  let app: BrowserMode;
  let databaseUrl: string;
  let page: Page;
  const active = () =>
    query<{ version: number; content: string; change_summary: string }>(
      databaseUrl,
      'select version, content, change_summary from privacy_document_versions where is_active',
    );

  adminPageSuite('/admin/privacy-intentions', (s) => ({ app, databaseUrl, page } = s));

  it('edits, previews sanitised markdown, and creates an active version', async () => {
    const [before] = await active();
    const editor = page.getByLabel('Privacy intentions (markdown)');
    await expect(editor).toHaveValue(before!.content);
    await expect(page.getByText(`Active version ${before!.version}`)).toBeVisible();
    await expect(page.getByText(`${before!.content.length} characters`)).toBeVisible();
    await expect(page.getByText('This document is shown to users in a modal on the sign-in page.').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create New Version' })).toBeDisabled();
    assert(await seriousViolations(page)).toEqual([]);

    // Keyboard: type at the end of the text.
    await editor.focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText(ADDITION);
    const content = before!.content + ADDITION;
    await expect(page.getByText('Unsaved Changes')).toBeVisible();
    await expect(page.getByText(`${content.length.toLocaleString('en-US')} characters`)).toBeVisible();

    // Preview opens a new window (spec 3): in browser mode a new browser window of the sanitised document.
    const opened = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = await opened;
    await preview.waitForLoadState();
    await expect(preview.getByRole('heading', { name: 'Contact' })).toBeVisible();
    await expect(preview.locator('script, img, [onerror]')).toHaveCount(0);
    await expect(preview.getByRole('link', { name: 'our docs' })).toHaveAttribute('target', '_blank');
    await expect(preview.getByRole('link', { name: 'our docs' })).toHaveAttribute('href', 'https://supabase.com/docs');
    assert(await preview.locator('a', { hasText: 'this' }).getAttribute('href')).toBeNull();
    assert(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    assert(await seriousViolations(page)).toEqual([]);
    await preview.close();

    // Leaving the editor with unsaved changes asks first, as the coach editor does: staying keeps the page and the text.
    // The question is the kit's dialog (renderer/components/LeaveGuard.tsx).
    const stay = async () => {
      const question = page.getByRole('alertdialog', { name: 'Leave this page?' });
      await expect(question).toContainText(LEAVE_QUESTION);
      await question.getByRole('button', { name: 'Stay' }).click();
      await expect(question).toHaveCount(0);
    };
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await stay();
    await page.getByRole('button', { name: 'Version History' }).click();
    await stay();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/privacy-intentions');
    await expect(editor).toHaveValue(content);

    await page.getByRole('button', { name: 'Create New Version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Version' });
    await dialog.getByRole('button', { name: 'Create and Activate' }).click();
    await expect(dialog.getByText('Please provide a summary of changes')).toBeVisible();
    await dialog.getByLabel('Change summary').fill('Added a contact section');
    await dialog.getByLabel('Change summary').press('Enter');
    await expect(toast(page, 'New version created and activated successfully')).toBeVisible();
    await expect(page.getByText('Unsaved Changes')).toBeHidden();
    await expect(page.getByText('Active version 5')).toBeVisible();
    const rows = await active();
    assert(rows).toHaveLength(1);
    assert(rows[0]).toEqual({ version: 5, content, change_summary: 'Added a contact section' });
  });

  it('lists the history newest first, previews one and activates another', async () => {
    await page.getByRole('button', { name: 'Version History' }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/privacy-history$/);
    const cards = page.getByTestId('privacy-version');
    await expect(cards).toHaveCount(5);
    assert(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-version')))).toEqual(['5', '4', '3', '2', '1']);
    await expect(cards.first().locator('.badge-success', { hasText: 'Active' })).toBeVisible();
    await expect(cards.first()).toContainText('Added a contact section');
    await expect(page.locator('[data-version="4"]')).toContainText('Legal: Rejected');
    await expect(page.locator('[data-version="4"]')).toContainText('Too vague about retention.');
    assert(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Preview version 1' }).click();
    await expect(page.getByRole('dialog', { name: 'Version 1 Preview' }).getByRole('heading', { name: 'Our privacy intentions' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Activate version 2' }).click();
    await expect(toast(page, 'Version activated successfully')).toBeVisible();
    await expect(page.locator('[data-version="2"]').getByText('Active', { exact: true })).toBeVisible();
    await expect(page.locator('[data-version="5"]').getByText('Active', { exact: true })).toHaveCount(0);
    assert((await active()).map((r) => r.version)).toEqual([2]);
  });

  it('falls back to the admin setting, then to the default text, on an empty table', async () => {
    const [setting] = await query<{ value: string }>(databaseUrl, "select value from admin_settings where key = 'privacy_intentions'");
    await query(databaseUrl, 'delete from privacy_document_versions');
    await page.goto(`${app.origin}/admin/privacy-history`);
    await expect(page.getByText('No Versions Found')).toBeVisible();
    await page.getByRole('button', { name: 'Create First Version' }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/privacy-intentions$/);
    await expect(page.getByText('No version yet: showing the admin setting')).toBeVisible();
    await expect(page.getByLabel('Privacy intentions (markdown)')).toHaveValue(setting!.value);

    await query(databaseUrl, "delete from admin_settings where key = 'privacy_intentions'");
    await page.reload();
    await expect(page.getByText('No version yet: showing the built-in default text')).toBeVisible();
    await expect(page.getByLabel('Privacy intentions (markdown)')).toHaveValue(DEFAULT_PRIVACY_TEXT);
    for (const promise of ['30 days', '90 days', '48 hours']) assert(DEFAULT_PRIVACY_TEXT).toContain(promise);
    assert(await seriousViolations(page)).toEqual([]);
  });
});
