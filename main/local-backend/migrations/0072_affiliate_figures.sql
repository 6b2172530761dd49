-- Affiliate and per-link analytics (spec 3, /admin/affiliate-analytics and /admin/marketing-links/{id}/analytics):
-- every figure aggregated here, in one answer of one row, so none depends on the API's 1,000-row cap and the
-- screens answer in milliseconds at 100,000 users. Amounts are whole cents (exact); days are UTC calendar days.
-- p_link null: every link (the affiliate screen, with its per-link performance rows); else one link's figures.
create or replace function public.admin_affiliate_figures(p_since timestamptz, p_link uuid default null)
returns jsonb
language sql stable security invoker set search_path = public, pg_temp as $$
  with r as (
    select marketing_link_id, user_id, payment_date, payment_amount, commission_amount, commission_status, revenue_type
      from public.affiliate_revenue
     where payment_date >= p_since and (p_link is null or marketing_link_id = p_link)
  )
  select jsonb_build_object(
    'totals', (select jsonb_build_object(
        'revenueCents', (coalesce(sum(payment_amount), 0) * 100)::bigint,
        'commissionCents', (coalesce(sum(commission_amount), 0) * 100)::bigint,
        -- pending and approved are counted together as pending (spec 3 section 4)
        'pendingCents', (coalesce(sum(commission_amount) filter (where commission_status in ('pending', 'approved')), 0) * 100)::bigint,
        'paidCents', (coalesce(sum(commission_amount) filter (where commission_status = 'paid'), 0) * 100)::bigint,
        'payments', count(*),
        'customers', count(distinct user_id),
        'links', count(distinct marketing_link_id)) from r),
    'byType', (select coalesce(jsonb_agg(jsonb_build_object('type', t.revenue_type, 'revenueCents', t.cents, 'payments', t.n) order by t.revenue_type), '[]')
                 from (select revenue_type, (sum(payment_amount) * 100)::bigint cents, count(*) n from r group by revenue_type) t),
    'days', (select coalesce(jsonb_agg(jsonb_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'revenueCents', d.cents,
                                                          'commissionCents', d.commission, 'payments', d.n) order by d.day), '[]')
               from (select (payment_date at time zone 'UTC')::date as day, (sum(payment_amount) * 100)::bigint cents,
                            (sum(commission_amount) * 100)::bigint commission, count(*) n
                       from r group by 1) d),
    'links', case when p_link is null then
      (select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'campaignName', l.campaign_name, 'slug', l.slug,
                                                    'isAffiliateLink', l.is_affiliate_link, 'revenueCents', k.cents,
                                                    'commissionCents', k.commission, 'payments', k.n, 'customers', k.customers)
                                 order by k.cents desc, l.campaign_name, l.id), '[]')
         from (select marketing_link_id, (sum(payment_amount) * 100)::bigint cents, (sum(commission_amount) * 100)::bigint commission,
                      count(*) n, count(distinct user_id) customers
                 from r group by marketing_link_id) k
         join public.marketing_links l on l.id = k.marketing_link_id)
    else '[]'::jsonb end)
$$;

-- Main calls it with the service role after its own admin check; nobody else may.
revoke execute on function public.admin_affiliate_figures(timestamptz, uuid) from public;
do $$
begin
  if exists (select from pg_roles where rolname = 'anon') then
    execute 'revoke execute on function public.admin_affiliate_figures(timestamptz, uuid) from anon, authenticated';
    execute 'grant execute on function public.admin_affiliate_figures(timestamptz, uuid) to service_role';
  end if;
end
$$;
