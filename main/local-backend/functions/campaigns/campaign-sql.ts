/**
 * The SQL behind `campaign-analytics`: every count and sum is aggregated by PostgreSQL over the whole period, so
 * no figure depends on how many rows there are (the tests and the benchmark compare with their own SQL).
 * $1 the period's start, $2 a campaign type or null for all.
 */

/** Per link: visits and converted visits in the period, revenue paid in the period; links with neither are left out. */
export const PERFORMANCE_SQL = `
  with links as (
    select id, campaign_name, slug, campaign_type, status from public.marketing_links where $2::text is null or campaign_type = $2::text
  ), v as (
    select marketing_link_id id, count(*) visits, count(converted_user_id) conversions
      from public.marketing_link_visits where visited_at >= $1::timestamptz and marketing_link_id in (select id from links)
     group by marketing_link_id
  ), r as (
    select marketing_link_id id, sum(payment_amount) revenue
      from public.affiliate_revenue where payment_date >= $1::timestamptz and marketing_link_id in (select id from links)
     group by marketing_link_id
  )
  select l.campaign_name, l.slug, l.campaign_type, l.status,
         coalesce(v.visits, 0)::int visits, coalesce(v.conversions, 0)::int conversions, coalesce(r.revenue, 0)::text revenue
    from links l left join v on v.id = l.id left join r on r.id = l.id
   where v.id is not null or r.id is not null`;

/** The funnel's last stage: converted users of the period's visits who made a payment on the link they came by. */
export const PAYING_CUSTOMERS_SQL = `
  select count(*)::int n from (
    select distinct vv.marketing_link_id, vv.converted_user_id
      from public.marketing_link_visits vv
     where vv.visited_at >= $1::timestamptz and vv.converted_user_id is not null
       and vv.marketing_link_id in (select id from public.marketing_links where $2::text is null or campaign_type = $2::text)
  ) s
   where exists (select 1 from public.affiliate_revenue ar where ar.user_id = s.converted_user_id and ar.marketing_link_id = s.marketing_link_id)`;
