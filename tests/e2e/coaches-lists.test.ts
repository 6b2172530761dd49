import { beforeEach, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { browserSuite } from '../support/suite.js';
import { DEMO, signIn, toast } from '../support/chromium.js';
import { groupCoachRequests } from '../../shared/rules/coaches/requests.js';
import { query } from '../support/sql.js';
import { chooseOption } from '../support/choose-option.js';

/** Issue 5 end to end: Coach Management's counts, badges and usage sort; the request leaderboard; inquiries. */

async function open(page: Page, app: BrowserMode, path: string): Promise<void> {
  await signIn(page, app.url, DEMO.admin);
  await expect.poll(() => page.url()).toMatch(/\/admin\/dashboard$/);
  await page.goto(`${app.origin}${path}`);
}

const USAGE_SQL = `select c.id::text, c.name,
    (select count(*) from coach_interactions i where i.coach_id = c.id) + (select count(*) from chat_messages m where m.coach_id = c.id) as usage
  from coaches c`;

describe('coach lists (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let databaseUrl: string;

  browserSuite((s) => ({ app, browser, databaseUrl } = s));
  beforeEach(async () => {
    await app.op('auth.signOut');
  });

  it('shows the four counts, the badges, and sorts by name and by usage both ways', async () => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 950 } });
    await open(page, app, '/admin/coaches');
    const n = async (sql: string) => Number((await query<{ n: string }>(databaseUrl, sql))[0]?.n);
    const withPrompt = 'exists (select 1 from coach_prompts p where p.coach_id = c.id and p.is_active)';
    await expect(page.getByTestId('count-total')).toContainText(String(await n('select count(*) n from coaches')));
    await expect(page.getByTestId('count-active')).toContainText(String(await n('select count(*) n from coaches where is_active')));
    await expect(page.getByTestId('count-inactive')).toContainText(String(await n('select count(*) n from coaches where not is_active')));
    await expect(page.getByTestId('count-no-prompt')).toContainText(String(await n(`select count(*) n from coaches c where is_active and not ${withPrompt}`)));

    const cards = page.getByTestId('coach-card');
    const coach = (name: string) => cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(coach('Nova Sterling')).toContainText('No Prompt');
    await expect(coach('Sleep Well Coach')).toContainText('Inactive');
    await expect(coach('Maya Chen')).toContainText('Active');
    await expect(coach('Maya Chen')).toContainText('Basic');
    await expect(coach('Maya Chen')).toContainText('Reflect');
    await expect(coach('Samuel Okafor')).toContainText('Foundation'); // tier premium
    await expect(coach('Iris Calloway')).toContainText('Guest');
    await expect(coach('Stoic Mentor')).toContainText('Community');
    await expect(coach('Reflect Guide')).toContainText('System');

    const usage = (await query<{ id: string; name: string; usage: string }>(databaseUrl, USAGE_SQL)).map((r) => ({ ...r, usage: Number(r.usage) }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
    const ids = () => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-coach-id')));
    await expect.poll(ids).toEqual([...usage].sort(byName).map((r) => r.id));
    const maya = usage.find((u) => u.name === 'Maya Chen');
    await expect(coach('Maya Chen').getByTestId('coach-usage')).toContainText(/[\d,]+ sessions · [\d,]+ messages/);
    const [sessions, messages] = ((await coach('Maya Chen').getByTestId('coach-usage').textContent()) ?? '')
      .match(/[\d,]+/g)!
      .map((x) => Number(x.replace(/,/g, '')));
    assert((sessions ?? 0) + (messages ?? 0)).toBe(maya?.usage);

    const sort = page.getByLabel('Sort coaches');
    await chooseOption(sort, 'Most used');
    await expect.poll(ids).toEqual([...usage].sort((a, b) => b.usage - a.usage || byName(a, b)).map((r) => r.id));
    await chooseOption(sort, 'Least used');
    await expect.poll(ids).toEqual([...usage].sort((a, b) => a.usage - b.usage || byName(a, b)).map((r) => r.id));
    await chooseOption(sort, 'Name (Z-A)');
    await expect.poll(ids).toEqual([...usage].sort((a, b) => byName(b, a)).map((r) => r.id));

    await coach('Maya Chen').getByRole('link', { name: 'History of Maya Chen' }).click();
    await expect(page.getByRole('heading', { name: 'Prompt History: Maya Chen' })).toBeVisible();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.getByRole('link', { name: 'Add New Coach' }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/coaches\/new$/);
    await page.close();
  });

  it('shows the request leaderboard grouped ignoring case, with two sample messages and a more indicator', async () => {
    const long = `I would love a coach who knows ${'a great deal about tide pools and '.repeat(6)}the creatures living in them.`;
    await query(
      databaseUrl,
      `insert into coach_requests (coach_name, message, created_at) values
        ('Tide Pool Guide', 'First message.', now() - interval '3 minutes'),
        ('tide pool guide', $1, now() - interval '2 minutes'),
        ('TIDE POOL GUIDE', 'Third message.', now() - interval '1 minute')`,
      [long],
    );
    const page = await browser.newPage({ viewport: { width: 1300, height: 950 } });
    await open(page, app, '/admin/coach-requests');
    const rows = await query<{ coach_name: string; message: string | null; created_at: string }>(
      databaseUrl,
      `select coach_name, message, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') created_at from coach_requests order by created_at desc`,
    );
    const groups = groupCoachRequests(rows);
    const board = page.getByTestId('request-row');
    await expect(board).toHaveCount(groups.length);
    await expect(board.first().locator('.request-name')).toHaveText(groups[0]!.name);
    await expect(board.first()).toContainText(`${groups[0]!.count} requests`);
    for (const rank of [1, 2, 3]) await expect(board.nth(rank - 1)).toHaveClass(new RegExp(`rank-${rank}`));
    await expect(board.nth(3)).not.toHaveClass(/rank-[123]\b/);

    const tide = board.filter({ hasText: 'TIDE POOL GUIDE' });
    await expect(tide).toContainText('3 requests');
    const samples = tide.locator('.request-messages li:not(.request-more)');
    await expect(samples).toHaveText(['“Third message.”', `“${long.slice(0, 150)}...”`]);
    await expect(tide.locator('.request-more')).toHaveText('+1 more');
    for (let i = 0; i < (await board.count()); i++)
      assert(await board.nth(i).locator('.request-messages li:not(.request-more)').count()).toBeLessThanOrEqual(2);

    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/dashboard$/);
    await query(databaseUrl, "delete from coach_requests where lower(coach_name) = 'tide pool guide'");
    await page.close();
  });

  it('searches and filters inquiries, sets any status and deletes after confirming', async () => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 950 } });
    await open(page, app, '/admin/coach-inquiries');
    const total = Number((await query<{ n: string }>(databaseUrl, 'select count(*) n from coach_inquiries'))[0]?.n);
    const cards = page.getByTestId('inquiry-card');
    await expect(cards).toHaveCount(total);

    const [target] = await query<{ id: string; full_name: string; email: string; status: string }>(
      databaseUrl,
      "select id::text, full_name, email, status from coach_inquiries where status = 'new' order by created_at desc limit 1",
    );
    await page.getByLabel('Search inquiries').fill(target!.email.toUpperCase());
    await expect(cards).toHaveCount(1);
    const card = cards.first();
    await chooseOption(card.getByLabel(`Status of ${target!.full_name}`), { value: 'in-progress' });
    await expect(toast(page, 'Status updated')).toBeVisible();
    await expect
      .poll(async () => (await query<{ status: string }>(databaseUrl, 'select status from coach_inquiries where id = $1', [target!.id]))[0]?.status)
      .toBe('in-progress');
    // Any status directly, backwards too.
    await chooseOption(card.getByLabel(`Status of ${target!.full_name}`), { value: 'new' });
    await expect
      .poll(async () => (await query<{ status: string }>(databaseUrl, 'select status from coach_inquiries where id = $1', [target!.id]))[0]?.status)
      .toBe('new');
    await chooseOption(card.getByLabel(`Status of ${target!.full_name}`), { value: 'closed' });
    await expect
      .poll(async () => (await query<{ status: string }>(databaseUrl, 'select status from coach_inquiries where id = $1', [target!.id]))[0]?.status)
      .toBe('closed');

    await page.getByLabel('Search inquiries').fill('');
    await chooseOption(page.getByLabel('Filter by status'), { value: 'closed' });
    const closed = Number((await query<{ n: string }>(databaseUrl, "select count(*) n from coach_inquiries where status = 'closed'"))[0]?.n);
    await expect(cards).toHaveCount(closed);
    await expect(page.getByTestId('inquiry-count')).toHaveText(`Showing ${closed} of ${total}`);

    // A status change on an inquiry deleted meanwhile fails with the spec's message.
    const [other] = await query<{ id: string; full_name: string }>(
      databaseUrl,
      "select id::text, full_name from coach_inquiries where status = 'closed' and id <> $1 limit 1",
      [target!.id],
    );
    await query(databaseUrl, 'delete from coach_inquiries where id = $1', [other!.id]);
    await chooseOption(cards.filter({ hasText: other!.full_name }).first().getByRole('combobox'), { value: 'contacted' }, { refused: true });
    await expect(toast(page, 'Update failed')).toContainText('Failed to update status. Please try again.');
    await cards
      .filter({ hasText: other!.full_name })
      .first()
      .getByRole('button', { name: /^Delete inquiry/ })
      .click();
    await page.getByRole('alertdialog', { name: 'Delete inquiry?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Delete failed')).toContainText('Failed to delete inquiry. Please try again.');

    const targetCard = cards.filter({ hasText: target!.email });
    await targetCard.getByRole('button', { name: `Delete inquiry from ${target!.full_name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete inquiry?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    assert(await query(databaseUrl, 'select id from coach_inquiries where id = $1', [target!.id])).toHaveLength(1);
    await targetCard.getByRole('button', { name: `Delete inquiry from ${target!.full_name}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Inquiry deleted')).toBeVisible();
    assert(await query(databaseUrl, 'select id from coach_inquiries where id = $1', [target!.id])).toHaveLength(0);
    await expect(page.getByTestId('inquiry-card').filter({ hasText: target!.email })).toHaveCount(0);

    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/dashboard$/);
    await page.close();
  });
});
