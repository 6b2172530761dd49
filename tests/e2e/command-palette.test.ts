import fs from 'node:fs';
import path from 'node:path';
import { describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { adminPageSuite } from '../support/suite.js';
import { DEMO, signIn } from '../support/chromium.js';
import { describeFindings, seriousViolations } from '../support/axe.js';
import { query } from '../support/sql.js';
import { expectChosen } from '../support/choose-option.js';

/** Issue 17 part 2: Ctrl+K from two screens, arrows, Enter, Esc returning focus, a user by e-mail, the `?` sheet, axe. */

describe('command palette and shortcut sheet (browser mode)', () => {
  let page: Page;
  let databaseUrl: string;
  let app: BrowserMode;

  adminPageSuite('/admin/coaches', (s) => ({ page, databaseUrl, app } = s));

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
      const id = document.querySelector('[role="dialog"] [role="combobox"]')?.getAttribute('aria-activedescendant');
      return id ? (document.getElementById(id)?.querySelector('.palette-title')?.textContent ?? null) : null;
    });

  it('finds a user typed right after sign-in, before Users was ever opened (issue 28)', async () => {
    // Signed out (the palette's index of this admin is forgotten), then in again, and asked at once: the users
    // replica is on its sync and the index holds no user yet; the e-mail is found (from the server until then).
    await app.op('auth.signOut');
    await signIn(page, app.url, DEMO.admin);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\//);
    await expect(page.getByRole('navigation', { name: 'Admin navigation' })).toBeVisible();
    await page.keyboard.press('Control+k');
    await box().pressSequentially(DEMO.member.slice(0, 11));
    await expect(option(new RegExp(`^${escapeRe(DEMO.member)}`)).first()).toBeVisible({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await page.goto(`${app.origin}/admin/coaches`);
  });

  it('names the screen and the connection in the window title', async () => {
    await expect(page).toHaveTitle(/^Coaches — .+ — Reflect Admin$/);
    const name = await page.locator('.profile-badge-name').textContent();
    await expect(page).toHaveTitle(`Coaches — ${name} — Reflect Admin`);
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

  it('opens near the top, does not move as results arrive, and shows whole rows only', async () => {
    await page.keyboard.press('Control+k');
    const before = await box().boundingBox();
    const height = page.viewportSize()!.height;
    assert(before!.y).toBeLessThan(height * 0.25);
    await box().pressSequentially('e');
    await expect(option(/./).first()).toBeVisible();
    await box().pressSequentially('m');
    await page.waitForTimeout(300);
    const after = await box().boundingBox();
    assert(after!.y).toBe(before!.y);
    const rows = await palette()
      .getByRole('listbox')
      .evaluate((list) => ({ list: list.clientHeight, rows: [...list.children].map((c) => (c as HTMLElement).offsetHeight) }));
    assert(rows.rows.length).toBeGreaterThan(0);
    assert(new Set(rows.rows).size).toBe(1);
    assert(rows.list % rows.rows[0]!).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('runs actions with their shortcuts shown: Grant feature flag opens its dialog, Keyboard Shortcuts the sheet', async () => {
    await expect(page.locator('#main h1')).toBeVisible();
    await page.keyboard.press('Control+k');
    await box().pressSequentially('refresh');
    await expect(option(/^Refresh this screen/)).toContainText('Ctrl+R');
    await box().fill('');
    await box().pressSequentially('grant');
    // A recent flag override may match the word too: the action is picked by name.
    await option(/^Grant feature flag/).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/feature-flags');
    const grant = page.getByRole('dialog', { name: 'Grant Feature Flag' });
    await expect(grant).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(grant).toBeHidden();
    // Back and a reload do not open it again.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'User Feature Flags', level: 1 })).toBeVisible();
    await expect(grant).toBeHidden();
    await page.keyboard.press('Control+k');
    await box().pressSequentially('keyboard sh');
    await box().press('Enter');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  it('go-to sequences, / for the search, Ctrl+R refreshes the data without a reload, Ctrl+[ and ] go back and forward', async () => {
    await page.locator('#main').focus();
    await page.keyboard.press('g');
    await page.keyboard.press('u');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/users');
    await expect(page).toHaveTitle(/^Users — .+ — Reflect Admin$/);
    await page.locator('#main').focus();
    await page.keyboard.press('g');
    await page.keyboard.press('f');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/feedback');
    await expect(page.getByTestId('board-count')).toBeVisible();
    await page.locator('#main').focus();
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search feedback' })).toBeFocused();
    // Typing in the field: the keys are text, not shortcuts.
    await page.keyboard.type('g u');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/feedback');
    await page.getByRole('searchbox', { name: 'Search feedback' }).fill('');

    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'kept'));
    // A read still on its way for a text typed above (no answer yet) is the fresh one, so Ctrl+R sends nothing new
    // then: press again until the board is asked.
    await expect(async () => {
      const asked = page.waitForRequest((r) => r.url().includes('/api/op/feedback.board'), { timeout: 3000 });
      await page.keyboard.press('Control+r');
      await asked;
    }).toPass({ timeout: 20_000 });
    assert(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('kept');

    await page.keyboard.press('Control+[');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/users');
    await page.keyboard.press('Control+]');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/feedback');
    assert(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('kept');
  });

  it('the shortcut sheet lists the new keys, has a Close button and one scrolling part', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    try {
      await page.locator('#main').focus();
      await page.keyboard.press('Shift+?');
      const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(sheet).toBeVisible();
      await expect(sheet.locator('.shortcut-row', { hasText: 'Go to Users' })).toContainText('G then U');
      await expect(sheet.locator('.shortcut-row', { hasText: "Refresh this screen's data" })).toContainText('Ctrl+R');
      const scrolling = await sheet.evaluate((panel) =>
        [panel, ...panel.querySelectorAll('*')]
          .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight)
          .map((el) => el.getAttribute('aria-label') ?? el.className),
      );
      assert(scrolling).toEqual(['All shortcuts']);
      await sheet.getByRole('button', { name: 'Close' }).click();
      await expect(sheet).toBeHidden();
    } finally {
      await page.setViewportSize({ width: 1300, height: 950 });
    }
  });

  it('Sign out from the palette, then a sign-in opens the last screen of this connection, filters included', async () => {
    await page.goto(`${app.origin}/admin/feedback?type=bug`);
    await expectChosen(page.getByLabel('Filter by type'), 'bug');
    await page.keyboard.press('Control+k');
    await box().pressSequentially('sign out');
    await box().press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/auth');
    await page.getByRole('form', { name: 'Sign in' }).getByLabel('E-mail').fill(DEMO.admin);
    await page.getByRole('form', { name: 'Sign in' }).getByLabel('Password').fill(DEMO.password);
    await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/admin/feedback?type=bug');
    await expectChosen(page.getByLabel('Filter by type'), 'bug');

    // The window also reported it to main, which opens it after the next launch's sign-in (browser mode's next
    // launch has another port, so another origin and empty storage): tests/e2e/toolkit.test.ts relaunches on it.
    const prefs = path.join(app.dataDir, 'preferences.json');
    await expect
      .poll(() => (JSON.parse(fs.readFileSync(prefs, 'utf8')) as { lastScreens?: Record<string, string> }).lastScreens?.demo)
      .toBe('/admin/feedback?type=bug');
    // This launch still answers what it began with: another window signing in starts at the dashboard.
    assert((await app.op<{ lastScreen: string | null }>('app.info')).data?.lastScreen).toBeNull();
  });
});

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
