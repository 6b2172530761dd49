/**
 * npm run bench:campaigns [-- --users 100000 --data-dir DIR]
 *
 * Boots the embedded backend seeded at 100,000 users (their link visits, revenue and AI usage logs), signs in
 * through main's router as the screens do, and times each operation of Campaign Analytics (every date range,
 * all types and one type) and AI API Usage (every period). Every figure is checked against ground-truth SQL
 * (tests/support/growth-truth.ts). The target is under a second per answer. With --data-dir an existing seeded
 * backend is reused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startLocalBackend } from '../main/local-backend/stack.js';
import { countRows } from '../main/local-backend/seed/index.js';
import { bootTestApp, type TestApp } from '../tests/support/booted.js';
import type { SharedBackend } from '../tests/support/shared-backend.js';
import { campaignTruth, usageTruth } from '../tests/support/growth-truth.js';
import { DATE_RANGES, type CampaignAnalytics } from '../shared/rules/campaigns/model.js';
import { USAGE_PERIODS, type ApiUsageStats } from '../shared/rules/apiusage/model.js';
import { backendTempDir } from '../tests/support/temp-dir.js';

const TARGET_MS = 1000;
const RUNS = 5;
const ms = (t0: number) => performance.now() - t0;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const close = (a: number, b: number) => Math.abs(a - b) < 1e-6;

/** Runs an operation RUNS times through the router; the median time and the last answer. */
async function timed<T>(app: TestApp, name: string, input: unknown): Promise<{ median: number; max: number; data: T }> {
  const times: number[] = [];
  let data: T | undefined;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    data = await app.data<T>(name, input);
    times.push(ms(t));
  }
  return { median: median(times), max: Math.max(...times), data: data! };
}

function campaignsEqual(a: CampaignAnalytics, t: Awaited<ReturnType<typeof campaignTruth>>): boolean {
  const rows = [...a.performance].sort((x, y) => (x.slug < y.slug ? -1 : 1));
  return (
    rows.length === t.campaigns.length &&
    rows.every((p, i) => {
      const c = t.campaigns[i]!;
      return p.slug === c.slug && p.visits === c.visits && p.conversions === c.conversions && close(p.revenue, Number(c.revenue)) && close(p.conversion_rate, Number(c.rate ?? 0));
    }) &&
    a.metrics.totalCampaigns === t.campaigns.length &&
    a.metrics.totalVisits === t.totalVisits &&
    a.metrics.totalConversions === t.totalConversions &&
    a.funnel[2]?.count === t.payingCustomers
  );
}

function usageEqual(s: ApiUsageStats, t: Awaited<ReturnType<typeof usageTruth>>): boolean {
  return (
    s.totalCalls === t.calls &&
    s.totalTokens === Number(t.tokens) &&
    close(s.totalCost, Number(t.cost)) &&
    close(s.avgResponseMs ?? 0, Number(t.avg_ms ?? 0)) &&
    s.endpoints.length === t.endpoints.length &&
    s.endpoints.every((e, i) => e.endpoint === t.endpoints[i]!.endpoint && e.calls === t.endpoints[i]!.calls && close(e.cost, Number(t.endpoints[i]!.cost)))
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { users: { type: 'string', default: '100000' }, 'data-dir': { type: 'string' } } });
  const users = Number(values.users);
  const dataDir = values['data-dir'] ?? backendTempDir('reflect-bench-campaigns-');
  const reuse = values['data-dir'] !== undefined && fs.existsSync(path.join(dataDir, 'pgdata'));
  console.log(`Campaign analytics and AI API usage benchmark: ${users.toLocaleString('en-US')} users, data in ${dataDir}${reuse ? ' (reused)' : ''}`);
  let t = performance.now();
  const backend = await startLocalBackend({ dataDir, fresh: !reuse, seed: { users } });
  let app: TestApp | undefined;
  let failed = false;
  try {
    console.log(`  backend ${reuse ? 'started' : 'seeded'} in ${Math.round(ms(t)).toLocaleString('en-US')} ms`);
    const pool = new pg.Pool({ connectionString: backend.databaseUrl, max: 1 });
    const counts = await (async () => {
      try {
        // A bulk-loaded database has not been vacuumed yet; autovacuum would do it within a minute. Done now, so
        // the aggregates get their index-only scans (migration 0074) from the start.
        await pool.query('vacuum analyze public.marketing_link_visits, public.affiliate_revenue, public.api_usage_logs');
        return await countRows(pool, ['profiles', 'marketing_links', 'marketing_link_visits', 'affiliate_revenue', 'api_usage_logs']);
      } finally {
        await pool.end();
      }
    })();
    console.log('  rows:', Object.entries(counts).map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`).join(', '));

    const shared = { url: backend.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceRoleKey, databaseUrl: backend.databaseUrl, dataDir } satisfies SharedBackend;
    app = bootTestApp(shared);
    await app.signIn();
    const line = (label: string, r: { median: number; max: number }, equal: boolean, extra: string) => {
      const ok = r.median < TARGET_MS && equal;
      if (!ok) failed = true;
      console.log(`  ${label.padEnd(34)} ${r.median.toFixed(0).padStart(5)} ms median of ${RUNS} (max ${r.max.toFixed(0)})  ${extra.padEnd(44)} SQL ${equal ? 'equal' : 'DIFFERENT'}  ${r.median < TARGET_MS ? 'ok' : 'MISSED'}`);
    };

    console.log(`\nCampaign Analytics (campaigns.analytics through the router: the admin check, the function over HTTP, its SQL); target < ${TARGET_MS} ms`);
    for (const dateRange of DATE_RANGES) {
      for (const campaignType of ['all', 'influencer'] as const) {
        const r = await timed<CampaignAnalytics>(app, 'campaigns.analytics', { dateRange, campaignType });
        const truth = await campaignTruth(backend.databaseUrl, r.data.since!, campaignType === 'all' ? null : campaignType);
        const m = r.data.metrics;
        line(`${dateRange}, ${campaignType}`, r, campaignsEqual(r.data, truth), `${m.totalCampaigns} campaigns, ${m.totalVisits.toLocaleString('en-US')} visits, ${m.totalConversions.toLocaleString('en-US')} conv.`);
      }
    }
    t = performance.now();
    const exported = await app.data<{ outcome: string; count?: number }>('campaigns.exportCsv', { dateRange: '90d', campaignType: 'all' });
    console.log(`  export (90d, all): ${ms(t).toFixed(0)} ms, ${exported.outcome} ${exported.count ?? 0} rows`);

    console.log(`\nAI API Usage (apiusage.stats through the router: the admin check, admin_api_usage_stats); target < ${TARGET_MS} ms`);
    for (const period of USAGE_PERIODS) {
      const r = await timed<ApiUsageStats>(app, 'apiusage.stats', { period });
      const truth = await usageTruth(backend.databaseUrl, r.data.since);
      line(period, r, usageEqual(r.data, truth), `${r.data.totalCalls.toLocaleString('en-US')} calls, ${r.data.endpoints.length} endpoints, $${r.data.totalCost.toFixed(2)}`);
    }
    console.log(`\nload average while measuring: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')} (${os.cpus().length} cores)`);
    if (failed) process.exitCode = 1;
  } finally {
    await app?.close();
    await backend.stop();
    if (!values['data-dir']) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
