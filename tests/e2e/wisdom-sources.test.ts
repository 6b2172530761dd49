import { describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Locator, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { describeFindings, seriousViolations } from '../support/axe.js';
import { adminPageSuite } from '../support/suite.js';
import { toast } from '../support/chromium.js';
import { query } from '../support/sql.js';
import { chooseOption, expectChosen } from '../support/choose-option.js';

/** Issue 10, wisdom sources end to end: add with each required-field message, edit in place, toggle, filter, sort, delete by keyboard, axe. */

interface Row {
  id: string;
  name: string;
  description: string;
  category: string;
  time_period: string | null;
  cultural_background: string | null;
  expertise_areas: string[];
  is_active: boolean;
}

const REQUIRED = 'Please fill in all required fields';

describe('wisdom sources (browser mode)', () => {
  let app: BrowserMode;
  let page: Page;
  let db: string;
  const rows = async () =>
    query<Row>(db, 'select id::text, name, description, category, time_period, cultural_background, expertise_areas, is_active from wisdom_sources');
  const cards = () => page.getByTestId('wisdom-card');
  const card = (name: string): Locator => cards().filter({ has: page.getByRole('heading', { name, exact: true }) });
  const names = () => cards().evaluateAll((els) => els.map((e) => e.querySelector('h2')?.textContent ?? ''));
  const dismissToasts = async () => {
    const toasts = page.locator('.toast');
    await expect(async () => {
      if (await toasts.count()) await toasts.first().getByRole('button', { name: 'Dismiss' }).click({ timeout: 1000 });
      assert(await toasts.count()).toBe(0);
    }).toPass();
  };

  adminPageSuite('/admin/wisdom-sources', (s) => ({ app, databaseUrl: db, page } = s));

  it('shows every source, newest first, with stats equal to SQL and four badges then +N more', async () => {
    const all = await rows();
    await expect(cards()).toHaveCount(all.length);
    const newest = await query<{ name: string }>(db, 'select name from wisdom_sources order by created_at desc, name');
    await expect.poll(names).toEqual(newest.map((r) => r.name));
    const active = all.filter((r) => r.is_active).length;
    await expect(page.getByTestId('stat-total')).toContainText(String(all.length));
    await expect(page.getByTestId('stat-active')).toContainText(String(active));
    await expect(page.getByTestId('stat-inactive')).toContainText(String(all.length - active));
    await expect(page.getByTestId('stat-categories')).toContainText(String(new Set(all.map((r) => r.category)).size));
    // Maya Angelou has six areas: four badges, then +2 more.
    const maya = card('Maya Angelou').getByRole('list', { name: 'Expertise of Maya Angelou' }).getByRole('listitem');
    await expect(maya).toHaveCount(5);
    await expect(maya.last()).toHaveText('+2 more');
    await expect(card('Seneca').getByRole('listitem')).toHaveCount(3);
  });

  it('adds a source: each missing required field is refused with the message, then the text is saved trimmed', async () => {
    const before = (await rows()).length;
    await page.getByRole('button', { name: 'Add Source' }).click();
    const form = page.getByRole('form', { name: 'Add wisdom source' });
    const submit = form.getByRole('button', { name: 'Create Source' });

    await submit.click(); // nothing filled in
    await expect(toast(page, REQUIRED)).toBeVisible();
    // Each missing field says so beside it (the kit ties the text to the control).
    for (const label of ['Name *', 'Description *', 'Category *']) {
      await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByLabel(label)).toHaveAccessibleDescription('This field is required');
    }
    await dismissToasts();
    await form.getByLabel('Name *').fill('  Hypatia of Alexandria  ');
    await submit.click(); // description missing
    await expect(toast(page, REQUIRED)).toBeVisible();
    await dismissToasts();
    await form.getByLabel('Description *').fill('   ');
    await submit.click(); // description blank after trimming
    await expect(toast(page, REQUIRED)).toBeVisible();
    await dismissToasts();
    await form.getByLabel('Description *').fill('  Mathematician, astronomer and teacher.  ');
    await submit.click(); // category missing (create only)
    await expect(toast(page, REQUIRED)).toBeVisible();
    await expect(form.getByLabel('Name *')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Category *')).toHaveAttribute('aria-invalid', 'true');
    await dismissToasts();
    assert((await rows()).length).toBe(before);

    await chooseOption(form.getByLabel('Category *'), { value: 'scientist' });
    await chooseOption(form.getByLabel('Time Period'), { value: 'classical' });
    await form.getByLabel('Cultural Background').fill('  Greek  ');
    for (const area of ['Learning', 'Curiosity', 'Ethics', 'Wisdom', 'Courage', 'Excellence']) await form.getByLabel(area, { exact: true }).check();
    await submit.click();
    await expect(form).toHaveCount(0);
    const hypatia = card('Hypatia of Alexandria');
    await expect(hypatia).toBeVisible();
    await expect(hypatia.getByRole('listitem').last()).toHaveText('+2 more');
    await expect(cards().first()).toContainText('Hypatia of Alexandria'); // newest first
    const row = (await rows()).find((r) => r.name === 'Hypatia of Alexandria');
    assert(row).toMatchObject({
      description: 'Mathematician, astronomer and teacher.',
      category: 'scientist',
      time_period: 'classical',
      cultural_background: 'Greek',
      expertise_areas: ['learning', 'curiosity', 'ethics', 'wisdom', 'courage', 'excellence'],
      is_active: true,
    });
    await expect(page.getByTestId('stat-total')).toContainText(String(before + 1));
  });

  it("edits in place: update needs name and description, and 'None' clears the time period", async () => {
    await card('Seneca').getByRole('button', { name: 'Edit Seneca' }).click();
    const form = page.getByRole('form', { name: 'Edit Seneca' });
    await expect(form).toBeVisible();
    await expectChosen(form.getByLabel('Time Period'), 'classical');
    await form.getByLabel('Description *').fill(' ');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, REQUIRED)).toBeVisible();
    await dismissToasts();
    await form.getByLabel('Description *').fill('  Stoic who wrote letters on the shortness of life.  ');
    await chooseOption(form.getByLabel('Time Period'), { value: 'none' });
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(form).toHaveCount(0);
    await expect(card('Seneca')).toContainText('Stoic who wrote letters on the shortness of life.');
    await expect(card('Seneca')).not.toContainText('Classical');
    const row = (await rows()).find((r) => r.name === 'Seneca');
    assert(row).toMatchObject({ description: 'Stoic who wrote letters on the shortness of life.', time_period: null, category: 'philosopher' });
  });

  it('toggles a source inactive and back with its button', async () => {
    const activeBefore = (await rows()).filter((r) => r.is_active).length;
    const curie = card('Marie Curie');
    await curie.getByRole('button', { name: 'Deactivate Marie Curie' }).click();
    await expect(curie.getByRole('button', { name: 'Activate Marie Curie' })).toBeVisible();
    await expect(curie).toContainText('Inactive');
    await expect(page.getByTestId('stat-active')).toContainText(String(activeBefore - 1));
    await expect.poll(async () => (await rows()).find((r) => r.name === 'Marie Curie')?.is_active).toBe(false);
    await curie.getByRole('button', { name: 'Activate Marie Curie' }).click();
    await expect.poll(async () => (await rows()).find((r) => r.name === 'Marie Curie')?.is_active).toBe(true);
    await expect(page.getByTestId('stat-active')).toContainText(String(activeBefore));
  });

  it('filters by search, category and status, and sorts', async () => {
    const all = await rows();
    const search = page.getByRole('searchbox', { name: 'Search wisdom sources' });
    await search.fill('  STOIC ');
    await expect.poll(async () => (await names()).sort()).toEqual(['Marcus Aurelius', 'Seneca']);
    await search.fill('shame-resilience'); // an expertise area
    await expect.poll(names).toEqual(['Brené Brown']);
    await search.fill('');

    await chooseOption(page.getByLabel('Filter by category'), { value: 'philosopher' });
    await expect
      .poll(async () => (await names()).sort())
      .toEqual(
        all
          .filter((r) => r.category === 'philosopher')
          .map((r) => r.name)
          .sort(),
      );
    await chooseOption(page.getByLabel('Filter by category'), { value: 'all' });
    await chooseOption(page.getByLabel('Filter by status'), { value: 'inactive' });
    await expect
      .poll(async () => (await names()).sort())
      .toEqual(
        all
          .filter((r) => !r.is_active)
          .map((r) => r.name)
          .sort(),
      );
    await chooseOption(page.getByLabel('Filter by status'), { value: 'active' });
    await expect(cards()).toHaveCount(all.filter((r) => r.is_active).length);
    await chooseOption(page.getByLabel('Filter by status'), { value: 'all' });
    await expect(page.getByTestId('wisdom-count')).toHaveText(`Showing ${all.length} of ${all.length}`);

    const sort = page.getByLabel('Sort wisdom sources');
    const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
    await chooseOption(sort, 'Name (A-Z)');
    await expect.poll(names).toEqual(all.map((r) => r.name).sort(byName));
    await chooseOption(sort, 'Name (Z-A)');
    await expect.poll(names).toEqual(all.map((r) => r.name).sort((a, b) => byName(b, a)));
    await chooseOption(sort, 'Oldest');
    await expect.poll(names).toEqual((await query<{ name: string }>(db, 'select name from wisdom_sources order by created_at, name')).map((r) => r.name));
    await chooseOption(sort, 'Recently updated');
    await expect.poll(names).toEqual((await query<{ name: string }>(db, 'select name from wisdom_sources order by updated_at desc, name')).map((r) => r.name));
    await chooseOption(sort, 'Category (Z-A)');
    const cats = await cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-category') ?? ''));
    assert(cats).toEqual([...cats].sort().reverse());
    await chooseOption(sort, 'Active first');
    const active = all
      .filter((r) => r.is_active)
      .map((r) => r.name)
      .sort(byName);
    const inactive = all
      .filter((r) => !r.is_active)
      .map((r) => r.name)
      .sort(byName);
    await expect.poll(names).toEqual([...active, ...inactive]);
  });

  it('deletes a source after confirmation, by keyboard; Escape keeps it', async () => {
    const target = card('Sara Blakely');
    await target.getByRole('button', { name: 'Delete Sara Blakely' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete wisdom source?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    assert((await rows()).some((r) => r.name === 'Sara Blakely')).toBe(true);

    await target.getByRole('button', { name: 'Delete Sara Blakely' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(card('Sara Blakely')).toHaveCount(0);
    assert((await rows()).some((r) => r.name === 'Sara Blakely')).toBe(false);
  });

  it('has no serious or critical axe violation, with the add form and an edit form open', async () => {
    await page.getByRole('button', { name: 'Add Source' }).click();
    await card('Confucius').getByRole('button', { name: 'Edit Confucius' }).click();
    await expect(page.getByRole('form', { name: 'Edit Confucius' })).toBeVisible();
    const findings = await seriousViolations(page);
    assert(findings, describeFindings(findings)).toEqual([]);
  });
  it('offline: shows the kept list with its time; a failed toggle or create says so and changes nothing', async () => {
    await page.reload();
    // A reload boots the page again; on a loaded 2-core machine the first answer can take several seconds.
    await expect(cards().first()).toBeVisible({ timeout: 30_000 });
    const count = await cards().count();
    await app.hook('backend-stop');
    try {
      await page.reload();
      await expect(page.getByText(/^Offline: showing data from /)).toBeVisible();
      await expect(cards()).toHaveCount(count);
      const seneca = card('Seneca');
      await seneca.getByRole('button', { name: 'Deactivate Seneca' }).click();
      await expect(toast(page, /Failed to update wisdom source: The backend cannot be reached/)).toBeVisible();
      await expect(seneca.getByRole('button', { name: 'Deactivate Seneca' })).toBeVisible();
      await expect(seneca).toContainText('Active');

      await page.getByRole('button', { name: 'Add Source' }).click();
      const form = page.getByRole('form', { name: 'Add wisdom source' });
      await form.getByLabel('Name *').fill('Offline Sage');
      await form.getByLabel('Description *').fill('Never saved.');
      await chooseOption(form.getByLabel('Category *'), { value: 'author' });
      await form.getByRole('button', { name: 'Create Source' }).click();
      await expect(toast(page, /Failed to create wisdom source: The backend cannot be reached/)).toBeVisible();
      await expect(form).toBeVisible(); // the draft stays for another try
    } finally {
      await app.hook('backend-start');
      db = (await app.hook<{ databaseUrl: string }>('backend-info')).databaseUrl;
    }
    assert((await rows()).some((r) => r.name === 'Offline Sage')).toBe(false);
    assert((await rows()).find((r) => r.name === 'Seneca')?.is_active).toBe(true);
  });
});
