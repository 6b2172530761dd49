import { describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import { adminPageSuite } from '../support/suite.js';
import { DEMO } from '../support/chromium.js';
import { describeFindings, seriousViolations } from '../support/axe.js';
import { query } from '../support/sql.js';

/** Issue 17 part 2: Ctrl+K from two screens, arrows, Enter, Esc returning focus, a user by e-mail, the `?` sheet, axe. */

describe('command palette and shortcut sheet (browser mode)', () => {
  let page: Page;
  let databaseUrl: string;

  adminPageSuite('/admin/coaches', (s) => ({ page, databaseUrl } = s));

  const palette = () => page.getByRole('dialog', { name: 'Command palette' });
  const box = () => palette().getByRole('combobox', { name: 'Search screens and items' });
  const option = (name: string | RegExp) => palette().getByRole('option', { name });

  /** Types the text; the index refreshes in the background, so a result not there yet is asked for again. */
  async function typeUntil(text: string, expected: string | RegExp): Promise<void> {
    await expect(async () => {
      await box().fill('');
      await box().pressSequentially(text);
      await expect(option(expected).first()).toBeVisible({ timeout: 1500 });
    }).toPass({ timeout: 20_000 });
  }

  const activeOption = () =>
    page.evaluate(() => {
      const id = document.querySelector('[role="combobox"]')?.getAttribute('aria-activedescendant');
      return id ? (document.getElementById(id)?.querySelector('.palette-title')?.textContent ?? null) : null;
    });

  it('opens with Ctrl+K on the coaches screen, moves with the arrows and opens a screen with Enter, with no serious axe finding', async () => {
    await expect(page.getByRole('heading', { name: 'Coach Management' })).toBeVisible();
    await page.keyboard.press('Control+k');
    await expect(palette()).toBeVisible();
    await expect(box()).toBeFocused();
    await box().pressSequentially('feedback');
    await expect(option(/^Feedback Management/)).toBeVisible();
    await expect(option(/^Deleted Feedback/)).toBeVisible();
    assert(await activeOption()).toBe('Feedback Management');
    await page.keyboard.press('ArrowDown');
    assert(await activeOption()).toBe('Deleted Feedback');
    await expect(option(/^Deleted Feedback/)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    assert(await activeOption()).toBe('Feedback Management');
    await page.keyboard.press('ArrowUp');
    assert(await activeOption()).not.toBe('Feedback Management');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assert(await activeOption()).toBe('Deleted Feedback');
    const findings = await seriousViolations(page);
    assert(findings, describeFindings(findings)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(palette()).toBeHidden();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/feedback/deleted');
    await expect(page.getByRole('heading', { name: 'Deleted Feedback', level: 1 })).toBeVisible();
  });

  it('opens from a second screen too, and Esc closes it and returns focus where it was', async () => {
    const link = page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Feature Flags' });
    await link.focus();
    await page.keyboard.press('Control+k');
    await expect(palette()).toBeVisible();
    await box().pressSequentially('dash');
    await expect(option(/^Admin Dashboard/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette()).toBeHidden();
    await expect(link).toBeFocused();
    // Opened again, the box is empty.
    await page.keyboard.press('Control+k');
    await expect(box()).toHaveValue('');
    await page.keyboard.press('Escape');
  });

  it('finds a coach by part of its name, opens its edit screen and keeps it as the first recent item', async () => {
    const [coach] = await query<{ id: string; name: string }>(databaseUrl, 'select id, name from coaches order by name limit 1');
    assert(coach).toBeDefined();
    await page.keyboard.press('Control+k');
    await typeUntil(coach!.name.slice(0, 6), new RegExp(`^${escapeRe(coach!.name)}.*Coach$`));
    await option(new RegExp(`^${escapeRe(coach!.name)}.*Coach$`))
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/coaches/${coach!.id}`);
    await page.keyboard.press('Control+k');
    await expect(option(/Recent coach$/).first()).toContainText(coach!.name);
    await page.keyboard.press('Escape');
  });

  it('finds a user by part of the e-mail (from the users replica) and opens the user detail', async () => {
    const [member] = await query<{ id: string }>(databaseUrl, 'select id from profiles where email = $1', [DEMO.member]);
    // The users replica (issue 17 part 1) fills when the Users screen opens; the palette picks up its sync.
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page.getByTestId('users-synced')).toHaveText(/^Synced /, { timeout: 60_000 });
    await page.keyboard.press('Control+k');
    await typeUntil('member@refl', /^member@reflect\.local/);
    await expect(option(/^member@reflect\.local/).first()).toContainText(member!.id);
    await box().press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/users/${member!.id}`);
    await expect(page.getByRole('heading', { name: DEMO.member, level: 1 })).toBeVisible();
  });

  it('opens the shortcut sheet with ?, not while typing in a field, with no serious axe finding', async () => {
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Feature Flags' }).click();
    const search = page.getByLabel('Search by email');
    await search.focus();
    await page.keyboard.type('?');
    await expect(search).toHaveValue('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
    await search.fill('');

    const heading = page.getByRole('heading', { name: 'User Feature Flags', level: 1 });
    await page.locator('#main').focus();
    await page.keyboard.press('Shift+?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText('Open the command palette')).toBeVisible();
    await expect(sheet.locator('.shortcut-row', { hasText: 'Open the command palette' })).toContainText('Ctrl+K');
    await expect(sheet.getByText('Save the response')).toBeVisible();
    await expect(sheet.getByText('Pick up the focused card or product (again to drop it)')).toBeVisible();
    const findings = await seriousViolations(page);
    assert(findings, describeFindings(findings)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(heading).toBeVisible();
    await expect(page.locator('#main')).toBeFocused();
  });

  it('opens a flag override as the flags screen searched for its e-mail', async () => {
    // The flags screen above kept its list: the overrides are in the index.
    const [flag] = await query<{ email: string; feature_key: string }>(
      databaseUrl,
      'select p.email, f.feature_key from user_feature_flags f join profiles p on p.id = f.user_id order by p.email limit 1',
    );
    if (!flag) return;
    await page.keyboard.press('Control+k');
    await typeUntil(`${flag.feature_key} ${flag.email.slice(0, 5)}`, /Flag override$/);
    await box().press('Enter');
    await expect(page.getByLabel('Search by email')).toHaveValue(flag.email);
  });
});

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
