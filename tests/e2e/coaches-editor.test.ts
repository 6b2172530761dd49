import { beforeAll, beforeEach, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { browserSuite } from '../support/suite.js';
import { toast } from '../support/chromium.js';
import { adminId as readAdminId, open, query } from './coaches-support.js';
import { chooseOption, expectChosen } from '../support/choose-option.js';

/** Issue 5 end to end: a new coach with the defaults, its configuration and the Unsaved Changes flag, the error screens. */

describe('new coach and coach configuration (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let databaseUrl: string;
  let adminId: string;
  let coachId: string;

  browserSuite((s) => ({ app, browser, databaseUrl } = s));
  beforeAll(async () => {
    adminId = await readAdminId(databaseUrl);
  });
  beforeEach(async () => {
    await app.op('auth.signOut');
  });

  it('creates a coach with the defaults, after refusing a blank name', async () => {
    const page = await browser.newPage();
    await open(page, app, '/admin/coaches/new');
    const form = page.getByRole('form', { name: 'New coach' });
    await expectChosen(form.getByLabel('Subscription tier'), 'basic');
    await expectChosen(form.getByLabel('Coach type'), 'reflect');
    await expect(form.getByLabel('Active')).toBeChecked();
    await expect(form.getByLabel('Free')).not.toBeChecked();
    await form.getByRole('button', { name: 'Create Coach' }).click();
    await expect(toast(page, 'Validation Error')).toContainText('Coach name is required.');
    await form.getByLabel('Name').fill('  E2E -- Test Coach!  ');
    await expect(form.getByText('Slug: e2e-test-coach')).toBeVisible();
    await form.getByLabel('Description').fill('   ');
    await form.getByRole('button', { name: 'Create Coach' }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/coaches\/[0-9a-f-]{36}$/);
    coachId = page.url().split('/').pop() ?? '';
    await expect(page.getByRole('heading', { name: 'E2E -- Test Coach!' })).toBeVisible();
    const [row] = await query(
      databaseUrl,
      'select name, slug, description, category, sample_interaction, subscription_tier, coach_type, is_active, is_free, creator_id::text from coaches where id = $1',
      [coachId],
    );
    assert(row).toEqual({
      name: 'E2E -- Test Coach!',
      slug: 'e2e-test-coach',
      description: null,
      category: null,
      sample_interaction: null,
      subscription_tier: 'basic',
      coach_type: 'reflect',
      is_active: true,
      is_free: false,
      creator_id: adminId,
    });
    // Editing the configuration raises the Unsaved Changes flag until it is saved.
    const config = page.getByRole('form', { name: 'Coach configuration' });
    await expect(page.getByTestId('unsaved-changes')).toHaveCount(0);
    await config.getByLabel('Description').fill('Helps people test things.');
    await chooseOption(config.getByLabel('Category'), { value: 'productivity' });
    await expect(page.getByTestId('unsaved-changes')).toBeVisible();
    await config.getByLabel('Name').fill('   ');
    await config.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(toast(page, 'Validation Error')).toContainText('Coach name is required.');
    await config.getByLabel('Name').fill('E2E -- Test Coach!');
    await config.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(toast(page, 'Coach updated')).toBeVisible();
    await expect(page.getByTestId('unsaved-changes')).toHaveCount(0);
    assert(await query(databaseUrl, 'select description, category, slug from coaches where id = $1', [coachId])).toEqual([
      { description: 'Helps people test things.', category: 'productivity', slug: 'e2e-test-coach' },
    ]);
    // A new coach has no prompt: the list shows it as No Prompt.
    await page.goto(`${app.origin}/admin/coaches`);
    await expect(page.locator(`[data-coach-id="${coachId}"]`)).toContainText('No Prompt');
    await page.close();
  });

  it('shows Coach Not Found and Error Loading Coach', async () => {
    const page = await browser.newPage();
    await open(page, app, '/admin/coaches/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Coach Not Found' })).toBeVisible();
    await page.goto(`${app.origin}/admin/coaches/not-a-coach-id`);
    await expect(page.getByRole('heading', { name: 'Error Loading Coach' })).toBeVisible();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/coaches$/);
    await page.close();
  });
});
