/**
 * Ground truth for the affiliate and link analytics, written as plain SQL over affiliate_revenue and
 * marketing_links (not through admin_affiliate_figures): what every figure of a period must be. Used by the
 * integration test and by scripts/bench-affiliates.ts.
 */
import { query } from '../support/sql.js';
import type { AffiliateTotals, LinkPerformance, TypeFigures } from '../../shared/rules/affiliates/figures.js';
import type { Bucket, BucketUnit } from '../../shared/rules/affiliates/periods.js';

export interface ExpectedFigures {
  readonly totals: AffiliateTotals;
  readonly byType: TypeFigures[];
  readonly links: LinkPerformance[];
  readonly buckets: Bucket[];
  /** round(revenue / distinct customers, 2) and round(commissions / payments, 2), in cents. */
  readonly avgRevenuePerCustomerCents: number;
  readonly avgCommissionPerSaleCents: number;
}

const n = (v: unknown) => Number(v ?? 0);

export async function expectedFigures(databaseUrl: string, since: string, today: string, unit: BucketUnit, linkId: string | null): Promise<ExpectedFigures> {
  const scope = `payment_date >= $1::timestamptz and ($2::uuid is null or marketing_link_id = $2::uuid)`;
  const [t] = await query<Record<string, string>>(
    databaseUrl,
    `select (coalesce(sum(payment_amount), 0) * 100)::bigint revenue, (coalesce(sum(commission_amount), 0) * 100)::bigint commission,
            (coalesce(sum(case when commission_status <> 'paid' then commission_amount end), 0) * 100)::bigint pending,
            (coalesce(sum(case when commission_status = 'paid' then commission_amount end), 0) * 100)::bigint paid,
            count(*) payments, count(distinct user_id) customers, count(distinct marketing_link_id) links,
            (coalesce(round(sum(payment_amount) / nullif(count(distinct user_id), 0), 2), 0) * 100)::bigint avg_customer,
            (coalesce(round(sum(commission_amount) / nullif(count(*), 0), 2), 0) * 100)::bigint avg_sale
       from affiliate_revenue where ${scope}`,
    [since, linkId],
  );
  const types = await query<Record<string, string>>(
    databaseUrl,
    `select revenue_type, (sum(payment_amount) * 100)::bigint revenue, count(*) payments from affiliate_revenue where ${scope} group by revenue_type order by revenue_type`,
    [since, linkId],
  );
  const links = linkId
    ? []
    : await query<Record<string, string>>(
        databaseUrl,
        `select l.id::text, l.campaign_name, l.slug, l.is_affiliate_link, (sum(r.payment_amount) * 100)::bigint revenue,
                (sum(r.commission_amount) * 100)::bigint commission, count(*) payments, count(distinct r.user_id) customers
           from affiliate_revenue r join marketing_links l on l.id = r.marketing_link_id
          where r.payment_date >= $1::timestamptz
          group by l.id order by revenue desc, l.campaign_name, l.id`,
        [since],
      );
  const buckets = await query<Record<string, string>>(
    databaseUrl,
    `with p as (select ($1::timestamptz at time zone 'UTC')::date d0, $3::date today),
          days as (select g::date d, case $4 when 'day' then g::date when 'week' then p.d0 + 7 * ((g::date - p.d0) / 7)
                                           else date_trunc('month', g)::date end k
                     from p, generate_series(p.d0, p.today, interval '1 day') g),
          r as (select (payment_date at time zone 'UTC')::date d, payment_amount, commission_amount from affiliate_revenue where ${scope})
     select to_char(min(days.d), 'YYYY-MM-DD') start, (coalesce(sum(r.payment_amount), 0) * 100)::bigint revenue,
            (coalesce(sum(r.commission_amount), 0) * 100)::bigint commission, count(r.d) payments
       from days left join r on r.d = days.d group by days.k order by min(days.d)`,
    [since, linkId, today, unit],
  );
  return {
    totals: {
      revenueCents: n(t!.revenue),
      commissionCents: n(t!.commission),
      pendingCents: n(t!.pending),
      paidCents: n(t!.paid),
      payments: n(t!.payments),
      customers: n(t!.customers),
      links: n(t!.links),
    },
    byType: types.map((r) => ({ type: r.revenue_type as TypeFigures['type'], revenueCents: n(r.revenue), payments: n(r.payments) })),
    links: links.map((r) => ({
      id: r.id!,
      campaignName: r.campaign_name!,
      slug: r.slug!,
      isAffiliateLink: r.is_affiliate_link as unknown as boolean,
      revenueCents: n(r.revenue),
      commissionCents: n(r.commission),
      payments: n(r.payments),
      customers: n(r.customers),
    })),
    buckets: buckets.map((r) => ({ start: r.start!, unit, revenueCents: n(r.revenue), commissionCents: n(r.commission), payments: n(r.payments) })),
    avgRevenuePerCustomerCents: n(t!.avg_customer),
    avgCommissionPerSaleCents: n(t!.avg_sale),
  };
}
