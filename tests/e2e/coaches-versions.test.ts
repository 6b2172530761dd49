import { beforeAll, beforeEach, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { browserSuite } from '../support/suite.js';
import { toast } from '../support/chromium.js';
import { COACH_MESSAGES } from '../../shared/rules/coaches/fields.js';
import { adminId as readAdminId, card, insertCoach, open, promptBox, query } from './coaches-support.js';

/** Issue 5 end to end: the prompt saved twice, compared by sentence and rolled back; knowledge base versions. */

describe('coach prompt and knowledge base versions (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let databaseUrl: string;
  let adminId: string;
  let coachId: string;

  browserSuite((s) => ({ app, browser, databaseUrl } = s));
  beforeAll(async () => {
    adminId = await readAdminId(databaseUrl);
    coachId = await insertCoach(databaseUrl, 'E2E -- Test Coach!');
  });
  beforeEach(async () => {
    await app.op('auth.signOut');
  });

  it('saves the prompt twice, compares the versions by sentence and rolls back', async () => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 950 } });
    await open(page, app, `/admin/coaches/${coachId}`);
    const save = page.getByRole('button', { name: 'Save Prompt' });
    await expect(save).toBeDisabled();
    await expect(page.getByTestId('unsaved-changes')).toHaveCount(0);
    const first = 'You are a calm coach. Ask one question at a time. ' + 'Keep every answer short and kind. '.repeat(5) + 'End with a gentle summary.';
    await promptBox(page).fill(first);
    await expect(page.getByTestId('unsaved-changes')).toHaveText('Unsaved Changes');
    await save.click();
    await expect(toast(page, 'Prompt updated')).toBeVisible();
    await expect(card(page, 'System Prompt')).toContainText('Version 1 is current (1 version)');
    await expect(page.getByTestId('unsaved-changes')).toHaveCount(0);
    await expect(save).toBeDisabled();

    const second = first.replace('Ask one question at a time.', 'Offer one small experiment.');
    await promptBox(page).fill(second);
    await page.getByRole('button', { name: 'Creative' }).click();
    await expect(page.getByLabel('Temperature')).toHaveValue('0.9');
    await page.getByLabel('Variety injection').check();
    await page.getByRole('button', { name: 'Add Default Prompts' }).click();
    await expect(page.getByRole('list', { name: 'Variety prompts' }).getByRole('listitem')).toHaveCount(4);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('A variety prompt cannot be empty.')).toBeVisible();
    await page.getByLabel('Prompt notes').fill('Experiments instead of questions');
    await save.click();
    await expect(card(page, 'System Prompt')).toContainText('Version 2 is current (2 versions)');

    const rows = await query<{
      version: number;
      is_active: boolean;
      created_by: string;
      params: { temperature: number; topK: number; variety_prompts: string[] };
      notes: string | null;
    }>(databaseUrl, 'select version, is_active, created_by::text, generation_params params, notes from coach_prompts where coach_id = $1 order by version', [
      coachId,
    ]);
    assert(rows.map((r) => [r.version, r.is_active, r.created_by])).toEqual([
      [1, false, adminId],
      [2, true, adminId],
    ]);
    assert(rows[1]?.params).toMatchObject({ temperature: 0.9, topK: 50, variety_prompts: expect.arrayContaining([expect.any(String)]) });
    assert(rows[1]?.notes).toBe('Experiments instead of questions');

    await page.getByRole('link', { name: 'History' }).click();
    await expect(page.getByRole('heading', { name: 'Prompt History: E2E -- Test Coach!' })).toBeVisible();
    const cards = page.getByTestId('version-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toHaveAttribute('data-version', '2');
    await expect(cards.first()).toContainText('Current');
    await expect(cards.first()).toContainText('by Admin User');
    const text = cards.nth(1).getByTestId('version-text');
    await expect(text).toHaveText(`${first.slice(0, 150)}...`);
    await cards.nth(1).getByRole('button', { name: 'Expand' }).click();
    await expect(text).toHaveText(first);
    await cards.nth(1).getByRole('button', { name: 'Collapse' }).click();
    await expect(text).toHaveText(`${first.slice(0, 150)}...`);
    await expect(cards.first().getByRole('button', { name: 'Rollback to this version' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Compare Versions' }).click();
    // The newest picked first: the comparison still reads from version 1 to version 2, each side named.
    await cards.first().getByRole('button', { name: 'Select' }).click();
    await cards.nth(1).getByRole('button', { name: 'Select' }).click();
    const compare = page.getByRole('region', { name: 'Version comparison' });
    await expect(compare.getByRole('heading', { name: 'Comparing version 1 with version 2' })).toBeVisible();
    await expect(compare.getByTestId('compare-left').getByRole('heading')).toHaveText('Version 1 (older)');
    await expect(compare.getByTestId('compare-right').getByRole('heading')).toHaveText('Version 2 (newer)');
    await expect(compare.getByTestId('compare-left').locator('del.diff-removed')).toHaveText(['Ask one question at a time.']);
    await expect(compare.getByTestId('compare-right').locator('ins.diff-added')).toHaveText(['Offer one small experiment.']);
    await expect(compare.getByTestId('diff-summary')).toHaveText('1 removed, 1 added');
    // Swap moves the sides; what version 2 added still reads as added.
    await compare.getByRole('button', { name: 'Swap' }).click();
    await expect(compare.getByTestId('compare-left').getByRole('heading')).toHaveText('Version 2 (newer)');
    await expect(compare.getByTestId('compare-left').locator('ins.diff-added')).toHaveText(['Offer one small experiment.']);
    await expect(compare.getByTestId('diff-summary')).toHaveText('1 removed, 1 added');
    // A third pick restarts the selection.
    await cards
      .nth(1)
      .getByRole('button', { name: /Select/ })
      .click();
    await expect(compare).toHaveCount(0);
    await expect(page.getByText('Select the second version.')).toBeVisible();
    await page.getByRole('button', { name: 'Exit Compare' }).click();

    await cards.nth(1).getByRole('button', { name: 'Rollback to this version' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Roll back to version 1?' });
    await expect(confirm).toContainText('This creates version 3');
    await confirm.getByRole('button', { name: 'Rollback' }).click();
    await expect(toast(page, 'Rollback successful')).toBeVisible();
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toHaveAttribute('data-version', '3');
    await expect(cards.first()).toContainText('Rolled back to version 1');
    const [v3] = await query<{ prompt_content: string; change_reason: string; notes: string; is_active: boolean; created_by: string }>(
      databaseUrl,
      'select prompt_content, change_reason, notes, is_active, created_by::text from coach_prompts where coach_id = $1 and version = 3',
      [coachId],
    );
    assert(v3).toEqual({ prompt_content: first, change_reason: 'rollback', notes: 'Rolled back to version 1', is_active: true, created_by: adminId });
    assert(await query(databaseUrl, 'select count(*)::int n from coach_prompts where coach_id = $1 and is_active', [coachId])).toEqual([{ n: 1 }]);

    await page.getByRole('link', { name: 'Edit Current' }).click();
    await expect(promptBox(page)).toHaveValue(first);
    await page.close();
  });

  it('saves knowledge base versions with their parent and lists them in the history', async () => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 950 } });
    await open(page, app, `/admin/coaches/${coachId}`);
    const save = page.getByRole('button', { name: 'Save Knowledge Base' });
    await expect(save).toBeDisabled();
    await page.getByLabel('Knowledge base title').fill('Field notes');
    await page.getByLabel('Knowledge base content').fill('Breathing helps. Walks help.');
    await save.click();
    await expect(toast(page, 'Knowledge base updated')).toBeVisible();
    await expect(card(page, 'Knowledge Base')).toContainText('Version 1 is current (1 version)');
    await page.getByLabel('Knowledge base content').fill('Breathing helps. Sleep helps.');
    await save.click();
    await expect(card(page, 'Knowledge Base')).toContainText('Version 2 is current (2 versions)');
    const rows = await query<{ id: string; version: number; is_active: boolean; parent: string | null; created_by: string }>(
      databaseUrl,
      'select id::text, version, is_active, parent_version_id::text parent, created_by::text from coach_knowledge_base where coach_id = $1 order by version',
      [coachId],
    );
    assert(rows.map((r) => [r.version, r.is_active, r.created_by])).toEqual([
      [1, false, adminId],
      [2, true, adminId],
    ]);
    assert(rows[1]?.parent).toBe(rows[0]?.id);

    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('tab', { name: 'Knowledge Base' }).click();
    const cards = page.getByTestId('version-card');
    await expect(cards).toHaveCount(2);
    await page.getByRole('button', { name: 'Compare Versions' }).click();
    await cards.nth(1).getByRole('button', { name: 'Select' }).click();
    await cards.first().getByRole('button', { name: 'Select' }).click();
    await expect(page.getByTestId('compare-right').locator('ins.diff-added')).toHaveText(['Sleep helps.']);
    await page.close();
  });

  it("a missing coach's history says so and offers no Retry, since retrying cannot bring it back", async () => {
    const page = await browser.newPage();
    await open(page, app, '/admin/coaches/00000000-0000-4000-8000-000000000000/history');
    await expect(page.getByRole('alert').filter({ hasText: COACH_MESSAGES.notFound })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await page.close();
  });
});
