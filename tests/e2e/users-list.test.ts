// /admin/users in browser mode, answered by main from its replica of admin-get-users (issue 17.1): first rows,
// search, each of the nine filters, each sort both ways, the sync time and Refresh, the list offline, the row's
// actions and the CSV export with its file read back (F1, F2).
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { startBrowserAndChromium } from '../support/browser-and-chromium.js';
import { toast } from '../support/chromium.js';
import { USER_FILTERS, USER_FILTER_LABELS } from '../../shared/rules/users/filters.js';
import { USER_SORT_KEYS, USER_SORT_LABELS } from '../../shared/rules/users/list.js';
import { USER_CSV_COLUMNS, userCsvRecord, userExportFileName } from '../../shared/rules/users/csv.js';
import type { AdminUserRow } from '../../shared/rules/users/types.js';
import type { UserListPage } from '../../shared/contract/areas/users.js';
import { naiveView } from '../fixtures/users-naive.js';
import { parseCsv } from '../fixtures/users-csv.js';
import { createAuthUser, createFullUser, type FullUser } from '../fixtures/users-rows.js';
import { connectDb, countForFilter, openUsers, shownCount, shownEmails, storageRootOf } from '../fixtures/users-e2e.js';
import { chooseOption, expectChosen } from '../support/choose-option.js';

describe('user management list (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let db: pg.Client;
  let full: FullUser;
  let page: Page;
  beforeAll(async () => {
    [app, browser] = await startBrowserAndChromium();
    db = await connectDb(app);
    full = await createFullUser(db, storageRootOf(app));
  });
  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await app?.stop();
  });
  beforeEach(async () => {
    await app.op('auth.signOut');
    page = await browser.newPage();
    await openUsers(page, app);
  });

  /** Every user in the replica's list order (newest first), page by page as the screen reads them. */
  const rows = async (): Promise<AdminUserRow[]> => {
    const all: AdminUserRow[] = [];
    for (let offset = 0; ; offset += 500) {
      const r = await app.op<UserListPage>('users.page', { filter: 'all', search: '', sort: { key: 'created', direction: 'desc' }, offset, limit: 500 });
      if (!r.ok || !r.data) throw new Error(r.message);
      all.push(...r.data.rows);
      if (offset + 500 >= r.data.matched) return all;
    }
  };

  it('lists every user newest first with the sync time, searches by e-mail or id, and opens a user on a row click', async () => {
    const total = (await db.query('select count(*)::int n from auth.users')).rows[0].n as number;
    assert(await shownCount(page)).toEqual([total, total]);
    await expect(page.getByTestId('users-synced')).toHaveText(/^Synced (just now|\d+ minutes? ago)$/);
    // The exact time of "Synced just now" is a keyboard stop of its own, shown in the kit's tooltip on focus.
    await page.getByTestId('users-synced').focus();
    await expect(page.getByRole('tooltip')).toHaveText(/\d{1,2}:\d{2}/);
    await page.keyboard.press('Escape');
    const newest = (await db.query<{ email: string }>('select email from auth.users order by created_at desc, id desc limit 3')).rows.map((r) => r.email);
    assert((await shownEmails(page)).slice(0, 3)).toEqual(newest);
    const search = page.getByLabel('Search');
    await search.fill('  ADMIN@reflect ');
    await expect(page.getByTestId('users-count')).toHaveText(`Showing 1 of ${total.toLocaleString('en-US')} users`);
    assert(await shownEmails(page)).toEqual(['admin@reflect.local']);
    await search.fill(full.id.slice(0, 13));
    await expect.poll(() => shownEmails(page)).toEqual([full.email]);
    await search.fill('no-such-user-anywhere');
    await expect(page.getByText('No users match the search and filter.')).toBeVisible();
    await search.fill(full.email);
    await page
      .getByRole('row', { name: new RegExp(full.email) })
      .getByRole('cell')
      .nth(2)
      .click();
    await expect.poll(() => page.url()).toMatch(new RegExp(`/admin/users/${full.id}$`));
    await expect(page.getByRole('heading', { name: 'User Overview' })).toBeVisible();
    await page.close();
  });

  it('applies each of the nine filters, with the counts of the database', async () => {
    const filter = page.getByLabel('Filter');
    for (const f of USER_FILTERS) {
      await chooseOption(filter, USER_FILTER_LABELS[f]);
      const expected = await countForFilter(db, f);
      await expect(page.getByTestId('users-count')).toHaveText(new RegExp(`^Showing ${expected.toLocaleString('en-US')} of `));
      assert(expected, `${f} selects someone in the demo`).toBeGreaterThan(0);
    }
    await chooseOption(filter, { value: 'past_due' });
    await expect(page.getByTestId('users-count')).toHaveText(new RegExp(`^Showing ${(await countForFilter(db, 'past_due')).toLocaleString('en-US')} of `));
    const badges = await page.locator('.users-data-row .badge').allTextContents();
    assert(badges.length).toBeGreaterThan(0);
    assert(new Set(badges)).toEqual(new Set(['Past Due']));

    // The search, filter and sort are in the address (issue 28): a reload and Back/Forward show them again.
    await page.getByLabel('Search').fill('@');
    const email = page.getByRole('columnheader', { name: 'Email' });
    await email.getByRole('button').click();
    await expect(email).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ filter: 'past_due', q: '@', sort: 'email', dir: 'asc' });
    await expect(page.getByTestId('users-count')).toHaveText(new RegExp(`^Showing ${(await countForFilter(db, 'past_due')).toLocaleString('en-US')} of `));
    const shown = await page.getByTestId('users-count').textContent();
    await page.reload();
    await expect(page.getByLabel('Search')).toHaveValue('@');
    await expectChosen(filter, 'past_due');
    await expect(email).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByTestId('users-count')).toHaveText(shown!);
    await page.goBack();
    await expect(page.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
    await expectChosen(filter, 'past_due');
    await page.goForward();
    await expect(email).toHaveAttribute('aria-sort', 'ascending');
    await page.close();
  });

  it('sorts by each column both ways; a missing last login sorts last when ascending', async () => {
    const all = await rows();
    for (const key of USER_SORT_KEYS) {
      const header = page.getByRole('columnheader', { name: USER_SORT_LABELS[key] });
      for (const direction of ['asc', 'desc'] as const) {
        await header.getByRole('button').click();
        await expect(header).toHaveAttribute('aria-sort', direction === 'asc' ? 'ascending' : 'descending');
        const expected = naiveView(all, { filter: 'all', search: '', sort: { key, direction } })
          .slice(0, 6)
          .map((r) => r.user_email);
        await expect.poll(async () => (await shownEmails(page)).slice(0, 6), { message: `${key} ${direction}` }).toEqual(expected);
      }
    }
    // Last login ascending: scroll to the end, where the users who never signed in are.
    const lastLogin = page.getByRole('columnheader', { name: 'Last Login' });
    await lastLogin.getByRole('button').click();
    await expect(lastLogin).toHaveAttribute('aria-sort', 'ascending');
    assert(all.some((r) => r.last_sign_in_at === null)).toBe(true);
    await page.getByTestId('users-scroller').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(page.locator('.users-data-row').last().getByRole('cell').nth(6)).toHaveText('Never');
    await page.close();
  });

  it('refreshes the list from the backend: a new user appears, a deleted one leaves', async () => {
    const [, before] = await shownCount(page);
    const id = await createAuthUser(db, 'refresh-me@fixture.test');
    try {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(page.getByTestId('users-count')).toHaveText(
        `Showing ${(before + 1).toLocaleString('en-US')} of ${(before + 1).toLocaleString('en-US')} users`,
      );
      assert(await shownEmails(page)).toContain('refresh-me@fixture.test');
    } finally {
      await db.query('delete from auth.users where id = $1', [id]);
    }
    // Deleted on the server: the next refresh drops it from the list, here by Ctrl+R, which syncs the list as its
    // Refresh button does and never reloads the page (a mark set on the page survives).
    await page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Control+r');
    await expect(page.getByTestId('users-count')).toHaveText(`Showing ${before.toLocaleString('en-US')} of ${before.toLocaleString('en-US')} users`);
    await expect(page.getByTestId('users-synced')).toHaveText(/^Synced just now$/);
    assert(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    await page.close();
  });

  it('exports the shown users to a CSV file, says where, and neutralises formulas (F1, F2)', async () => {
    await chooseOption(page.getByLabel('Filter'), { value: 'past_due' });
    await page.getByRole('columnheader', { name: 'Email' }).getByRole('button').click();
    const expectedRows = naiveView(await rows(), { filter: 'past_due', search: '', sort: { key: 'email', direction: 'asc' } });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(toast(page, `Exported ${expectedRows.length} users to CSV`)).toBeVisible();
    const file = path.join(app.dataDir, 'exports', userExportFileName(new Date()));
    await expect(toast(page, `Saved to ${file}`)).toBeVisible();
    // Browser mode names the folder instead of offering Show in Folder and Open (the desktop app's, issue 28 §3).
    await expect(toast(page, `Saved to ${file}`).getByRole('button', { name: 'Show in Folder' })).toHaveCount(0);
    const [header, ...records] = parseCsv(fs.readFileSync(file, 'utf8'));
    assert(header).toEqual([...USER_CSV_COLUMNS]);
    assert(records).toEqual(expectedRows.map(userCsvRecord));
    const mine = records.find((r) => r[0] === full.email);
    // A formula behind leading white space, and one after a `;` a semicolon-locale spreadsheet splits on (OWASP).
    assert(mine?.[4]).toBe(`' =HYPERLINK("http://evil.example","x");'-2+3`);
    assert(records.every((r) => r[1] === 'past_due' && r.length === 11)).toBe(true);
    assert(fs.readdirSync(path.dirname(file)).filter((f) => f.endsWith('.part'))).toEqual([]);

    await page.getByLabel('Search').fill('no-such-user-anywhere');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(toast(page, 'No users to export')).toBeVisible();
    await page.close();
  });

  it(
    "a row's menu (no red Delete on every row) opens the deletion dialog, and right-click or Shift+F10 opens the same menu",
    { timeout: 180_000 },
    async () => {
      await page.getByLabel('Search').fill(full.email);
      const row = page.getByRole('row', { name: new RegExp(full.email) });
      await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
      await row.getByRole('button', { name: `Actions for ${full.email}` }).click();
      const menu = page.getByRole('menu', { name: `Actions for ${full.email}` });
      await expect(menu.getByRole('menuitem')).toHaveText(['Open', 'Copy e-mail', 'Copy ID', 'Delete…']);
      await menu.getByRole('menuitem', { name: 'Delete…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete User Account' });
      await expect(dialog.getByText(full.email)).toBeVisible();
      await expect(dialog.getByTestId('delete-total')).toContainText('records in');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      // Still the list (its search is in the address since issue 28).
      await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/users');

      // Right-click on the row: the same menu at the pointer, and the browser's own menu is not asked for.
      const cell = row.getByRole('cell').nth(2);
      const box = (await cell.boundingBox())!;
      // Listened for before the click (awaited, so the listener is in place), captured on the window (the row's
      // handler stops the event's propagation), and read once the handlers ran.
      await page.evaluate(() => {
        const w = window as unknown as { contextMenuPrevented?: boolean };
        window.addEventListener('contextmenu', (e) => setTimeout(() => (w.contextMenuPrevented = e.defaultPrevented), 0), { once: true, capture: true });
      });
      await page.mouse.click(box.x + 10, box.y + 10, { button: 'right' });
      await expect.poll(() => page.evaluate(() => (window as unknown as { contextMenuPrevented?: boolean }).contextMenuPrevented)).toBe(true);
      await expect(menu).toBeVisible();
      const menuBox = (await menu.boundingBox())!;
      assert(Math.abs(menuBox.x - (box.x + 10))).toBeLessThan(24);
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);

      // From the keyboard: Shift+F10 on the focused row, Copy ID copies the user's id.
      await row.getByRole('link', { name: full.email }).focus();
      await page.keyboard.press('Shift+F10');
      await expect(menu).toBeVisible();
      await menu.getByRole('menuitem', { name: 'Copy ID' }).click();
      await expect(toast(page, 'User ID copied to clipboard')).toBeVisible();
      await page.keyboard.press('ContextMenu');
      await expect(menu).toBeVisible();
      await menu.getByRole('menuitem', { name: 'Open' }).click();
      await expect.poll(() => page.url()).toMatch(new RegExp(`/admin/users/${full.id}$`));
      await page.close();
    },
  );

  it('at 1024x700 every column of the table can be reached: the table scrolls sideways, by keyboard too', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByLabel('Search').fill(full.email);
    const table = page.getByRole('table', { name: 'Users' });
    const headers = table.getByRole('columnheader');
    await expect(headers).toHaveCount(8);
    const reachable = () =>
      table.evaluate((t) => {
        const frame = t.getBoundingClientRect();
        const overflowX = getComputedStyle(t).overflowX;
        const scrollable = overflowX === 'auto' || overflowX === 'scroll' ? t.scrollWidth - t.clientWidth : 0;
        return [...t.querySelectorAll('[role="columnheader"]')].map((h) => {
          const r = h.getBoundingClientRect();
          // In view now, or within the sideways scroll the frame offers.
          return r.right <= frame.right + scrollable - t.scrollLeft + 1 && r.left >= frame.left - t.scrollLeft - 1;
        });
      });
    assert(await reachable()).toEqual(Array(8).fill(true));
    // The keyboard reaches the hidden end: focus the table and scroll it with the arrow key.
    await table.focus();
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
    // Keyboard scrolling is animated: wait for it to settle rather than measure mid-way.
    const last = headers.last();
    await expect
      .poll(async () => {
        const b = (await last.boundingBox())!;
        return b.x + b.width;
      })
      .toBeLessThanOrEqual(1024);
    await expect(page.getByRole('button', { name: `Actions for ${full.email}` })).toBeInViewport();
    await page.close();
  });

  it('shows the replica offline, with its time, search and filters', async () => {
    const [, total] = await shownCount(page);
    const pastDue = await countForFilter(db, 'past_due');
    // The database client goes before the backend does (a terminated connection would be an unhandled error).
    await db.end();
    await app.hook('backend-stop');
    try {
      await page.reload();
      await expect(page.getByText(/^Offline: showing data from /)).toBeVisible();
      await expect(page.getByTestId('users-count')).toHaveText(`Showing ${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} users`);
      await expect(page.getByTestId('users-synced')).toHaveText(/^Synced /);
      await page.getByLabel('Search').fill(full.email);
      await expect.poll(() => shownEmails(page)).toEqual([full.email]);
      await page.getByLabel('Search').fill('');
      await chooseOption(page.getByLabel('Filter'), { value: 'past_due' });
      await expect(page.getByTestId('users-count')).toHaveText(`Showing ${pastDue.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} users`);
    } finally {
      await app.hook('backend-start');
      db = await connectDb(app);
    }
    await page.close();
  });
});
