import { afterAll, beforeAll, beforeEach, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { startBrowserAndChromium } from '../support/browser-and-chromium.js';
import { toast } from '../support/chromium.js';
import { open, query } from './coaches-support.js';
import { periodStart } from '../../shared/rules/prompts/conversations.js';
import { chooseOption } from '../support/choose-option.js';

/**
 * Issue 11 end to end: the internal chat history (/admin/internal-chatbot/history). Stats total, today and this week
 * against SQL; search by e-mail; the time filter; the conversation viewer (turns and the profile e-mail); delete
 * with confirmation; 'No Conversations Found'. Three conversations of a user of this test are seeded.
 */

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

describe('internal chat history (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let databaseUrl: string;
  const email = `chat-e2e-${Date.now()}@example.com`;
  const pagedEmail = `chat-e2e-paged-${Date.now()}@example.com`;
  let userId: string;
  // Newest first, as the list shows them.
  const seeded = [
    {
      at: new Date(Date.now() - MIN),
      turns: [
        ['user', 'Where is the export button?'],
        ['assistant', 'Open Users and press <b>Export</b>.'],
        ['user', 'Found it, thanks.'],
      ],
    },
    {
      at: new Date(Date.now() - 3 * DAY),
      turns: [
        ['user', 'How do I roll back a prompt?'],
        ['assistant', 'Open its history and press Rollback.'],
      ],
    },
    {
      at: new Date(Date.now() - 20 * DAY),
      turns: [
        ['user', 'What is a mirror prompt?'],
        ['assistant', 'The text that shapes reflections.'],
      ],
    },
  ] as const;

  beforeAll(async () => {
    [app, browser] = await startBrowserAndChromium();
    databaseUrl = (await app.hook<{ databaseUrl: string }>('backend-info')).databaseUrl;
    userId = (
      await query<{ id: string }>(
        databaseUrl,
        `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data)
         values ($1, crypt('unused-pass', gen_salt('bf', 4)), now(), '{"username":"chat-e2e"}') returning id::text`,
        [email],
      )
    )[0]!.id;
    for (const [i, c] of seeded.entries()) {
      await query(
        databaseUrl,
        `insert into internal_chatbot_conversations (session_id, user_id, messages, created_at, updated_at) values ($1, $2, $3::jsonb, $4, $4)`,
        [`chat-e2e-${i}`, userId, JSON.stringify(c.turns.map(([role, content]) => ({ role, content }))), c.at],
      );
    }
  });
  afterAll(async () => {
    if (userId) await query(databaseUrl, 'delete from auth.users where id = $1', [userId]);
    await query(databaseUrl, 'delete from auth.users where email = $1', [pagedEmail]);
    await browser?.close();
    await app?.stop();
  });

  beforeEach(async () => {
    await app.op('auth.signOut');
  });

  const truth = async (where = 'true', params: unknown[] = []) =>
    (await query<{ n: number }>(databaseUrl, `select count(*)::int n from internal_chatbot_conversations where ${where}`, params))[0]!.n;
  const expectStats = async (page: Page) => {
    const now = new Date();
    await expect(page.getByTestId('chats-total')).toContainText(count(await truth()));
    await expect(page.getByTestId('chats-today')).toContainText(count(await truth('updated_at >= $1', [periodStart('today', now)])));
    await expect(page.getByTestId('chats-week')).toContainText(count(await truth('updated_at >= $1', [periodStart('week', now)])));
  };
  const rows = (page: Page) => page.getByTestId('conversation-row');
  const summary = (page: Page) => page.getByTestId('conversation-count');

  it('shows exact stats, searches, filters by time, views, deletes, and says when nothing matches', async () => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 950 } });
    await open(page, app, '/admin/internal-chatbot/history');
    await expect(page.getByRole('heading', { name: 'Internal Chat History' })).toBeVisible();
    await expectStats(page);
    const all = await truth();
    await expect(summary(page)).toHaveText(`Showing 1-${Math.min(all, 25)} of ${all}`);

    // Search by the profile e-mail: exactly this test's three conversations, newest first.
    await page.getByLabel('Search conversations').fill(email.toUpperCase());
    await expect(summary(page)).toHaveText('Showing 1-3 of 3');
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).nth(0)).toContainText('Where is the export button?');
    await expect(rows(page).nth(0)).toContainText('3 messages');
    await expect(rows(page).nth(2)).toContainText('What is a mirror prompt?');

    // Time filter: today, this week, this month, all time (with the search kept).
    const filter = page.getByLabel('Filter by time');
    const now = Date.now();
    const within = (period: 'today' | 'week' | 'month') => seeded.filter((c) => c.at >= periodStart(period, new Date(now))!).length;
    for (const period of ['today', 'week', 'month'] as const) {
      await chooseOption(filter, { value: period });
      const n = within(period);
      await expect(summary(page)).toHaveText(n === 0 ? 'None' : `Showing 1-${n} of ${n}`);
    }
    await chooseOption(filter, { value: 'all' });
    await expect(summary(page)).toHaveText('Showing 1-3 of 3');

    // The viewer: the profile e-mail and every turn, user and assistant, as text (no HTML).
    await rows(page)
      .nth(0)
      .getByRole('button', { name: `View conversation of ${email}` })
      .click();
    const viewer = page.getByRole('dialog', { name: 'Conversation' });
    await expect(viewer.getByTestId('conversation-email')).toContainText(email);
    const turns = viewer.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await expect(turns).toHaveCount(3);
    await expect(turns.nth(0)).toContainText('User');
    await expect(turns.nth(0)).toContainText('Where is the export button?');
    await expect(turns.nth(1)).toContainText('Assistant');
    await expect(turns.nth(1)).toContainText('Open Users and press <b>Export</b>.');
    await expect(turns.nth(2)).toContainText('Found it, thanks.');
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toHaveCount(0);
    // Focus is back on the row's View button.
    await expect(
      rows(page)
        .nth(0)
        .getByRole('button', { name: `View conversation of ${email}` }),
    ).toBeFocused();

    // Delete asks first; Cancel keeps the conversation, Delete removes it (and the figures follow).
    const second = rows(page).nth(1);
    await expect(second).toContainText('How do I roll back a prompt?');
    await second.getByRole('button', { name: `Delete conversation of ${email}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete conversation?' });
    await expect(confirm).toContainText(email);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    assert(await truth('user_id = $1', [userId])).toBe(3);
    await second.getByRole('button', { name: `Delete conversation of ${email}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Conversation deleted').last()).toBeVisible();
    await expect(summary(page)).toHaveText('Showing 1-2 of 2');
    assert(await query(databaseUrl, 'select session_id from internal_chatbot_conversations where user_id = $1 order by updated_at desc', [userId])).toEqual([
      { session_id: 'chat-e2e-0' },
      { session_id: 'chat-e2e-2' },
    ]);
    await expectStats(page);

    // Nothing matches.
    await page.getByLabel('Search conversations').fill('nobody-matches-this@example.com');
    await expect(page.getByText('No Conversations Found')).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
    await expect(summary(page)).toHaveText('None');
    await page.close();
  });

  it('deleting the only conversation of the last page goes back to the page before', async () => {
    // 26 conversations: page 2 holds one.
    await query(
      databaseUrl,
      `with u as (insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data)
                  values ($1, crypt('unused-pass', gen_salt('bf', 4)), now(), '{"username":"chat-e2e-paged"}') returning id)
       insert into internal_chatbot_conversations (session_id, user_id, messages, created_at, updated_at)
       select 'chat-e2e-paged-' || g, u.id, jsonb_build_array(jsonb_build_object('role', 'user', 'content', 'Paged question ' || g)),
              now() - g * interval '1 minute', now() - g * interval '1 minute'
         from u, generate_series(1, 26) g`,
      [pagedEmail],
    );
    const page = await browser.newPage({ viewport: { width: 1300, height: 950 } });
    await open(page, app, '/admin/internal-chatbot/history');
    await page.getByLabel('Search conversations').fill(pagedEmail);
    await expect(summary(page)).toHaveText('Showing 1-25 of 26');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(summary(page)).toHaveText('Showing 26-26 of 26');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Paged question 26');
    await rows(page)
      .first()
      .getByRole('button', { name: `Delete conversation of ${pagedEmail}` })
      .click();
    await page.getByRole('alertdialog', { name: 'Delete conversation?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Conversation deleted').last()).toBeVisible();
    await expect(summary(page)).toHaveText('Showing 1-25 of 25');
    await expect(rows(page)).toHaveCount(25);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.close();
  });
});
