import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { browserSuite } from '../support/suite.js';
import { toast } from '../support/chromium.js';
import { BOARD_COLUMNS } from '../../shared/rules/feedback/model.js';
import { expectNoSeriousAxe, insertFeedback, open, query, searchBox, statusOf, tagsOf } from './feedback-support.js';
import { chooseOption, expectChosen } from '../support/choose-option.js';

/** Issue 12 end to end: the feedback board, its dialog, export, the detail page and the trash. */

const card = (page: Page, id: string) => page.locator(`[data-testid="feedback-card"][data-feedback-id="${id}"]`);
const inColumn = (page: Page, column: string, id: string) => page.getByTestId(`column-${column}`).locator(`[data-feedback-id="${id}"]`);

describe('feedback (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let db: string;

  browserSuite((s) => ({ app, browser, databaseUrl: db } = s));
  beforeEach(async () => {
    await app.op('auth.signOut');
  });

  it('cuts card titles at 50 characters and the first description line at 80 with an ellipsis, shows them whole, and every status control is as wide as its longest value (1440x900, 1024x700)', async () => {
    const title = 'E2E card title that runs well past the fifty character cut of the spec';
    const firstLine = 'The first line of this description is much longer than eighty characters, so the card cuts it there';
    const id = await insertFeedback(db, { title, description: `${firstLine}\nA second line the card never shows.` });
    const longest = BOARD_COLUMNS.map((c) => c.title);
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height } });
      await open(page, app, '/admin/feedback');
      const mine = card(page, id);
      await expect(mine).toBeVisible({ timeout: 20_000 });
      await expect(mine.locator('.fb-card-title')).toHaveText(`${Array.from(title).slice(0, 50).join('')}...`);
      await expect(mine.locator('.fb-card-description')).toHaveText(`${Array.from(firstLine).slice(0, 80).join('')}...`);
      // Shown whole: neither the title nor the description is cut again by CSS, and the card holds both.
      const clipped = await mine.evaluate((el) =>
        ['.fb-card-title', '.fb-card-description', '.fb-card-actions'].filter((sel) => {
          const part = el.querySelector<HTMLElement>(sel)!;
          const box = part.getBoundingClientRect();
          const cardBox = el.getBoundingClientRect();
          return part.scrollHeight > part.clientHeight + 1 || part.scrollWidth > part.clientWidth + 1 || box.bottom > cardBox.bottom + 0.5;
        }),
      );
      assert(clipped, `${width}x${height}`).toEqual([]);
      // Every card's status control fits its longest value, measured in the control's own font.
      const narrow = await page.evaluate((values) => {
        const ctx = document.createElement('canvas').getContext('2d')!;
        const cards = [...document.querySelectorAll<HTMLElement>('[data-testid="feedback-card"]')];
        return cards.flatMap((c) => {
          const control = c.querySelector<HTMLElement>('.fb-card-actions select, .fb-card-actions [role="combobox"]')!;
          const style = getComputedStyle(control);
          ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const need = Math.max(...values.map((v) => ctx.measureText(v).width));
          const inner = control.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return inner + 0.5 >= need ? [] : [`${c.dataset.feedbackId}: ${inner.toFixed(1)} < ${need.toFixed(1)}`];
        });
      }, longest);
      assert(await page.locator('[data-testid="feedback-card"]').count()).toBeGreaterThan(3);
      assert(narrow, `${width}x${height}`).toEqual([]);
      await page.close();
      // Browser mode's session lives in main: signed out, the next window size signs in through the form again.
      await app.op('auth.signOut');
    }
  });

  it('shows the four columns with SQL counts, moves cards by dropdown, drag and keyboard, keeps them on reload, and rolls back a failed move', async () => {
    const byDrop = await insertFeedback(db, { title: 'E2E moved by dropdown' });
    const byDrag = await insertFeedback(db, { title: 'E2E moved by drag' });
    const byKeys = await insertFeedback(db, { title: 'E2E moved by keyboard' });
    const byGrip = await insertFeedback(db, { title: 'E2E dragged by keyboard' });
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await open(page, app, '/admin/feedback');
    // The suite's first board load meets a cold server (and a shared, loaded machine): give it longer than a click.
    await expect(page.getByTestId('column-new')).toBeVisible({ timeout: 20_000 });
    for (const name of ['New', 'Reviewed', 'In Progress', 'Resolved / Closed'])
      await expect(page.getByRole('heading', { name: new RegExp(`^${name.replace('/', '\\/')}`) })).toBeVisible();
    const counts = (await query<{ status: string; n: number }>(db, `select status, count(*)::int n from feedback_submissions group by status`)).reduce<
      Record<string, number>
    >((m, r) => ({ ...m, [r.status]: r.n }), {});
    await expect(page.getByTestId('column-new').locator('.fb-column-count')).toHaveText(String(counts.new ?? 0));
    await expect(page.getByTestId('column-done').locator('.fb-column-count')).toHaveText(String((counts.resolved ?? 0) + (counts.closed ?? 0)));
    const live = Object.entries(counts)
      .filter(([s]) => s !== 'deleted')
      .reduce((a, [, n]) => a + n, 0);
    await expect(page.getByTestId('board-count')).toHaveText(`Showing ${live} of ${live}`);
    await expectNoSeriousAxe(page);

    // Dropdown.
    await chooseOption(card(page, byDrop).getByLabel('Move E2E moved by dropdown'), 'Reviewed');
    await expect(inColumn(page, 'reviewed', byDrop)).toBeVisible();
    await expect(toast(page, 'Status updated')).toBeVisible();
    await expect.poll(() => statusOf(db, byDrop)).toBe('reviewed');

    // Mouse drag from New to In Progress.
    const grip = card(page, byDrag).getByLabel('Drag E2E moved by drag');
    // Clicking the Move list above scrolled its column to that card: bring this grip back into the column's view.
    await grip.scrollIntoViewIfNeeded();
    const from = (await grip.boundingBox())!;
    const to = (await page.getByTestId('column-in_progress').locator('.fb-column-scroll').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 20, from.y + 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 20 });
    await page.mouse.move(to.x + to.width / 2 + 2, to.y + 62, { steps: 2 });
    await page.mouse.up();
    await expect.poll(() => statusOf(db, byDrag)).toBe('in_progress');
    await expect(inColumn(page, 'in_progress', byDrag)).toBeVisible();

    // Keyboard drag: focus the grip, Space lifts, arrow right twice crosses New -> Reviewed -> In Progress, Space drops.
    // The board ignores a lift while the mouse drop above is still settling (its animation, the refetch): lift again.
    await expect(async () => {
      await card(page, byGrip).getByLabel('Drag E2E dragged by keyboard').focus();
      await page.keyboard.press('Space');
      await expect(page.getByTestId('column-new').locator('.fb-column-over')).toHaveCount(1, { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('column-reviewed').locator('.fb-column-over')).toHaveCount(1);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('column-in_progress').locator('.fb-column-over')).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect.poll(() => statusOf(db, byGrip)).toBe('in_progress');
    await expect(inColumn(page, 'in_progress', byGrip)).toBeVisible();

    // Keyboard: the card's Move control, reached and changed with keys only.
    await card(page, byKeys).getByLabel('Move E2E moved by keyboard').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeVisible();
    // The list takes keys once it has focused its current value: move until Reviewed is the focused option.
    const reviewed = page.getByRole('listbox').getByRole('option', { name: 'Reviewed' });
    await expect(async () => {
      if (!(await reviewed.evaluate((el) => el === document.activeElement))) await page.keyboard.press('ArrowDown');
      await expect(reviewed).toBeFocused({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect.poll(() => statusOf(db, byKeys)).toBe('reviewed');

    await page.reload();
    await expect(inColumn(page, 'reviewed', byDrop)).toBeVisible();
    await expect(inColumn(page, 'in_progress', byDrag)).toBeVisible();
    await expect(inColumn(page, 'reviewed', byKeys)).toBeVisible();
    await expect(inColumn(page, 'in_progress', byGrip)).toBeVisible();

    // Someone else put the item in the trash: the move is refused, the card goes back, the spec's message shows.
    await query(db, `update feedback_submissions set status = 'deleted' where id = $1`, [byDrop]);
    await chooseOption(card(page, byDrop).getByLabel('Move E2E moved by dropdown'), 'In Progress', { refused: true });
    await expect(toast(page, 'Update failed')).toContainText('Failed to update status. Please try again.');
    await expect(inColumn(page, 'reviewed', byDrop)).toBeVisible();
    assert(await statusOf(db, byDrop)).toBe('deleted');
    await page.close();
  });

  it('searches and filters by type, edits tags in the dialog, and exports the filtered set to a CSV', async () => {
    const id = await insertFeedback(db, {
      title: '=HYPERLINK("http://evil.example","E2E export me")',
      type: 'feature',
      description: 'Line one\nLine two',
      tags: ['ui'],
    });
    await insertFeedback(db, { title: 'E2E export me too but a bug', type: 'bug' });
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await open(page, app, '/admin/feedback');
    await searchBox(page).fill('E2E export me');
    await expect(page.getByTestId('board-count')).toContainText('Showing 2 of');
    await chooseOption(page.getByLabel('Filter by type'), { value: 'feature' });
    await expect(page.getByTestId('board-count')).toContainText('Showing 1 of');
    await expect(page.getByTestId('feedback-card')).toHaveCount(1);
    // The search and the type are in the address (issue 28): a reload and Back/Forward show them again.
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('feature');
    assert(new URL(page.url()).searchParams.get('q')).toBe('E2E export me');
    await page.reload();
    await expect(searchBox(page)).toHaveValue('E2E export me');
    await expectChosen(page.getByLabel('Filter by type'), 'feature');
    await expect(page.getByTestId('board-count')).toContainText('Showing 1 of');
    await page.goBack();
    await expectChosen(page.getByLabel('Filter by type'), 'all');
    await expect(page.getByTestId('board-count')).toContainText('Showing 2 of');
    await page.goForward();
    await expectChosen(page.getByLabel('Filter by type'), 'feature');
    await expect(page.getByTestId('feedback-card')).toHaveCount(1);

    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(toast(page, 'Export complete')).toBeVisible();
    const dir = path.join(app.dataDir, 'exports');
    const file = fs.readdirSync(dir).find((f) => /^feedback-\d{4}-\d{2}-\d{2}\.csv$/.test(f));
    assert(file).toBeDefined();
    const lines = fs
      .readFileSync(path.join(dir, file!), 'utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    assert(lines[0]).toBe('ID,Type,Title,Description,Status,Tags,Has Attachment,Created At,Updated At');
    assert(lines).toHaveLength(2); // the header and one record (its description's line break is quoted, not a record end)
    assert(lines[1]).toContain(`${id},feature,"'=HYPERLINK(""http://evil.example"",""E2E export me"")","Line one`);

    // The dialog: quick tag, Enter adds, duplicates and blanks refused, a click removes.
    await card(page, id).locator('.fb-card-title').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNoSeriousAxe(page);
    await dialog.getByRole('button', { name: 'Add tag enhancement' }).click();
    await expect(toast(page, 'Tags updated')).toBeVisible();
    const input = dialog.getByLabel('Add a tag');
    await input.fill('  needs-triage  ');
    await input.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Remove tag needs-triage' })).toBeVisible();
    await expect.poll(() => tagsOf(db, id)).toEqual(['ui', 'enhancement', 'needs-triage']);
    await input.fill('ui');
    await expect(dialog.getByRole('button', { name: 'Add tag ui' }).last()).toBeDisabled();
    await input.fill('   ');
    await expect(
      dialog
        .getByRole('button', { name: /^Add tag/ })
        .filter({ hasText: 'Add' })
        .first(),
    ).toBeDisabled();
    await dialog.getByRole('button', { name: 'Remove tag ui' }).click();
    await expect.poll(() => tagsOf(db, id)).toEqual(['enhancement', 'needs-triage']);
    await chooseOption(dialog.getByLabel('Status'), { value: 'closed' });
    await expect.poll(() => statusOf(db, id)).toBe('closed');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(inColumn(page, 'done', id)).toBeVisible();

    // A link "already filtered" (the dashboard's): one column by status; a bad value falls back, never breaks.
    await page.goto(`${app.origin}/admin/feedback?status=done&type=nonsense&q=E2E%20export`);
    await expect(page.getByTestId('column-done')).toBeVisible();
    await expect(page.getByTestId('column-new')).toHaveCount(0);
    await expectChosen(page.getByLabel('Filter by status'), 'done');
    await expectChosen(page.getByLabel('Filter by type'), 'all');
    await expect(inColumn(page, 'done', id)).toBeVisible();
    await chooseOption(page.getByLabel('Filter by status'), { value: 'all' });
    await expect(page.getByTestId('column-new')).toBeVisible();
    await page.close();
  });

  it('deletes from the board with Undo, and from the detail page; both land in the trash, one is restored, the other deleted for good', async () => {
    const undone = await insertFeedback(db, { title: 'E2E delete and undo', status: 'reviewed' });
    const fromBoard = await insertFeedback(db, { title: 'E2E trash from board' });
    const fromPage = await insertFeedback(db, {
      title: 'E2E trash from detail page',
      description: 'First line\nSecond line <b>not bold</b>',
      tags: ['bug'],
      attachment: 'https://files.example.com/shot.png',
    });
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await open(page, app, '/admin/feedback');

    await card(page, undone).getByRole('button', { name: 'Delete E2E delete and undo' }).click();
    await expect(card(page, undone)).toHaveCount(0);
    const t = toast(page, 'Feedback deleted');
    await expect(t).toBeVisible();
    await expect.poll(() => statusOf(db, undone)).toBe('deleted');
    await t.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Feedback restored')).toBeVisible();
    await expect(inColumn(page, 'reviewed', undone)).toBeVisible();
    assert(await statusOf(db, undone)).toBe('reviewed');

    await card(page, fromBoard).getByRole('button', { name: 'Delete E2E trash from board' }).click();
    await expect.poll(() => statusOf(db, fromBoard)).toBe('deleted');

    // The detail page.
    await page.goto(`${app.origin}/admin/feedback/${fromPage}`);
    await expect(page.getByRole('heading', { name: 'E2E trash from detail page', level: 1 })).toBeVisible();
    await expect(page.getByTestId('feedback-description')).toHaveText('First line\nSecond line <b>not bold</b>');
    await expect(page.getByRole('link', { name: 'View attachment' })).toHaveAttribute('href', 'https://files.example.com/shot.png');
    await expectNoSeriousAxe(page);
    await chooseOption(page.getByLabel('Status'), { value: 'in_progress' });
    await expect(toast(page, 'Status updated')).toBeVisible();
    await expect.poll(() => statusOf(db, fromPage)).toBe('in_progress');
    await page.getByRole('button', { name: 'Add tag performance' }).click();
    await expect(toast(page, 'Tag added')).toBeVisible();
    await page.getByRole('button', { name: 'Remove tag bug' }).click();
    await expect(toast(page, 'Tag removed')).toBeVisible();
    await expect.poll(() => tagsOf(db, fromPage)).toEqual(['performance']);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete feedback?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/feedback$/);
    await expect(toast(page, 'Feedback deleted')).toBeVisible();
    assert(await statusOf(db, fromPage)).toBe('deleted');

    // Not found.
    await page.goto(`${app.origin}/admin/feedback/00000000-0000-4000-8000-000000000123`);
    await expect(page.getByText('Feedback Not Found')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Feedback List' }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/feedback$/);

    // The trash: both are there; restore one with the keyboard, delete the other for good.
    await page.getByRole('link', { name: 'Deleted Feedback' }).first().click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/feedback\/deleted$/);
    const total = (await query<{ n: number }>(db, `select count(*)::int n from feedback_submissions where status = 'deleted'`))[0]!.n;
    await expect(page.getByTestId('trash-showing')).toHaveText(`Showing ${total} of ${total} deleted feedback submissions`);
    await expect(page.getByTestId('trash-selected')).toHaveText('0 selected');
    await searchBox(page).fill('E2E trash from');
    await expect(page.getByTestId('trash-showing')).toHaveText(`Showing 2 of ${total} deleted feedback submissions`);
    await expectNoSeriousAxe(page);
    const row = (id: string) => page.locator(`[data-testid="trash-row"][data-feedback-id="${id}"]`);
    await row(fromBoard).getByLabel('Select E2E trash from board').focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('trash-selected')).toHaveText('1 selected');
    await page.getByRole('button', { name: 'Restore (1)' }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Feedback restored')).toBeVisible();
    await expect.poll(() => statusOf(db, fromBoard)).toBe('new');
    await expect(row(fromBoard)).toHaveCount(0);

    await row(fromPage).getByRole('button', { name: 'Permanently delete E2E trash from detail page' }).click();
    const purge = page.getByRole('alertdialog', { name: 'Permanently delete feedback?' });
    await expect(purge).toContainText('1 feedback submission is deleted for good');
    await purge.getByRole('button', { name: 'Permanently Delete (1)' }).click();
    await expect(toast(page, 'Feedback permanently deleted')).toBeVisible();
    await expect.poll(() => statusOf(db, fromPage)).toBeUndefined();
    await searchBox(page).fill('E2E trash from');
    await expect(page.getByText('No deleted feedback found')).toBeVisible();
    await page.close();
  });

  it('restores and permanently deletes a selection in bulk, naming the count', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 4; i++) ids.push(await insertFeedback(db, { title: `E2E bulk ${i}`, status: 'deleted', tags: ['a', 'b', 'c'], type: 'general' }));
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await open(page, app, '/admin/feedback/deleted');
    await searchBox(page).fill('E2E bulk');
    await chooseOption(page.getByLabel('Filter by type'), { value: 'general' });
    await expect(page.getByTestId('trash-row')).toHaveCount(4);
    await expect(page.getByTestId('trash-row').first()).toContainText('+1');
    await page.getByLabel('Select all').check();
    await expect(page.getByTestId('trash-selected')).toHaveText('4 selected');
    await page.getByLabel('Select E2E bulk 1').uncheck();
    await page.getByRole('button', { name: 'Restore (3)' }).click();
    await expect(toast(page, 'Feedback restored')).toBeVisible();
    await expect
      .poll(
        async () =>
          (await query<{ n: number }>(db, `select count(*)::int n from feedback_submissions where id = any($1::uuid[]) and status = 'new'`, [ids]))[0]!.n,
      )
      .toBe(3);

    for (const id of ids.slice(1)) await query(db, `update feedback_submissions set status = 'deleted' where id = $1`, [id]);
    await page.reload();
    await searchBox(page).fill('E2E bulk');
    await expect(page.getByTestId('trash-row')).toHaveCount(4);
    await page.getByLabel('Select all').check();
    // One of them leaves the trash behind the screen's back: main deletes only the rows still in the trash.
    await query(db, `update feedback_submissions set status = 'closed' where id = $1`, [ids[0]]);
    await page.getByRole('button', { name: 'Permanently Delete (4)' }).click();
    const purge = page.getByRole('alertdialog', { name: 'Permanently delete feedback?' });
    await expect(purge).toContainText('4 feedback submissions are deleted for good');
    await purge.getByRole('button', { name: 'Permanently Delete (4)' }).click();
    await expect(toast(page, 'Feedback permanently deleted')).toBeVisible();
    const left = await query<{ id: string; status: string }>(db, `select id::text, status from feedback_submissions where id = any($1::uuid[])`, [ids]);
    assert(left).toEqual([{ id: ids[0], status: 'closed' }]);
    await page.close();
  });

  it("shows a failed 'load more' in its column with a Retry button that reads the page again", async () => {
    await query(
      db,
      `insert into feedback_submissions (type, title, description, status, created_at) select 'bug', 'E2E retry ' || n, 'More than a page', 'new', now() - n * interval '1 second' from generate_series(1, 45) n`,
    );
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await open(page, app, '/admin/feedback');
    await searchBox(page).fill('E2E retry');
    const column = page.getByTestId('column-new');
    await expect(column.locator('.fb-column-count')).toHaveText('45', { timeout: 20_000 });
    await expect(column).toContainText('40 of 45 loaded; scroll for more');
    // The next page fails: the column says so and offers Retry; scrolling again does not repeat the read.
    let pageReads = 0;
    await page.route('**/api/op/feedback.boardPage', (route) => {
      pageReads += 1;
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ok: false, code: 'BACKEND_ERROR', message: 'down' }) });
    });
    const scroller = column.locator('.fb-column-scroll');
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(toast(page, 'Loading failed')).toBeVisible();
    await expect(column).toContainText('Loading more feedback failed.');
    const retry = column.getByRole('button', { name: 'Retry loading New' });
    await expect(retry).toBeVisible();
    await scroller.evaluate((el) => el.scrollTo(0, 0));
    await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(500);
    assert(pageReads).toBe(1);
    await expectNoSeriousAxe(page);

    // Retry by keyboard, the server answering again: the rest of the column arrives and the notice goes.
    await page.unroute('**/api/op/feedback.boardPage');
    await retry.focus();
    await page.keyboard.press('Enter');
    await expect(retry).toHaveCount(0);
    await expect(column).not.toContainText('Loading more feedback failed.');
    // E2E retry 45 is the oldest, the column's last card: only on the page the retry read. The column renders the
    // cards near its scroll position, so scroll to its end again if that page arrived after the first scroll.
    await expect(async () => {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect(column.getByText('E2E retry 45', { exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await page.close();
  });
});
