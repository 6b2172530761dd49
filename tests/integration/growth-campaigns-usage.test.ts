// Issue 15: the campaign-analytics function of the embedded backend (over HTTP and through the router), its CSV
// export, and the AI API usage figures; every figure against SQL ground truth, with well over 1,000 rows.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { ADMIN_EMAIL, DEMO_PASSWORD, MEMBER_EMAIL, bootTestApp, type TestApp } from '../support/booted.js';
import { campaignTruth, usageTruth } from '../support/growth-truth.js';
import { campaignAnalytics } from '../../main/services/campaigns/analytics.js';
import { usageByRows } from '../../main/services/apiusage/stats.js';
import { CAMPAIGN_TYPE_FILTERS, DATE_RANGES, type CampaignAnalytics } from '../../shared/rules/campaigns/model.js';
import { USAGE_PERIODS, type ApiUsageStats } from '../../shared/rules/apiusage/model.js';
import type { ExportOutcome } from '../../shared/contract/export.js';

const backend = sharedBackend();
const SLUG = 'itest-growth-campaign';
const ENDPOINT = 'itest-endpoint';
let db: pg.Client;
// Node 20 has no global WebSocket; realtime-js builds its transport eagerly.
const client = (): SupabaseClient =>
  createClient(backend.url, backend.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket } as never });
let app: TestApp;

async function token(email: string): Promise<string> {
  const res = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function get(query: string, bearer?: string, method = 'GET'): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${backend.url}/functions/v1/campaign-analytics?${query}`, {
    method,
    headers: { apikey: backend.anonKey, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: backend.databaseUrl });
  await db.connect();
  // A link of type 'other' with 1,500 visits in the last 2 days, 400 of them converted, 150 of those paying:
  // more than one API page of rows in every range.
  const { rows } = await db.query<{ id: string }>(
    `insert into marketing_links (campaign_name, slug, campaign_type, status) values (' =Integration growth;@SUM(1)', $1, 'other', 'active') returning id`,
    [SLUG],
  );
  const link = rows[0]!.id;
  await db.query(
    `with u as (select id, row_number() over (order by id) k from profiles limit 400)
     insert into marketing_link_visits (marketing_link_id, visited_at, converted_user_id, converted_at)
     select $1, now() - interval '2 days' * (g / 1500.0), u.id, case when u.id is not null then now() end
       from generate_series(1, 1500) g left join u on u.k = g`,
    [link],
  );
  await db.query(
    `insert into affiliate_revenue (marketing_link_id, user_id, payment_date, payment_amount, revenue_type)
     select $1, converted_user_id, now() - interval '1 hour', 12.34, 'campaign' from marketing_link_visits
      where marketing_link_id = $1 and converted_user_id is not null order by converted_user_id limit 150`,
    [link],
  );
  await db.query(
    `insert into api_usage_logs (endpoint_type, total_token_count, estimated_cost_usd, response_time_ms, created_at)
     select $1, 100 + g, 0.000123 * (g % 7), case when g % 10 = 0 then null else 300 + g % 500 end, now() - interval '20 hours' * (g / 2500.0)
       from generate_series(1, 2500) g`,
    [ENDPOINT],
  );
  app = bootTestApp(backend);
  await app.signIn();
});

afterAll(async () => {
  await app?.close();
  await db?.query('delete from marketing_links where slug = $1', [SLUG]);
  await db?.query('delete from api_usage_logs where endpoint_type = $1', [ENDPOINT]);
  await db?.end();
});

function expectEqualToTruth(answer: CampaignAnalytics, truth: Awaited<ReturnType<typeof campaignTruth>>): void {
  const bySlug = [...answer.performance].sort((a, b) => (a.slug < b.slug ? -1 : 1));
  expect(bySlug.map((p) => [p.slug, p.campaign_name, p.campaign_type, p.status, p.visits, p.conversions, Math.round(p.revenue)])).toEqual(
    truth.campaigns.map((c) => [c.slug, c.campaign_name, c.campaign_type, c.status, c.visits, c.conversions, c.revenue_whole]),
  );
  bySlug.forEach((p, i) => {
    expect(p.revenue).toBeCloseTo(Number(truth.campaigns[i]!.revenue), 6);
    expect(p.conversion_rate).toBeCloseTo(Number(truth.campaigns[i]!.rate ?? 0), 9);
  });
  expect(answer.metrics).toMatchObject({ totalCampaigns: truth.campaigns.length, totalVisits: truth.totalVisits, totalConversions: truth.totalConversions });
  expect(answer.metrics.conversionRate).toBeCloseTo(truth.totalVisits ? (truth.totalConversions * 100) / truth.totalVisits : 0, 9);
  expect(answer.funnel.map((f) => [f.stage, f.count])).toEqual([
    ['Visits', truth.totalVisits],
    ['Conversions', truth.totalConversions],
    ['Paying Customers', truth.payingCustomers],
  ]);
}

describe('campaign-analytics', () => {
  it('answers every range and type through the router with figures equal to SQL, most conversions first', async () => {
    for (const dateRange of DATE_RANGES) {
      for (const campaignType of CAMPAIGN_TYPE_FILTERS) {
        const answer = await app.data<CampaignAnalytics>('campaigns.analytics', { dateRange, campaignType });
        expectEqualToTruth(answer, await campaignTruth(backend.databaseUrl, answer.since!, campaignType === 'all' ? null : campaignType));
        const order = answer.performance.map((p) => p.conversions);
        expect(order).toEqual([...order].sort((a, b) => b - a));
      }
    }
    const mine = await app.data<CampaignAnalytics>('campaigns.analytics', { dateRange: '7d', campaignType: 'other' });
    const row = mine.performance.find((p) => p.slug === SLUG)!;
    expect([row.visits, row.conversions, row.revenue]).toEqual([1500, 400, 150 * 12.34]);
    expect(mine.funnel[2]!.count).toBeGreaterThanOrEqual(150);
  });

  it('over HTTP: 401 No active session without a session, 403 for a non-admin, 405 for POST, 400 for a bad range, 200 for the admin', async () => {
    const none = await get('dateRange=7d&campaignType=all');
    expect(none.status).toBe(401);
    expect(JSON.stringify(none.body)).toContain('No active session');
    expect((await get('dateRange=7d&campaignType=all', await token(MEMBER_EMAIL))).status).toBe(403);
    const admin = await token(ADMIN_EMAIL);
    expect((await get('dateRange=7d&campaignType=all', admin, 'POST')).status).toBe(405);
    expect((await get('dateRange=1y&campaignType=all', admin)).status).toBe(400);
    const ok = await get('dateRange=30d&campaignType=other', admin);
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body).sort()).toEqual(['funnel', 'metrics', 'performance', 'since']);
  });

  it("gives the app's messages: 'No active session' without a session, 'Failed to fetch campaign analytics: 403' on a non-200", async () => {
    const anon = client();
    await expect(campaignAnalytics(anon, '30d', 'all')).rejects.toThrow(/^No active session$/);
    const member = client();
    await member.auth.signInWithPassword({ email: MEMBER_EMAIL, password: DEMO_PASSWORD });
    await expect(campaignAnalytics(member, '30d', 'all')).rejects.toThrow(/^Failed to fetch campaign analytics: 403$/);
    await member.auth.signOut();
  });

  it('exports the shown table as CSV, in its order, with the formula cell neutralised', async () => {
    const shown = await app.data<CampaignAnalytics>('campaigns.analytics', { dateRange: '90d', campaignType: 'all' });
    const result = await app.data<ExportOutcome>('campaigns.exportCsv', { dateRange: '90d', campaignType: 'all' });
    expect(result.outcome).toBe('saved');
    if (result.outcome !== 'saved') return;
    expect(path.dirname(result.path)).toBe(path.join(app.dataDir, 'exports'));
    const lines = fs
      .readFileSync(result.path, 'utf8')
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Campaign,Link,Type,Status,Visits,Conversions,Rate (%),Revenue ($)');
    expect(lines).toHaveLength(shown.performance.length + 1);
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(shown.performance.map((p) => `/r/${p.slug}`));
    // Leading white space before =, and an @ after a `;` that a `;`-locale spreadsheet splits off (issue 26 item 3).
    expect(lines.find((l) => l.includes(SLUG))).toBe(`' =Integration growth;'@SUM(1),/r/${SLUG},other,active,1500,400,26.7,1851`);
  });
});

describe('AI API usage', () => {
  it('sums every period on the server, equal to SQL, with more than 1,000 rows', async () => {
    for (const period of USAGE_PERIODS) {
      const s = await app.data<ApiUsageStats>('apiusage.stats', { period });
      const t = await usageTruth(backend.databaseUrl, s.since);
      expect([s.totalCalls, s.totalTokens]).toEqual([t.calls, Number(t.tokens)]);
      expect(s.totalCost).toBeCloseTo(Number(t.cost), 9);
      expect(s.avgResponseMs).toBeCloseTo(Number(t.avg_ms), 6);
      expect(s.endpoints.map((e) => [e.endpoint, e.calls])).toEqual(t.endpoints.map((e) => [e.endpoint, e.calls]));
      s.endpoints.forEach((e, i) => expect(e.cost).toBeCloseTo(Number(t.endpoints[i]!.cost), 9));
      expect(s.totalCalls).toBeGreaterThan(2500);
    }
    const day = await app.data<ApiUsageStats>('apiusage.stats', { period: '1d' });
    expect(day.endpoints.find((e) => e.endpoint === ENDPOINT)?.calls).toBe(2500);
    expect(Date.now() - Date.parse(day.since)).toBeGreaterThanOrEqual(24 * 3_600_000);
  });

  it('where a project lacks the SQL function, reads every row in pages and sums them to the same figures', async () => {
    const s = await app.data<ApiUsageStats>('apiusage.stats', { period: '7d' });
    const byRows = await usageByRows((await app.services.connections.current()).service, s.since);
    expect(byRows.totalCalls).toBeGreaterThan(1000);
    expect([byRows.totalCalls, byRows.totalTokens, byRows.endpoints.map((e) => [e.endpoint, e.calls])]).toEqual([
      s.totalCalls,
      s.totalTokens,
      s.endpoints.map((e) => [e.endpoint, e.calls]),
    ]);
    expect(byRows.totalCost).toBeCloseTo(s.totalCost, 9);
    expect(byRows.avgResponseMs).toBeCloseTo(s.avgResponseMs!, 6);
  });

  it('refuses an unknown period', async () => {
    const r = await app.call('apiusage.stats', { period: '365d' });
    expect(r.ok).toBe(false);
  });
});
