/**
 * npm run bench:campaigns [-- --users 100000 --data-dir DIR]
 *
 * Boots the embedded backend seeded at 100,000 users (their link visits, revenue and AI usage logs), signs in
 * through main's router as the screens do, and times each operation of Campaign Analytics (every date range,
 * all types and one type) and AI API Usage (every period). Every figure is checked against ground-truth SQL
 * (tests/support/growth-truth.ts). The target is under a second per answer. With --data-dir an existing seeded
 * backend is reused.
 */
import pg from 'pg';
import { countRows } from '../main/local-backend/seed/index.js';
import { campaignTruth, usageTruth } from '../tests/support/growth-truth.js';
import { DATE_RANGES, type CampaignAnalytics } from '../shared/rules/campaigns/model.js';
import { USAGE_PERIODS, type ApiUsageStats } from '../shared/rules/apiusage/model.js';
import { Checks, benchArgs, loadAverage, runBench, timed, withBenchBackend } from './support/bench.js';

const TARGET_MS = 1000;
const close = (a: number, b: number) => Math.abs(a - b) < 1e-6;

function campaignsEqual(a: CampaignAnalytics, t: Awaited<ReturnType<typeof campaignTruth>>): boolean {
  const rows = [...a.performance].sort((x, y) => (x.slug < y.slug ? -1 : 1));
  return (
    rows.length === t.campaigns.length &&
    rows.every((p, i) => {
      const c = t.campaigns[i]!;
      return (
        p.slug === c.slug &&
        p.visits === c.visits &&
        p.conversions === c.conversions &&
        close(p.revenue, Number(c.revenue)) &&
        close(p.conversion_rate, Number(c.rate ?? 0))
      );
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
  const { users, dataDir } = benchArgs(100_000);
  const checks = new Checks();
  const title = `Campaign analytics and AI API usage benchmark: ${users.toLocaleString('en-US')} users`;
  await withBenchBackend({ title, tempPrefix: 'reflect-bench-campaigns-', dataDir, seed: { users } }, async ({ backend, app }) => {
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
    console.log(
      '  rows:',
      Object.entries(counts)
        .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
        .join(', '),
    );

    const line = (label: string, r: { median: number; worst: number }, equal: boolean, extra: string) => {
      console.log(
        `  ${label.padEnd(34)} ${r.median.toFixed(0).padStart(5)} ms median (max ${r.worst.toFixed(0)})  ${extra.padEnd(44)} ${checks.equal(equal)}  ${checks.within(r.median, TARGET_MS)}`,
      );
    };

    console.log(`\nCampaign Analytics (campaigns.analytics through the router: the admin check, the function over HTTP, its SQL); target < ${TARGET_MS} ms`);
    for (const dateRange of DATE_RANGES) {
      for (const campaignType of ['all', 'influencer'] as const) {
        const r = await timed(() => app.data<CampaignAnalytics>('campaigns.analytics', { dateRange, campaignType }));
        const truth = await campaignTruth(backend.databaseUrl, r.out.since!, campaignType === 'all' ? null : campaignType);
        const m = r.out.metrics;
        line(
          `${dateRange}, ${campaignType}`,
          r,
          campaignsEqual(r.out, truth),
          `${m.totalCampaigns} campaigns, ${m.totalVisits.toLocaleString('en-US')} visits, ${m.totalConversions.toLocaleString('en-US')} conv.`,
        );
      }
    }
    const t = performance.now();
    const exported = await app.data<{ outcome: string; count?: number }>('campaigns.exportCsv', { dateRange: '90d', campaignType: 'all' });
    console.log(`  export (90d, all): ${(performance.now() - t).toFixed(0)} ms, ${exported.outcome} ${exported.count ?? 0} rows`);

    console.log(`\nAI API Usage (apiusage.stats through the router: the admin check, admin_api_usage_stats); target < ${TARGET_MS} ms`);
    for (const period of USAGE_PERIODS) {
      const r = await timed(() => app.data<ApiUsageStats>('apiusage.stats', { period }));
      const truth = await usageTruth(backend.databaseUrl, r.out.since);
      line(
        period,
        r,
        usageEqual(r.out, truth),
        `${r.out.totalCalls.toLocaleString('en-US')} calls, ${r.out.endpoints.length} endpoints, $${r.out.totalCost.toFixed(2)}`,
      );
    }
    console.log(`\n${loadAverage()} while measuring`);
  });
  if (checks.failed) process.exitCode = 1;
}

runBench(main);
