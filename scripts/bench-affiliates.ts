/**
 * npm run bench:affiliates [-- --users 100000 --data-dir DIR]
 *
 * Seeds the demo dataset at 100,000 users (their subscriptions' payments attributed to the marketing links), then
 * times, for every period (7, 30, 90, 365 days), the operations behind /admin/affiliate-analytics and
 * /admin/marketing-links/{id}/analytics through main's router, and checks each figure against ground-truth SQL
 * written independently (tests/integration/affiliates-ground-truth.ts). With --data-dir a seeded backend is reused.
 * The seed's subscriptions pay about 0.35 times per user; the benchmark tops affiliate_revenue up with SQL to
 * MINIMUM_PAYMENTS_PER_USER payments per user, spread over the links and the last 540 days like the seed's.
 */
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { query } from '../tests/support/sql.js';
import { expectedFigures, type ExpectedFigures } from '../tests/integration/affiliates-ground-truth.js';
import { AFFILIATE_PERIODS, bucketUnitOf } from '../shared/rules/affiliates/periods.js';
import { avgCommissionPerSale, avgRevenuePerCustomer, type PeriodFigures } from '../shared/rules/affiliates/figures.js';
import type { LinkAnalytics, TransactionPage } from '../shared/rules/affiliates/link.js';
import { Checks, benchArgs, loadAverage, runBench, timed, withBenchBackend } from './support/bench.js';

const TARGET_MS = 1000;
/** Payments the dataset must hold per user (the seed's subscriptions give about 0.35; topped up with SQL). */
const MINIMUM_PAYMENTS_PER_USER = 2;

/** Each figure of an answer against the ground truth: the names of those that differ. */
function differences(f: PeriodFigures, truth: ExpectedFigures, withLinks: boolean): { checked: number; different: string[] } {
  const pairs: [string, unknown, unknown][] = [
    ...Object.keys(truth.totals).map(
      (k) => [`totals.${k}`, f.totals[k as keyof typeof f.totals], truth.totals[k as keyof typeof truth.totals]] as [string, unknown, unknown],
    ),
    ['avgRevenuePerCustomer', avgRevenuePerCustomer(f.totals), truth.avgRevenuePerCustomerCents],
    ['avgCommissionPerSale', avgCommissionPerSale(f.totals), truth.avgCommissionPerSaleCents],
    ['revenueByType', f.byType, truth.byType],
    ['timeSeries', f.buckets, truth.buckets],
    ...(withLinks ? [['performanceTable', f.links, truth.links] as [string, unknown, unknown]] : []),
  ];
  return { checked: pairs.length, different: pairs.filter(([, a, b]) => !isDeepStrictEqual(a, b)).map(([k]) => k) };
}

/** More payments where the seed falls short: random users and non-draft links, amounts at the plans' prices. */
async function topUp(db: pg.Client, users: number): Promise<void> {
  const have = Number((await db.query<{ n: string }>('select count(*) n from public.affiliate_revenue')).rows[0]!.n);
  const missing = MINIMUM_PAYMENTS_PER_USER * users - have;
  if (missing <= 0) return;
  await db.query('select setseed(0.15)');
  await db.query(
    `insert into public.affiliate_revenue (marketing_link_id, user_id, payment_date, payment_amount, commission_amount, commission_status, revenue_type, stripe_invoice_id)
     select l.id, s.u, s.pd, s.amount,
            case when l.is_affiliate_link then round(s.amount * coalesce(l.affiliate_commission_percentage, 0) / 100, 2) else 0 end,
            case when s.pd < now() - interval '45 days' then 'paid' when s.pd < now() - interval '15 days' then 'approved' else 'pending' end,
            case when l.is_affiliate_link then 'affiliate' when s.r < 0.2 then 'referral' else 'campaign' end,
            'in_bench_' || md5(s.g::text)
       from (select g, u.a[1 + floor(random() * cardinality(u.a))::int] u, k.a[1 + floor(random() * cardinality(k.a))::int] link,
                    now() - random() * interval '540 days' pd, (array[9.99, 14.99, 99.99])[1 + floor(random() * 3)::int] amount, random() r
               from generate_series(1, $1::int) g, (select array_agg(id order by id) a from auth.users) u,
                    (select array_agg(id order by id) a from public.marketing_links where status <> 'draft') k) s
       join public.marketing_links l on l.id = s.link`,
    [missing],
  );
  console.log(`  topped up affiliate_revenue with ${missing.toLocaleString('en-US')} payments`);
}

async function main(): Promise<void> {
  const { users, dataDir } = benchArgs(100_000);
  const checks = new Checks();
  await withBenchBackend(
    { title: `Affiliate analytics benchmark: ${users.toLocaleString('en-US')} users`, tempPrefix: 'reflect-bench-affiliates-', dataDir, seed: { users } },
    async ({ backend, app }) => {
      const db = new pg.Client({ connectionString: backend.databaseUrl });
      await db.connect();
      await topUp(db, users);
      // A bulk-loaded database has not been vacuumed yet; autovacuum would do it within a minute.
      await db.query('vacuum analyze');
      const counts = (
        await db.query<Record<string, string>>(
          `select (select count(*) from auth.users) users, (select count(*) from marketing_links) links,
              (select count(*) from marketing_link_visits) visits, (select count(*) from user_marketing_attribution) attributed,
              (select count(*) from affiliate_revenue) revenue`,
        )
      ).rows[0]!;
      await db.end();
      console.log(
        '  rows:',
        Object.entries(counts)
          .map(([k, v]) => `${k} ${Number(v).toLocaleString('en-US')}`)
          .join(', '),
      );

      // The link with the most payments in a year: the heaviest per-link screen.
      const [top] = await query<{ id: string; campaign_name: string; n: string }>(
        backend.databaseUrl,
        `select l.id::text, l.campaign_name, count(*) n from affiliate_revenue r join marketing_links l on l.id = r.marketing_link_id
        where r.payment_date > now() - interval '366 days' group by l.id order by count(*) desc limit 1`,
      );
      console.log(`  per-link screen measured on "${top!.campaign_name}" (${Number(top!.n).toLocaleString('en-US')} payments in a year)`);

      const line = (name: string, r: { first: number; median: number }, eq: string) => {
        const ok = checks.within(Math.max(r.first, r.median), TARGET_MS);
        console.log(
          `    ${name.padEnd(34)} first ${Math.round(r.first).toString().padStart(4)} ms, median ${Math.round(r.median).toString().padStart(4)} ms  ${ok} (< ${TARGET_MS} ms)   ${eq}`,
        );
      };
      const verdict = (d: { checked: number; different: string[] }) =>
        d.different.length === 0
          ? `all ${d.checked} figures ${checks.equal(true, 'ground truth')}`
          : `${checks.equal(false, 'ground truth')}: ${d.different.join(', ')}`;

      for (const days of AFFILIATE_PERIODS) {
        console.log(`\n  period ${days} days`);
        const overview = await timed(() => app.data<PeriodFigures>('affiliates.overview', { days }));
        const unit = bucketUnitOf(days);
        const today = overview.out.asOf.slice(0, 10);
        const t = performance.now();
        const truthAll = await expectedFigures(backend.databaseUrl, overview.out.since, today, unit, null);
        const truthMs = Math.round(performance.now() - t);
        line(
          `affiliates.overview (${overview.out.totals.payments.toLocaleString('en-US')} payments)`,
          overview,
          verdict(differences(overview.out, truthAll, true)),
        );

        const link = await timed(() => app.data<LinkAnalytics>('affiliates.link', { id: top!.id, days }));
        const truthLink = await expectedFigures(backend.databaseUrl, link.out.figures.since, link.out.figures.asOf.slice(0, 10), unit, top!.id);
        line(
          `affiliates.link (${link.out.figures.totals.payments.toLocaleString('en-US')} payments)`,
          link,
          verdict(differences(link.out.figures, truthLink, false)),
        );

        const tx = await timed(() => app.data<TransactionPage>('affiliates.transactions', { id: top!.id, days, page: 0 }));
        const totalOk = tx.out.total === truthLink.totals.payments;
        line(
          'affiliates.transactions (page 1)',
          tx,
          `count ${tx.out.total.toLocaleString('en-US')} ${checks.equal(totalOk, `ground truth (${truthLink.totals.payments})`)}`,
        );
        console.log(`    ground truth SQL for the overview: ${truthMs} ms`);
      }
      console.log(checks.failed ? '\nSome target or figure MISSED' : '\nEvery operation under a second, every figure equal to ground truth');
      console.log(`${loadAverage()} while measuring`);
    },
  );
  if (checks.failed) process.exitCode = 1;
}

runBench(main);
