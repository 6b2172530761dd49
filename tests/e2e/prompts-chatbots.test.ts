import { beforeEach, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { browserSuite } from '../support/suite.js';
import { toast } from '../support/chromium.js';
import { open, query } from './coaches-support.js';

/** Issue 11 end to end: the public chatbot (versions, Activate) and the internal chatbot (latest 5, Save Changes). */

const systemPrompt = (page: Page) => page.getByRole('textbox', { name: 'System prompt', exact: true });
const cards = (page: Page) => page.getByTestId('version-card');

describe('chatbots (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let databaseUrl: string;

  browserSuite((s) => ({ app, browser, databaseUrl } = s));
  beforeEach(async () => {
    await app.op('auth.signOut');
  });

  it('public chatbot: creates a new version only on a change, twice, then activates an old version', async () => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 950 } });
    await open(page, app, '/admin/public-chatbot');
    const create = page.getByRole('button', { name: 'Create New Version' });
    await expect(create).toBeDisabled();
    await systemPrompt(page).fill('  ');
    await expect(page.getByTestId('save-problem')).toHaveText('Prompt content cannot be empty.');
    await systemPrompt(page).fill('You answer questions about Reflect. Be brief.');
    await create.click();
    await expect(toast(page, 'Prompt saved successfully')).toBeVisible();
    await page.getByRole('textbox', { name: 'Knowledge base', exact: true }).fill('Reflect is a journal. It has coaches.');
    await page.getByLabel('Version notes').fill('New knowledge');
    const maxVersion = async () => (await query<{ n: number }>(databaseUrl, 'select max(version)::int n from public_chatbot_prompts'))[0]!.n;
    const before = await maxVersion();
    await create.click();
    // The first save's toast may still be showing: wait for the second version itself.
    await expect.poll(maxVersion).toBe(before + 1);
    const max = before + 1;
    await expect(page.getByText(`Version ${max} is active`)).toBeVisible();

    await page.getByRole('link', { name: 'History' }).click();
    await expect(page.getByRole('heading', { name: 'Public Chatbot History' })).toBeVisible();
    await expect(cards(page).first().getByRole('button', { name: 'Activate' })).toHaveCount(0);
    const first = page.locator('[data-testid="version-card"][data-version="1"]');
    await first.getByRole('button', { name: 'Activate' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Activate version 1?' });
    await expect(dialog).toContainText('every other version is deactivated');
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await expect(toast(page, 'Prompt activated successfully')).toBeVisible();
    await expect(first).toContainText('Current');
    const active = await query<{ version: number }>(databaseUrl, 'select version from public_chatbot_prompts where is_active');
    assert(active).toEqual([{ version: 1 }]);
    await page.close();
  });

  it('internal chatbot: the latest 5 versions, the knowledge as markdown, and Save Changes', async () => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 950 } });
    await open(page, app, '/admin/internal-chatbot');
    const total = (await query<{ n: number }>(databaseUrl, 'select count(*)::int n from internal_chatbot_prompts'))[0]!.n;
    await expect(cards(page)).toHaveCount(Math.min(5, total));
    const knowledge = page.getByTestId('internal-knowledge');
    const categories = await query<{ category: string }>(databaseUrl, 'select distinct category from internal_chatbot_knowledge where is_active order by 1');
    for (const c of categories) await expect(knowledge).toContainText(`## ${c.category}`);
    const save = page.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeDisabled();
    await systemPrompt(page).fill('You help the team. Link to the runbook.');
    await page.getByLabel('Notes', { exact: true }).fill('E2E change');
    await save.click();
    await expect(toast(page, 'Internal chatbot updated successfully')).toBeVisible();
    await expect(cards(page).first()).toContainText('Current');
    await expect(cards(page).first()).toContainText('E2E change');
    const rows = await query<{ version: number; prompt_content: string }>(
      databaseUrl,
      'select version, prompt_content from internal_chatbot_prompts where is_active',
    );
    assert(rows).toEqual([{ version: total + 1, prompt_content: 'You help the team. Link to the runbook.' }]);
    await page.close();
  });
});
