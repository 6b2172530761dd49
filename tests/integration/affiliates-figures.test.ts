import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, sql, type TestApp } from '../support/booted.js';
import { expectedFigures } from './affiliates-ground-truth.js';
import { AFFILIATE_PERIODS, bucketUnitOf, type AffiliatePeriod } from '../../shared/rules/affiliates/periods.js';
import { avgCommissionPerSale, avgRevenuePerCustomer, TRANSACTIONS_PAGE_SIZE, type PeriodFigures } from '../../shared/rules/affiliates/figures.js';
import type { LinkAnalytics, TransactionPage } from '../../shared/rules/affiliates/link.js';

/**
 * The affiliate and link analytics through main's router, against ground-truth SQL, with a link holding more
 * than 1,000 payments in each period (so a figure read through one capped response would come out short).
 */
const backend = sharedBackend();
const SLUG = `it-affiliate-${process.pid}`;

async function compare(figures: PeriodFigures, linkId: string | null) {
  const truth = await expectedFigures(backend.databaseUrl, figures.since, figures.asOf.slice(0, 10), bucketUnitOf(figures.period), linkId);
  expect(figures.totals).toEqual(truth.totals);
  expect(figures.byType).toEqual(truth.byType);
  expect(figures.buckets).toEqual(truth.buckets);
  expect(figures.links).toEqual(truth.links);
  expect(avgRevenuePerCustomer(figures.totals)).toBe(truth.avgRevenuePerCustomerCents);
  expect(avgCommissionPerSale(figures.totals)).toBe(truth.avgCommissionPerSaleCents);
  return truth;
}

describe('affiliate analytics against the embedded backend', () => {
  let app: TestApp;
  let linkId: string;

  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
    linkId = (
      await sql<{ id: string }>(
        backend,
        `insert into marketing_links (campaign_name, slug, status, is_affiliate_link, affiliate_commission_percentage)
         values ('Integration Affiliate', $1, 'active', true, 20) returning id::text`,
        [SLUG],
      )
    )[0]!.id;
    // 3,000 payments in the last 6 days (over 1,000 in every period), 3,000 more over 400 days, from 300 users.
    await sql(
      backend,
      `insert into affiliate_revenue (marketing_link_id, user_id, payment_date, payment_amount, commission_amount, commission_status, revenue_type, stripe_invoice_id)
       select $1::uuid, u.ids[1 + g % 300], now() - case when g <= 3000 then interval '1 minute' * (g * 2.7) else interval '1 hour' * (g % 9600) end,
              x.amt, round(x.amt * 0.2, 2), (array['pending', 'approved', 'paid'])[1 + g % 3], (array['affiliate', 'referral', 'campaign', 'affiliate'])[1 + g % 4], 'in_it_' || g
         from generate_series(1, 6000) g, (select array_agg(id order by id) ids from auth.users) u,
              lateral (select ((g * 37) % 10000 + 5) / 100.0 as amt) x`,
      [linkId],
    );
  });
  afterAll(async () => {
    await sql(backend, 'delete from marketing_links where slug = $1', [SLUG]);
    await app?.close();
  });

  for (const days of AFFILIATE_PERIODS) {
    it(`a link's figures for ${days} days equal ground-truth SQL (more than 1,000 payments)`, async () => {
      const answer = await app.data<LinkAnalytics>('affiliates.link', { id: linkId, days });
      expect(answer.link).toMatchObject({ id: linkId, slug: SLUG, campaignName: 'Integration Affiliate', isAffiliateLink: true, commissionPercentage: 20 });
      expect(answer.figures.period).toBe(days);
      expect(answer.figures.totals.payments).toBeGreaterThan(1000);
      const truth = await compare(answer.figures, linkId);
      expect(truth.totals.pendingCents + truth.totals.paidCents).toBe(truth.totals.commissionCents);
      expect(answer.figures.links).toEqual([]);
    });
  }

  for (const days of [30, 365] as AffiliatePeriod[]) {
    it(`the affiliate overview for ${days} days equals ground-truth SQL, performance sorted by revenue`, async () => {
      const figures = await app.data<PeriodFigures>('affiliates.overview', { days });
      const truth = await compare(figures, null);
      expect(truth.totals.links).toBeGreaterThan(1);
      const revenues = figures.links.map((l) => l.revenueCents);
      expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
      expect(figures.buckets.reduce((s, b) => s + b.revenueCents, 0)).toBe(figures.totals.revenueCents);
    });
  }

  it('the period starts at the start of the UTC day N days ago, inclusive', async () => {
    const { figures } = await app.data<LinkAnalytics>('affiliates.link', { id: linkId, days: 7 });
    await sql(
      backend,
      `insert into affiliate_revenue (marketing_link_id, payment_date, payment_amount, commission_amount, stripe_invoice_id)
       values ($1, $2::timestamptz, 1000.00, 0, 'in_edge_in'), ($1, $2::timestamptz - interval '1 millisecond', 2000.00, 0, 'in_edge_out')`,
      [linkId, figures.since],
    );
    const after = await app.data<LinkAnalytics>('affiliates.link', { id: linkId, days: 7 });
    expect(after.figures.since).toBe(figures.since);
    expect(after.figures.totals.revenueCents - figures.totals.revenueCents).toBe(100_000);
    expect(after.figures.totals.payments - figures.totals.payments).toBe(1);
    await compare(after.figures, linkId);
  });

  it('stays exact after payments are updated (status paid, user removed, date moved) and deleted', async () => {
    await sql(backend, `update affiliate_revenue set commission_status = 'paid' where marketing_link_id = $1 and stripe_invoice_id like 'in_it_1%'`, [linkId]);
    await sql(backend, `update affiliate_revenue set user_id = null where marketing_link_id = $1 and stripe_invoice_id like 'in_it_2%'`, [linkId]);
    await sql(
      backend,
      `update affiliate_revenue set payment_date = payment_date - interval '40 days' where marketing_link_id = $1 and stripe_invoice_id like 'in_it_3%'`,
      [linkId],
    );
    await sql(backend, `delete from affiliate_revenue where marketing_link_id = $1 and stripe_invoice_id like 'in_it_4%'`, [linkId]);
    for (const days of [7, 90] as AffiliatePeriod[]) {
      await compare((await app.data<LinkAnalytics>('affiliates.link', { id: linkId, days })).figures, linkId);
      await compare(await app.data<PeriodFigures>('affiliates.overview', { days }), null);
    }
  });

  it('pages the transaction history newest first with the exact count', async () => {
    const { figures } = await app.data<LinkAnalytics>('affiliates.link', { id: linkId, days: 30 });
    const first = await app.data<TransactionPage>('affiliates.transactions', { id: linkId, days: 30, page: 0 });
    expect(first.total).toBe(figures.totals.payments);
    expect(first.rows).toHaveLength(TRANSACTIONS_PAGE_SIZE);
    const dates = first.rows.map((r) => Date.parse(r.paymentDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const [newest] = await sql<{ stripe_invoice_id: string; cents: string }>(
      backend,
      `select stripe_invoice_id, (payment_amount * 100)::bigint cents from affiliate_revenue where marketing_link_id = $1 order by payment_date desc, id desc limit 1`,
      [linkId],
    );
    expect(first.rows[0]).toMatchObject({ invoiceId: newest!.stripe_invoice_id, revenueCents: Number(newest!.cents) });
    const lastPage = Math.ceil(first.total / TRANSACTIONS_PAGE_SIZE) - 1;
    const last = await app.data<TransactionPage>('affiliates.transactions', { id: linkId, days: 30, page: lastPage + 5 });
    expect(last.page).toBe(lastPage);
    expect(last.rows).toHaveLength(first.total - lastPage * TRANSACTIONS_PAGE_SIZE);
  });

  it('answers null for a link that does not exist, and refuses a period the spec does not offer', async () => {
    expect(await app.data('affiliates.link', { id: '00000000-0000-4000-8000-000000000000', days: 30 })).toBeNull();
    expect(await app.data('affiliates.link', { id: 'not-a-link', days: 30 })).toBeNull();
    expect((await app.data<TransactionPage>('affiliates.transactions', { id: 'not-a-link', days: 30 })).total).toBe(0);
    const bad = await app.call('affiliates.overview', { days: 14 });
    expect(bad.ok).toBe(false);
  });

  it('the SQL function is not callable by the anonymous or a signed-in key', async () => {
    const res = await fetch(`${backend.url}/rest/v1/rpc/admin_affiliate_figures`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ p_since_day: '2000-01-01' }),
    });
    expect(res.ok).toBe(false);
  });
});
