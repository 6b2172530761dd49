/**
 * Ground truth for campaign analytics and AI API usage, written as plain SQL independent of the function's and
 * the RPC's own queries (correlated counts per link rather than grouped joins), for the integration and e2e
 * tests and the benchmark.
 */
import { query } from './sql.js';

export interface TruthCampaign {
  readonly slug: string;
  readonly campaign_name: string;
  readonly campaign_type: string;
  readonly status: string;
  readonly visits: number;
  readonly conversions: number;
  /** Percent with SQL's numeric precision, as text (e.g. '12.3456'); null without visits. */
  readonly rate: string | null;
  /** Rounded to whole dollars by SQL. */
  readonly revenue_whole: number;
  readonly revenue: string;
}

export interface CampaignTruth {
  readonly campaigns: readonly TruthCampaign[];
  readonly totalVisits: number;
  readonly totalConversions: number;
  readonly payingCustomers: number;
}

export async function campaignTruth(databaseUrl: string, since: string, type: string | null): Promise<CampaignTruth> {
  const campaigns = await query<TruthCampaign>(
    databaseUrl,
    `select * from (
       select l.slug, l.campaign_name, l.campaign_type, l.status,
              (select count(*) from marketing_link_visits v where v.marketing_link_id = l.id and v.visited_at >= $1)::int visits,
              (select count(*) from marketing_link_visits v where v.marketing_link_id = l.id and v.visited_at >= $1 and v.converted_user_id is not null)::int conversions,
              (select count(*) from affiliate_revenue r where r.marketing_link_id = l.id and r.payment_date >= $1)::int payments,
              (select coalesce(sum(payment_amount), 0) from affiliate_revenue r where r.marketing_link_id = l.id and r.payment_date >= $1) revenue_n
         from marketing_links l where $2::text is null or l.campaign_type = $2::text) s,
       lateral (select case when visits > 0 then (conversions * 100.0 / visits)::text end rate, round(revenue_n)::int revenue_whole, revenue_n::text revenue) x
     where visits > 0 or payments > 0
     order by slug`,
    [since, type],
  );
  const [paying] = await query<{ n: number }>(
    databaseUrl,
    `select count(*)::int n from (select distinct v.marketing_link_id, v.converted_user_id from marketing_link_visits v
        where v.visited_at >= $1 and v.converted_user_id is not null
          and v.marketing_link_id in (select id from marketing_links where $2::text is null or campaign_type = $2::text)
          and v.converted_user_id in (select r.user_id from affiliate_revenue r where r.marketing_link_id = v.marketing_link_id and r.user_id is not null)) s`,
    [since, type],
  );
  return {
    campaigns,
    totalVisits: campaigns.reduce((s, c) => s + c.visits, 0),
    totalConversions: campaigns.reduce((s, c) => s + c.conversions, 0),
    payingCustomers: paying!.n,
  };
}

export interface UsageTruth {
  readonly calls: number;
  readonly tokens: number;
  /** Exact sums as text. */
  readonly cost: string;
  readonly avg_ms: string | null;
  readonly endpoints: readonly { endpoint: string; calls: number; cost: string }[];
}

export async function usageTruth(databaseUrl: string, since: string): Promise<UsageTruth> {
  const [t] = await query<{ calls: number; tokens: number; cost: string; avg_ms: string | null }>(
    databaseUrl,
    `select count(*)::int calls, coalesce(sum(total_token_count), 0)::bigint::float8 tokens, coalesce(sum(estimated_cost_usd), 0)::text cost,
            avg(response_time_ms)::text avg_ms from api_usage_logs where created_at >= $1`,
    [since],
  );
  const endpoints = await query<{ endpoint: string; calls: number; cost: string }>(
    databaseUrl,
    `select endpoint_type endpoint, count(*)::int calls, sum(estimated_cost_usd)::text cost from api_usage_logs where created_at >= $1
      group by endpoint_type order by count(*) desc, endpoint_type collate "C"`,
    [since],
  );
  return { ...t!, endpoints };
}
