import { beforeEach, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { browserSuite } from '../support/suite.js';
import { toast } from '../support/chromium.js';
import { open, query } from './coaches-support.js';
import { chooseOption, optionLabels } from '../support/choose-option.js';

/** Issue 11 end to end: mirror (Initialize Prompts on an empty table), daily wisdom, entry analysis, entry suggestions. */

const editor = (page: Page) => page.getByRole('textbox', { name: 'Prompt content', exact: true });
const cards = (page: Page) => page.getByTestId('version-card');

describe('prompt families (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let databaseUrl: string;

  browserSuite((s) => ({ app, browser, databaseUrl } = s));
  beforeEach(async () => {
    await app.op('auth.signOut');
  });

  it('initializes mirror prompts on an empty table, edits one style twice, compares and rolls back', async () => {
    await query(databaseUrl, 'delete from mirror_prompts');
    const page = await browser.newPage({ viewport: { width: 1300, height: 950 } });
    await open(page, app, '/admin/mirror');
    await expect(page.getByTestId('mirror-brief')).toContainText('2-3 paragraphs');
    await expect(page.getByTestId('mirror-detailed')).toContainText('4-6 paragraphs');
    await expect(page.getByTestId('mirror-deep')).toContainText('Multi-section');
    await page.getByRole('button', { name: 'Initialize Prompts' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Initialize mirror prompts?' });
    await dialog.getByRole('button', { name: 'Initialize' }).click();
    await expect(toast(page, 'Prompts initialized')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Initialize Prompts' })).toHaveCount(0);
    for (const t of ['brief', 'detailed', 'deep']) await expect(page.getByTestId(`mirror-${t}`)).toContainText('Version 1 active');
    const rows = await query<{ n: number }>(databaseUrl, 'select count(*)::int n from mirror_prompts where is_active and version = 1');
    assert(rows[0]!.n).toBe(3);

    await page.getByRole('button', { name: 'Edit Deep' }).click();
    await expect(editor(page)).toHaveValue(/^We read the entry below and offer a multi-section reflection/);
    const save = page.getByRole('button', { name: 'Save Prompt' });
    await expect(save).toBeDisabled();
    await editor(page).fill('   ');
    await expect(page.getByTestId('save-problem')).toHaveText('Prompt content is required');
    await editor(page).fill('We read the entry. We name one feeling.');
    await expect(page.getByTestId('unsaved-changes')).toHaveText('Unsaved Changes');
    await save.click();
    await expect(toast(page, 'Prompt saved')).toBeVisible();
    await expect(page.getByTestId('mirror-deep')).toContainText('Version 2 active');
    await expect(page.getByTestId('unsaved-changes')).toHaveCount(0);
    await editor(page).fill('We read the entry. We name two feelings.');
    await save.click();
    await expect(page.getByTestId('mirror-deep')).toContainText('Version 3 active');

    await page.getByRole('link', { name: 'History of Deep' }).click();
    await expect(page.getByRole('heading', { name: 'Mirror Prompt History: Deep' })).toBeVisible();
    await expect(page.getByTestId('mirror-total').locator('.stat-value')).toHaveText('3');
    await expect(cards(page)).toHaveCount(3);
    await page.getByRole('button', { name: 'Compare Versions' }).click();
    await cards(page).nth(1).getByRole('button', { name: 'Select' }).click();
    await cards(page).first().getByRole('button', { name: 'Select' }).click();
    const compare = page.getByRole('region', { name: 'Version comparison' });
    await expect(compare.getByTestId('compare-left').locator('del.diff-removed')).toHaveText(['We name one feeling.']);
    await expect(compare.getByTestId('compare-right').locator('ins.diff-added')).toHaveText(['We name two feelings.']);
    await page.getByRole('button', { name: 'Exit Compare' }).click();
    await cards(page).nth(2).getByRole('button', { name: 'Rollback to this version' }).click();
    await page.getByRole('alertdialog', { name: 'Roll back to version 1?' }).getByRole('button', { name: 'Rollback' }).click();
    await expect(toast(page, 'Rollback successful')).toBeVisible();
    await expect(cards(page)).toHaveCount(4);
    await expect(cards(page).first()).toContainText('Rolled back to version 1');
    await expect(page.getByTestId('mirror-rollbacks').locator('.stat-value')).toHaveText('1');
    await page.close();
  });

  it('daily wisdom: confirms each save (the previous version is deactivated), twice, and asks before leaving unsaved changes', async () => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 950 } });
    await open(page, app, '/admin/daily-wisdom-prompts');
    await expect(page.getByRole('heading', { name: 'Daily Wisdom Prompt Management' })).toBeVisible();
    const before = (await query<{ n: number }>(databaseUrl, 'select max(version)::int n from daily_wisdom_prompts'))[0]!.n;
    for (const [i, text] of ['Write one short wisdom. Quote a thinker.', 'Write one short wisdom. Quote a scientist.'].entries()) {
      await editor(page).fill(text);
      await page.getByLabel('Version notes').fill(`E2E save ${i + 1}`);
      await page.getByRole('button', { name: 'Save Prompt' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Save new version?' });
      await expect(dialog).toContainText(`The previous version (version ${before + i}) is deactivated`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Prompt saved').last()).toBeVisible();
      await expect(page.getByTestId('active-prompt')).toHaveText(text);
    }
    const active = await query<{ version: number }>(databaseUrl, 'select version from daily_wisdom_prompts where is_active');
    assert(active).toEqual([{ version: before + 2 }]);
    // The same text and notes again: nothing to save.
    await expect(page.getByRole('button', { name: 'Save Prompt' })).toBeDisabled();

    await editor(page).fill('Unsaved text.');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    const question = page.getByRole('alertdialog', { name: 'Leave this page?' });
    await expect(question).toContainText('You have unsaved changes. Leave this page and lose them?');
    // Stay is where the focus starts: Enter keeps the page.
    await expect(question.getByRole('button', { name: 'Stay' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(question).toHaveCount(0);
    await expect(page).toHaveURL(/daily-wisdom-prompts$/);
    await page.close();
  });

  it('asks on browser back and forward with unsaved changes; staying keeps the text, leaving leaves', async () => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 950 } });
    await open(page, app, '/admin/daily-wisdom-prompts');
    // In-app history entries around the editor (Back link, then a link to it again): the router handles the pops.
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).not.toHaveURL(/daily-wisdom-prompts$/);
    const away = page.url();
    await page.locator('a[href="/admin/daily-wisdom-prompts"]').first().click();
    await expect(page).toHaveURL(/daily-wisdom-prompts$/);
    const text = 'Unsaved text, kept on back.';
    await editor(page).fill(text);
    // What the administrator sees before going back: the page knows of the change.
    const unsaved = page.getByTestId('unsaved-changes');
    await expect(unsaved).toHaveText('Unsaved Changes');
    // The leave question is the kit's dialog; answer it with Stay or Leave.
    const question = page.getByRole('alertdialog', { name: 'Leave this page?' });
    const answer = async (leave: boolean) => {
      await expect(question).toContainText('You have unsaved changes. Leave this page and lose them?');
      await question.getByRole('button', { name: leave ? 'Leave' : 'Stay' }).click();
      await expect(question).toHaveCount(0);
    };

    // Back: asked; staying keeps the page and the text.
    await page.goBack();
    await answer(false);
    await expect(page).toHaveURL(/daily-wisdom-prompts$/);
    await expect(editor(page)).toHaveValue(text);
    await expect(unsaved).toHaveText('Unsaved Changes');
    // Back again, leaving this time.
    await page.goBack();
    await answer(true);
    await expect.poll(() => page.url()).toBe(away);

    // Forward: back to the first editor entry (nothing unsaved: no question), then unsaved changes and forward.
    await page.goBack();
    await expect(page).toHaveURL(/daily-wisdom-prompts$/);
    await expect(editor(page)).not.toHaveValue(text);
    await expect(question).toHaveCount(0);
    await editor(page).fill(text);
    await expect(unsaved).toHaveText('Unsaved Changes');
    await page.goForward();
    await answer(false);
    await expect(page).toHaveURL(/daily-wisdom-prompts$/);
    await expect(editor(page)).toHaveValue(text);
    await page.close();
  });

  it('entry analysis: inserts placeholders at the cursor and previews 500 characters in the history', async () => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 950 } });
    await open(page, app, '/admin/entry-analysis-prompts');
    const long = 'Analyse the entry with care. ' + 'Look for themes and symbols. '.repeat(20);
    await editor(page).fill(long + 'END');
    // Cursor right before END.
    await editor(page).evaluate((el: HTMLTextAreaElement, at: number) => el.setSelectionRange(at, at), long.length);
    await page.getByRole('button', { name: 'Insert USER_GOALS' }).click();
    await expect(editor(page)).toHaveValue(`${long}{{USER_GOALS}}END`);
    for (const name of ['BLOCK_CONTENT', 'EXPANDED_CONTENT', 'USER_CHALLENGES', 'RECENT_THEMES', 'EXISTING_TAGS', 'SYMBOLS_CONTEXT']) {
      await expect(page.getByRole('button', { name: `Insert ${name}` })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Save Prompt' }).click();
    await expect(toast(page, 'Prompt saved')).toBeVisible();
    const newest = cards(page).first();
    await expect(newest).toContainText('Current');
    await expect(newest.getByTestId('version-text')).toHaveText(`${`${long}{{USER_GOALS}}END`.slice(0, 500)}...`);
    await editor(page).fill(`${long}{{USER_GOALS}} and {{SYMBOLS_CONTEXT}}.`);
    await page.getByRole('button', { name: 'Save Prompt' }).click();
    await expect(toast(page, 'Prompt saved').last()).toBeVisible();
    await expect(cards(page).first()).toContainText('Current');
    await page.close();
  });

  it('entry suggestions: the two suggestion models, saved twice', async () => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 950 } });
    await open(page, app, '/admin/block-suggestion-prompts');
    await expect(page.getByRole('heading', { name: 'Entry Suggestion Prompts' })).toBeVisible();
    const model = page.getByLabel('Model');
    assert(await optionLabels(model)).toEqual(['gemini-2.5-flash', 'gemini-2.5-flash-preview']);
    await chooseOption(model, { value: 'gemini-2.5-flash-preview' });
    await page.getByRole('button', { name: 'Save Prompt' }).click();
    await expect(toast(page, 'Prompt saved')).toBeVisible();
    await editor(page).fill('Suggest three next entries. Keep them short.');
    await page.getByRole('button', { name: 'Save Prompt' }).click();
    await expect(page.getByTestId('active-prompt')).toHaveText('Suggest three next entries. Keep them short.');
    const rows = await query<{ model: string }>(databaseUrl, "select generation_params->>'model' model from block_suggestion_prompts where is_active");
    assert(rows).toEqual([{ model: 'gemini-2.5-flash-preview' }]);
    await page.close();
  });
});
