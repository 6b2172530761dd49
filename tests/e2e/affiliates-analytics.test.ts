import { describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { adminPageSuite } from '../support/suite.js';
import { toast } from '../support/chromium.js';
import { seriousViolations } from '../support/axe.js';
import { query } from '../support/sql.js';
import { expectedFigures } from '../integration/affiliates-ground-truth.js';
import { bucketUnitOf, type AffiliatePeriod } from '../../shared/rules/affiliates/periods.js';
import { sourceName } from '../../shared/rules/common/brands.js';
import { formatCents } from '../../shared/rules/affiliates/figures.js';
import { DEFAULT_PUBLIC_HOST } from '../../shared/rules/profiles/public-host.js';
import { chooseOption } from '../support/choose-option.js';

/** Issue 15: a link's analytics and the affiliate analytics, every figure equal to SQL, periods, not found. */

describe('affiliate and link analytics (browser mode)', () => {
  let app: BrowserMode;
  let databaseUrl: string;
  let page: Page;
  const count = (n: number) => n.toLocaleString('en-US');
  const card = (id: string) => page.getByTestId(id).locator('.stat-value');

  /** Ground truth for a period, its lower bound computed by SQL itself: the start of the UTC day N days ago. */
  async function truth(days: AffiliatePeriod, linkId: string | null) {
    const [w] = await query<{ since: string; today: string }>(
      databaseUrl,
      `select to_char((((now() at time zone 'UTC')::date - $1::int)::timestamp at time zone 'UTC') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') since,
              to_char((now() at time zone 'UTC')::date, 'YYYY-MM-DD') today`,
      [days],
    );
    return expectedFigures(databaseUrl, w!.since, w!.today, bucketUnitOf(days), linkId);
  }

  async function choose(days: AffiliatePeriod, label: string) {
    await chooseOption(page.getByLabel('Period'), { value: String(days) });
    await expect(page.getByLabel('Period')).toHaveText(label);
    await expect(page.locator(`.affiliate-body[data-period="${days}"]`)).toBeVisible();
  }

  async function linkCards(days: AffiliatePeriod, linkId: string) {
    const t = await truth(days, linkId);
    await expect(card('kpi-revenue')).toHaveText(formatCents(t.totals.revenueCents));
    await expect(card('kpi-commissions')).toHaveText(formatCents(t.totals.commissionCents));
    await expect(card('kpi-conversions')).toHaveText(count(t.totals.payments));
    await expect(card('kpi-customers')).toHaveText(count(t.totals.customers));
    await expect(card('kpi-pending')).toHaveText(formatCents(t.totals.pendingCents));
    await expect(card('kpi-paid')).toHaveText(formatCents(t.totals.paidCents));
    await expect(card('kpi-avg-customer')).toHaveText(formatCents(t.avgRevenuePerCustomerCents));
    return t;
  }

  adminPageSuite('/admin/affiliate-analytics', (s) => ({ app, databaseUrl, page } = s), { viewport: { width: 1280, height: 900 } });

  it("opens an affiliate link's analytics with its KPIs equal to SQL, switches periods, pages its transactions", async () => {
    const [link] = await query<{ id: string; campaign_name: string; slug: string }>(
      databaseUrl,
      `select l.id::text, l.campaign_name, l.slug from marketing_links l join affiliate_revenue r on r.marketing_link_id = l.id
        where l.is_affiliate_link and r.payment_date > now() - interval '365 days' group by l.id order by count(*) desc limit 1`,
    );
    assert(link).toBeDefined();
    await page.goto(`${app.origin}/admin/marketing-links/${link!.id}/analytics`);
    // The first visit loads the screen's code: allow for a busy machine.
    await expect(page.getByRole('heading', { level: 1, name: link!.campaign_name })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel('Period')).toHaveText('30 days');
    await expect(page.locator('.affiliate-body[data-period="30"]')).toBeVisible();
    const t30 = await linkCards(30, link!.id);
    await expect(
      page.getByRole('img', { name: /^Revenue Over Time/ }).or(page.getByTestId('chart-revenue').getByText('No data for this period')),
    ).toBeVisible();
    assert(await seriousViolations(page)).toEqual([]);
    // The chart's numbers, as the screen-reader table has them, add up to the card.
    const hidden = await page.getByTestId('chart-conversions').locator('tbody tr td:nth-child(2)').allTextContents();
    assert(hidden.reduce((s, v) => s + Number(v.replace(/,/g, '')), 0)).toBe(t30.totals.payments);

    await choose(7, '7 days');
    await linkCards(7, link!.id);
    await choose(365, '1 year');
    const t365 = await linkCards(365, link!.id);
    await expect(page.getByTestId('chart-revenue').locator('thead th').first()).toHaveText('Month');

    const rows = page.getByTestId('transactions').locator('tbody tr');
    await expect(rows).toHaveCount(Math.min(50, t365.totals.payments));
    await expect(page.getByTestId('transactions').locator('thead th')).toHaveText(['Date', 'Invoice ID', 'Revenue', 'Commission', 'Status']);
    await expect(page.getByTestId('transactions-range')).toHaveText(`1-${count(Math.min(50, t365.totals.payments))} of ${count(t365.totals.payments)}`);
    if (t365.totals.payments > 50) {
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByTestId('transactions-range')).toHaveText(`51-${count(Math.min(100, t365.totals.payments))} of ${count(t365.totals.payments)}`);
    }
    const [newest] = await query<{ inv: string }>(
      databaseUrl,
      'select stripe_invoice_id inv from affiliate_revenue where marketing_link_id = $1 order by payment_date desc, id desc limit 1',
      [link!.id],
    );
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(rows.first().locator('td').nth(1)).toHaveText(newest!.inv);
  });

  it('shows the four cards and no commission columns for a campaign link, and its empty period', async () => {
    const [link] = await query<{ id: string }>(
      databaseUrl,
      `insert into marketing_links (campaign_name, slug, status) values ('E2E Campaign No Revenue', 'e2e-no-revenue', 'active') returning id::text`,
    );
    await page.goto(`${app.origin}/admin/marketing-links/${link!.id}/analytics`);
    await expect(page.getByRole('heading', { level: 1, name: 'E2E Campaign No Revenue' })).toBeVisible({ timeout: 20_000 });
    await expect(card('kpi-revenue')).toHaveText('$0.00');
    await expect(card('kpi-conversions')).toHaveText('0');
    await expect(page.getByTestId('kpi-pending')).toHaveCount(0);
    await expect(page.getByText('No transactions found for this time period')).toBeVisible();
    // Copy Link: 'Copied' for 2 seconds, the spec's toast, and the public link on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
    const copy = page.getByRole('button', { name: 'Copy Link' });
    await copy.click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(toast(page, 'Link copied!')).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${DEFAULT_PUBLIC_HOST}/r/e2e-no-revenue`);
    await expect(page.getByRole('button', { name: 'Copy Link' })).toBeVisible({ timeout: 4000 });
  });

  it('shows the affiliate analytics figures equal to SQL, and opens a link from the performance table', async () => {
    await page.goto(`${app.origin}/admin/affiliate-analytics`);
    await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Analytics' })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.affiliate-body[data-period="30"]')).toBeVisible();
    for (const [days, label] of [
      [30, '30 days'],
      [90, '90 days'],
      [365, 'Last year'],
    ] as const) {
      if (days !== 30) await choose(days, label);
      const t = await truth(days, null);
      await expect(card('kpi-revenue')).toHaveText(formatCents(t.totals.revenueCents));
      await expect(card('kpi-commissions')).toHaveText(formatCents(t.totals.commissionCents));
      await expect(card('kpi-affiliates')).toHaveText(count(t.totals.links));
      await expect(card('kpi-conversions')).toHaveText(count(t.totals.payments));
      await expect(page.getByTestId('commission-pending')).toHaveText(formatCents(t.totals.pendingCents));
      await expect(page.getByTestId('commission-paid')).toHaveText(formatCents(t.totals.paidCents));
      await expect(page.getByTestId('commission-avg')).toHaveText(formatCents(t.avgCommissionPerSaleCents));
      const types = await page.getByTestId('chart-revenue-type').locator('tbody tr').allTextContents();
      // Types shown as their owners spell them (TikTok, LinkedIn): the rule is held by tests/unit/brand-names.test.ts.
      for (const ty of t.byType) assert(types).toContain(`${sourceName(ty.type)}${formatCents(ty.revenueCents)}${count(ty.payments)}`);
      const perf = page.getByTestId('performance').locator('tbody tr');
      await expect(perf).toHaveCount(t.links.length);
      await expect(perf.first().locator('td').nth(2)).toHaveText(formatCents(t.links[0]!.revenueCents));
    }
    assert(await seriousViolations(page)).toEqual([]);
    const t = await truth(365, null);
    const top = t.links[0]!;
    await page.getByRole('link', { name: `View analytics of ${top.campaignName}` }).click();
    await expect.poll(() => page.url()).toContain(`/admin/marketing-links/${top.id}/analytics`);
    await expect(page.getByRole('heading', { level: 1, name: top.campaignName })).toBeVisible();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/affiliate-analytics$/);
  });

  it("shows 'Marketing link not found' with Back to Analytics for a missing link", async () => {
    await page.goto(`${app.origin}/admin/marketing-links/00000000-0000-4000-8000-000000000000/analytics`);
    await expect(page.getByText('Marketing link not found')).toBeVisible({ timeout: 20_000 });
    assert(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to Analytics' }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/affiliate-analytics$/);
    await page.goto(`${app.origin}/admin/marketing-links/not-a-link/analytics`);
    await expect(page.getByText('Marketing link not found')).toBeVisible();
  });
});
