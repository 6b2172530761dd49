import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, beforeEach, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import pg from 'pg';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { startBrowserAndChromium } from '../support/browser-and-chromium.js';
import { DEMO, signIn, toast } from '../support/chromium.js';
import { INQUIRY_MESSAGES } from '../../shared/rules/coaches/fields.js';
import { chooseOption, expectChosen } from '../support/choose-option.js';

/**
 * The screen kit proved through the coach pages built on it: QueryView's error with Retry, offline notice and
 * empty state, ConfirmDialog by keyboard (focus in, Escape, focus back), and no serious axe finding (contrast).
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function sql(databaseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Serious and critical axe findings on the page as it is, as 'rule: target' lines. */
async function axeProblems(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }
    ).axe;
    const r = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}

describe('screen kit on the coach pages (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await startBrowserAndChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  beforeEach(async () => {
    await app.op('auth.signOut');
  });

  async function open(page: Page, path: string): Promise<void> {
    await signIn(page, app.url, DEMO.admin);
    await expect.poll(() => page.url()).toMatch(/\/admin\/dashboard$/);
    await page.goto(`${app.origin}${path}`);
  }

  it("chooses from the kit's Select by keyboard alone (Tab, Enter, arrows, Enter; Space and Escape), its list whole above the page, with no serious axe finding", async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
    await open(page, '/admin/coach-inquiries');
    const search = page.getByLabel('Search inquiries');
    const filter = page.getByRole('combobox', { name: 'Filter by status' });
    const cards = page.getByTestId('inquiry-card');
    await expect(cards.first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('inquiry-count')).toHaveText(/^Showing \d+ of \d+$/);
    const total = Number((await page.getByTestId('inquiry-count').innerText()).match(/of (\d+)/)![1]);
    await search.focus();
    await page.keyboard.press('Tab');
    await expect(filter).toBeFocused();
    // Keyboard focus shows the ring.
    assert(await filter.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');

    // Space opens, Escape closes with nothing changed and the focus kept.
    await page.keyboard.press('Space');
    const list = page.getByRole('listbox');
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(filter).toBeFocused();
    await expectChosen(filter, 'all');

    // Enter opens on the chosen option; the list is whole in the window and on top of the page.
    await page.keyboard.press('Enter');
    await expect(list).toBeVisible();
    await expect(list.locator('[role="option"][data-state="checked"]')).toHaveText(`All statuses (${total})`);
    const covered = await list.getByRole('option').evaluateAll((els) =>
      els.flatMap((el) => {
        const r = el.getBoundingClientRect();
        const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
        return inside && el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)) ? [] : [el.textContent];
      }),
    );
    assert(covered).toEqual([]);

    // The arrow moves to New, Enter chooses it: the list closes, focus returns, the cards are filtered.
    await page.keyboard.press('ArrowDown');
    const newOption = list.getByRole('option', { name: /^New \(\d+\)$/ });
    await expect(newOption).toBeFocused();
    const fresh = Number((await newOption.innerText()).match(/\d+/)![0]);
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(filter).toBeFocused();
    await expectChosen(filter, 'new');
    await expect(filter).toHaveText(`New (${fresh})`);
    await expect(cards).toHaveCount(fresh);
    await expect(page.getByTestId('inquiry-count')).toHaveText(`Showing ${fresh} of ${total}`);
    // Checked closed: while the list is open Radix hides the page from assistive technology (aria-hidden on #root),
    // which axe's aria-hidden-focus reports although the focus is held in the list.
    assert(await axeProblems(page)).toEqual([]);

    // The kit's Tooltip (the connection badge): on hover and on keyboard focus, hidden by Escape; the link keeps its name.
    const badge = page.locator('a.profile-badge');
    const tip = page.getByRole('tooltip');
    await badge.hover();
    await expect(tip).toHaveText('Change connection');
    // Radix keeps it open while the pointer may be heading for it: leave in steps, as a hand does.
    await page.mouse.move(600, 650, { steps: 8 });
    await expect(tip).toHaveCount(0);
    await badge.focus();
    await expect(tip).toHaveText('Change connection');
    await expect(badge).toHaveAttribute('aria-describedby', /.+/);
    await page.keyboard.press('Escape');
    await expect(tip).toHaveCount(0);
    await page.close();
  });

  it('shows the error with Retry when nothing is kept, then the list after Retry; kept data under the offline notice', async () => {
    const page = await browser.newPage();
    await open(page, '/admin/dashboard');
    await app.hook('backend-stop');
    try {
      await page.goto(`${app.origin}/admin/coach-requests`);
      await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(page.getByTestId('request-row')).toHaveCount(0);
    } finally {
      await app.hook('backend-start');
    }
    await expect(async () => {
      await page.getByRole('button', { name: 'Retry' }).click({ timeout: 2000 });
      await expect(page.getByTestId('request-row').first()).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);

    // Seen online once, the inquiries stay readable offline under the notice with its time.
    await page.goto(`${app.origin}/admin/coach-inquiries`);
    await expect(page.getByTestId('inquiry-card').first()).toBeVisible();
    const shown = await page.getByTestId('inquiry-card').count();
    await app.hook('backend-stop');
    try {
      await page.reload();
      await expect(page.getByText(/^Offline: showing data from \S/)).toBeVisible();
      await expect(page.getByTestId('inquiry-card')).toHaveCount(shown);
    } finally {
      await app.hook('backend-start');
    }
    await page.close();
  });

  it('confirms a delete by keyboard, returns focus, ends on the empty state, with no serious axe finding', async () => {
    // Asked now: a restarted backend may listen on another port.
    const { databaseUrl } = await app.hook<{ databaseUrl: string }>('backend-info');
    await sql(databaseUrl, 'delete from coach_inquiries where id not in (select id from coach_inquiries order by created_at desc limit 1)');
    const page = await browser.newPage();
    await open(page, '/admin/coach-inquiries');
    await expect(page.getByTestId('inquiry-card')).toHaveCount(1);
    assert(await axeProblems(page)).toEqual([]);

    const del = page.getByRole('button', { name: /^Delete inquiry from / });
    await del.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete inquiry?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    assert(await axeProblems(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(del).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, INQUIRY_MESSAGES.deleted)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('No coach inquiries yet')).toBeVisible();
    await expect(page.getByTestId('inquiry-count')).toHaveText('Showing 0 of 0');
    await page.close();
  });

  /** Heights of the first rows of a table or ARIA grid, in CSS pixels. */
  const rowHeights = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((rows) => rows.slice(0, 5).map((r) => Math.round(r.getBoundingClientRect().height)));

  it('draws compact rows of about 32 px once chosen in Settings, still after a reload, in the bundled font', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(app.origin) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) elsewhere.push(r.url());
    });
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to load/i.test(m.text())) refused.push(m.text());
    });
    await open(page, '/admin/campaign-analytics');
    const table = '.campaign-table tbody tr';
    await expect(page.locator(table).first()).toBeVisible({ timeout: 20_000 });
    const comfortable = await rowHeights(page, table);
    const cellPadding = () =>
      page
        .locator(`${table} td`)
        .first()
        .evaluate((td) => getComputedStyle(td).paddingTop);
    assert(await cellPadding()).not.toBe('5px');

    await page.goto(`${app.origin}/settings`);
    await chooseOption(page.getByLabel('Density'), { value: 'compact' });
    await page.reload();
    await expectChosen(page.getByLabel('Density'), 'compact');
    assert(await page.evaluate(() => document.documentElement.dataset.density)).toBe('compact');

    await page.goto(`${app.origin}/admin/campaign-analytics`);
    await expect(page.locator(table).first()).toBeVisible({ timeout: 20_000 });
    // A one-line cell is 21 px of text, 5 px above and below and a 1 px rule: 32 px (campaign rows hold two lines).
    assert(await cellPadding()).toBe('5px');
    const compact = await rowHeights(page, table);
    compact.forEach((h, i) => assert(h).toBeLessThan(comfortable[i]!));
    await page.goto(`${app.origin}/admin/users`);
    const userRows = '.users-body [role="row"]';
    await expect(page.locator(userRows).first()).toBeVisible({ timeout: 20_000 });
    for (const h of await rowHeights(page, userRows)) assert(h).toBe(32);

    // The UI font is the bundled Inter, loaded from the app itself under its CSP.
    await page.evaluate(() => document.fonts.ready);
    assert(await page.evaluate(() => [...document.fonts].some((f) => f.family.includes('Inter') && f.status === 'loaded'))).toBe(true);
    assert(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Inter Variable"?,/);
    assert(elsewhere).toEqual([]);
    assert(refused).toEqual([]);

    await page.goto(`${app.origin}/settings`);
    await chooseOption(page.getByLabel('Density'), { value: 'comfortable' });
    await page.close();
  });
});
