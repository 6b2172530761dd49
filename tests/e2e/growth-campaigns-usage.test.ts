import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser, Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { startBrowserAndChromium } from '../support/browser-and-chromium.js';
import { DEMO, signIn, toast } from '../support/chromium.js';
import { seriousViolations } from '../support/axe.js';
import { query } from '../support/sql.js';
import { campaignTruth, usageTruth, type CampaignTruth } from '../support/growth-truth.js';
import { rangeStart, type DateRange } from '../../shared/rules/campaigns/model.js';
import { usageSince, type UsagePeriod } from '../../shared/rules/apiusage/model.js';
import { formatEndpointCost, formatResponseMs, formatTotalCost } from '../../shared/rules/apiusage/metrics.js';
import { chooseOption, expectChosen, optionLabels } from '../support/choose-option.js';

/** Issue 15: Campaign Analytics and AI API Usage in the browser, every figure against SQL; the CSV export read from disk. */

const count = (n: number) => n.toLocaleString('en-US');
const rate = (conv: number, visits: number) => `${(visits ? Math.round(((conv * 100) / visits) * 10) / 10 : 0).toFixed(1)}%`;

describe('campaign analytics and API usage (browser mode)', () => {
  let app: BrowserMode;
  let browser: Browser;
  let databaseUrl: string;
  let page: Page;
  const stat = (id: string) => page.getByTestId(id).locator('.stat-value');

  beforeAll(async () => {
    [app, browser] = await startBrowserAndChromium();
    databaseUrl = (await app.hook<{ databaseUrl: string }>('backend-info')).databaseUrl;
    page = await browser.newPage({ viewport: { width: 1300, height: 950 }, locale: 'en-US' });
    await signIn(page, app.url, DEMO.admin);
    await expect.poll(() => page.url()).toMatch(/\/admin\/dashboard$/);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** The truth for the period as of now (the screen's answer came a moment before; seed data is sparse at the edge). */
  const truthNow = (range: DateRange, type: string | null) => campaignTruth(databaseUrl, rangeStart(range, Date.now()).toISOString(), type);

  async function expectCampaignScreen(t: CampaignTruth): Promise<void> {
    await expect(stat('campaigns-total')).toHaveText(count(t.campaigns.length));
    await expect(stat('campaigns-visits')).toHaveText(count(t.totalVisits));
    await expect(stat('campaigns-conversions')).toHaveText(count(t.totalConversions));
    await expect(stat('campaigns-rate')).toHaveText(rate(t.totalConversions, t.totalVisits));
    const rows = page.getByTestId('campaign-table').locator('tbody tr');
    await expect(rows).toHaveCount(t.campaigns.length);
    for (const c of t.campaigns) {
      const r = page.locator(`[data-testid="campaign-table"] tr[data-slug="${c.slug}"]`);
      await expect(r.locator('th')).toContainText(`${c.campaign_name}/r/${c.slug}`);
      await expect(r.locator('[data-col="visits"]')).toHaveText(count(c.visits));
      await expect(r.locator('[data-col="conversions"]')).toHaveText(count(c.conversions));
      await expect(r.locator('[data-col="rate"]')).toHaveText(rate(c.conversions, c.visits));
      await expect(r.locator('[data-col="revenue"]')).toHaveText(`$${count(c.revenue_whole)}`);
    }
    // The funnel's numbers, as the screen-reader table has them.
    const funnel = page.getByTestId('campaign-funnel').locator('table tbody tr');
    await expect(funnel.nth(0)).toContainText(`Visits${count(t.totalVisits)}`);
    await expect(funnel.nth(1)).toContainText(`Conversions${count(t.totalConversions)}`);
    await expect(funnel.nth(2)).toContainText(`Paying Customers${count(t.payingCustomers)}`);
  }

  it('shows Campaign Analytics figures equal to SQL for the default 30 days and after changing the filters', async () => {
    await page.goto(`${app.origin}/admin/campaign-analytics`);
    await expect(page.getByRole('heading', { name: 'Campaign Analytics', level: 1 })).toBeVisible();
    await expect(page.getByText('Monitor marketing campaign performance and ROI')).toBeVisible();
    await expectChosen(page.getByLabel('Date range'), '30d');
    await expect(page.getByTestId('campaign-table')).toBeVisible();
    const t30 = await truthNow('30d', null);
    assert(t30.campaigns.length).toBeGreaterThan(0);
    await expectCampaignScreen(t30);
    // The bar chart: conversions of the first 8 campaigns of the table, by slug (its table for screen readers).
    const order = await page
      .getByTestId('campaign-table')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-slug')));
    const bars = page.getByTestId('campaign-chart').locator('table tbody tr');
    await expect(bars).toHaveCount(Math.min(8, order.length));
    await expect(bars.first()).toContainText(order[0]!);
    assert(await seriousViolations(page)).toEqual([]);

    await chooseOption(page.getByLabel('Date range'), { value: '90d' });
    await chooseOption(page.getByLabel('Campaign type'), { value: 'influencer' });
    await expect(page.getByTestId('campaign-table').locator('tbody tr')).toHaveCount((await truthNow('90d', 'influencer')).campaigns.length);
    await expectCampaignScreen(await truthNow('90d', 'influencer'));
  });

  it('exports the shown table to a CSV file on disk', async () => {
    await chooseOption(page.getByLabel('Date range'), { value: '90d' });
    await chooseOption(page.getByLabel('Campaign type'), { value: 'all' });
    const t = await truthNow('90d', null);
    await expect(page.getByTestId('campaign-table').locator('tbody tr')).toHaveCount(t.campaigns.length);
    const shown = await page
      .getByTestId('campaign-table')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-slug')));
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(toast(page, 'Campaign table exported')).toBeVisible();
    const dir = path.join(app.dataDir, 'exports');
    const file = fs.readdirSync(dir).find((f) => /^campaign-analytics-90d-all-\d{4}-\d{2}-\d{2}\.csv$/.test(f));
    assert(file).toBeDefined();
    const lines = fs
      .readFileSync(path.join(dir, file!), 'utf8')
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    assert(lines[0]).toBe('Campaign,Link,Type,Status,Visits,Conversions,Rate (%),Revenue ($)');
    assert(lines.slice(1).map((l) => l.split(',').at(1))).toEqual(shown.map((s) => `/r/${s}`));
    const bySlug = new Map(t.campaigns.map((c) => [c.slug, c]));
    for (const line of lines.slice(1)) {
      const cells = line.split(',');
      const c = bySlug.get(cells[1]!.slice(3))!;
      assert(cells.slice(-4)).toEqual([String(c.visits), String(c.conversions), rate(c.conversions, c.visits).slice(0, -1), String(c.revenue_whole)]);
    }
  });

  it('says so when the period has no campaign data', async () => {
    await query(databaseUrl, `delete from marketing_links where campaign_type = 'tiktok'`);
    await chooseOption(page.getByLabel('Campaign type'), { value: 'tiktok' });
    await expect(page.getByText('No campaign data available for the selected period')).toBeVisible();
    await expect(stat('campaigns-total')).toHaveText('0');
    await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
  });

  async function expectUsage(period: UsagePeriod): Promise<void> {
    const t = await usageTruth(databaseUrl, usageSince(period, Date.now()).toISOString());
    await expect(stat('usage-calls')).toHaveText(count(t.calls));
    await expect(stat('usage-tokens')).toHaveText(count(Number(t.tokens)));
    await expect(stat('usage-cost')).toHaveText(formatTotalCost(Number(t.cost)));
    await expect(stat('usage-response')).toHaveText(formatResponseMs(t.avg_ms === null ? null : Number(t.avg_ms)));
    const items = page.getByTestId('usage-endpoints').locator('li');
    await expect(items).toHaveCount(t.endpoints.length);
    for (const [i, e] of t.endpoints.entries()) {
      await expect(items.nth(i)).toHaveAttribute('data-endpoint', e.endpoint);
      await expect(items.nth(i).locator('[data-col="calls"]')).toHaveText(e.calls === 1 ? '1 call' : `${count(e.calls)} calls`);
      await expect(items.nth(i).locator('[data-col="cost"]')).toHaveText(formatEndpointCost(Number(e.cost)));
    }
  }

  it('shows AI API usage per period equal to SQL', async () => {
    await page.goto(`${app.origin}/admin/api-usage`);
    await expect(page.getByText('Monitor AI API costs and usage')).toBeVisible();
    await expectChosen(page.getByLabel('Period'), '30d');
    assert(await optionLabels(page.getByLabel('Period'))).toEqual(['Last 24h', 'Last 7 days', 'Last 30 days', 'Last 90 days']);
    await expectUsage('30d');
    assert(await seriousViolations(page)).toEqual([]);
    for (const period of ['1d', '7d', '90d'] as const) {
      await chooseOption(page.getByLabel('Period'), { value: period });
      await expectUsage(period);
    }
  });

  it("shows 'Error Loading Data' with the message and recovers with Try Again", async () => {
    await query(databaseUrl, 'revoke execute on function public.admin_api_usage_stats(timestamptz) from service_role');
    try {
      await page.getByRole('button', { name: 'Refresh' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Error Loading Data' });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText('permission denied for function admin_api_usage_stats');
      await expect(alert.getByRole('button', { name: 'Try Again' })).toBeVisible();
    } finally {
      await query(databaseUrl, 'grant execute on function public.admin_api_usage_stats(timestamptz) to service_role');
    }
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Error Loading Data' })).toHaveCount(0);
    await expectUsage('90d');
  });
});
