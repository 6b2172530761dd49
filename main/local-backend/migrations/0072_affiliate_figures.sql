-- Affiliate and per-link analytics (spec 3, /admin/affiliate-analytics and /admin/marketing-links/{id}/analytics).
-- Every figure is answered by admin_affiliate_figures in one row, so none depends on the API's 1,000-row cap. So
-- that a year of 100,000 users' payments answers in well under a second, it reads three rollups kept exact by
-- statement triggers on affiliate_revenue instead of the payments themselves:
--   affiliate_revenue_days: sums and counts per link, UTC day, revenue type and commission status;
--   affiliate_link_customers / affiliate_customers: each customer's last payment day, per link and overall, so
--   "distinct user_id since day D" is a count of rows whose last day is on or after D.
-- Periods start at a UTC day boundary (spec 3 section 7: "the start of the day N days ago"), which is what makes
-- day rollups exact. The rollups live in app_private: the API cannot read them.

create table app_private.affiliate_revenue_days (
  marketing_link_id uuid not null,
  day date not null,
  revenue_type text not null,
  commission_status text not null,
  amount numeric not null,
  commission numeric not null,
  payments bigint not null,
  primary key (marketing_link_id, day, revenue_type, commission_status)
);
create index affiliate_revenue_days_day_idx on app_private.affiliate_revenue_days (day);

create table app_private.affiliate_link_customers (
  marketing_link_id uuid not null,
  user_id uuid not null,
  last_day date not null,
  primary key (marketing_link_id, user_id)
);
create index affiliate_link_customers_last_idx on app_private.affiliate_link_customers (marketing_link_id, last_day);

create table app_private.affiliate_customers (
  user_id uuid primary key,
  last_day date not null
);
create index affiliate_customers_last_idx on app_private.affiliate_customers (last_day);

-- Recomputes the rollup rows of the given payments' keys (parallel arrays: one element per payment) from
-- affiliate_revenue itself, so inserts, updates (a user deleted sets user_id null) and deletes all stay exact.
create or replace function app_private.affiliate_rollup_refresh(p_links uuid[], p_days date[], p_users uuid[])
returns void
language plpgsql volatile security definer set search_path = public, pg_temp as $$
begin
  with k as (select distinct l, d from unnest(p_links, p_days) k(l, d) where l is not null)
  delete from app_private.affiliate_revenue_days x using k where x.marketing_link_id = k.l and x.day = k.d;
  insert into app_private.affiliate_revenue_days
  select r.marketing_link_id, k.d, r.revenue_type, r.commission_status, sum(r.payment_amount), sum(r.commission_amount), count(*)
    from (select distinct l, d from unnest(p_links, p_days) k(l, d) where l is not null) k
    join public.affiliate_revenue r on r.marketing_link_id = k.l
     and r.payment_date >= (k.d::timestamp at time zone 'UTC') and r.payment_date < ((k.d + 1)::timestamp at time zone 'UTC')
   group by r.marketing_link_id, k.d, r.revenue_type, r.commission_status;

  with k as (select distinct l, u from unnest(p_links, p_users) k(l, u) where l is not null and u is not null)
  delete from app_private.affiliate_link_customers x using k where x.marketing_link_id = k.l and x.user_id = k.u;
  insert into app_private.affiliate_link_customers
  select r.marketing_link_id, r.user_id, max((r.payment_date at time zone 'UTC')::date)
    from (select distinct l, u from unnest(p_links, p_users) k(l, u) where l is not null and u is not null) k
    join public.affiliate_revenue r on r.user_id = k.u and r.marketing_link_id = k.l
   group by r.marketing_link_id, r.user_id;

  with k as (select distinct u from unnest(p_users) k(u) where u is not null)
  delete from app_private.affiliate_customers x using k where x.user_id = k.u;
  insert into app_private.affiliate_customers
  select r.user_id, max((r.payment_date at time zone 'UTC')::date)
    from (select distinct u from unnest(p_users) k(u) where u is not null) k
    join public.affiliate_revenue r on r.user_id = k.u
   group by r.user_id;
end
$$;

create or replace function app_private.affiliate_rollup_inserted() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform app_private.affiliate_rollup_refresh(array_agg(marketing_link_id), array_agg((payment_date at time zone 'UTC')::date), array_agg(user_id))
     from new_rows;
  return null;
end
$$;

create or replace function app_private.affiliate_rollup_deleted() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform app_private.affiliate_rollup_refresh(array_agg(marketing_link_id), array_agg((payment_date at time zone 'UTC')::date), array_agg(user_id))
     from old_rows;
  return null;
end
$$;

create or replace function app_private.affiliate_rollup_updated() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform app_private.affiliate_rollup_refresh(array_agg(marketing_link_id), array_agg((payment_date at time zone 'UTC')::date), array_agg(user_id))
     from (select marketing_link_id, payment_date, user_id from old_rows union all select marketing_link_id, payment_date, user_id from new_rows) x;
  return null;
end
$$;

create or replace function app_private.affiliate_rollup_truncated() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  truncate app_private.affiliate_revenue_days, app_private.affiliate_link_customers, app_private.affiliate_customers;
  return null;
end
$$;

create trigger affiliate_rollup_ins after insert on public.affiliate_revenue referencing new table as new_rows
  for each statement execute function app_private.affiliate_rollup_inserted();
create trigger affiliate_rollup_del after delete on public.affiliate_revenue referencing old table as old_rows
  for each statement execute function app_private.affiliate_rollup_deleted();
create trigger affiliate_rollup_upd after update on public.affiliate_revenue referencing old table as old_rows new table as new_rows
  for each statement execute function app_private.affiliate_rollup_updated();
create trigger affiliate_rollup_trunc after truncate on public.affiliate_revenue
  for each statement execute function app_private.affiliate_rollup_truncated();

-- Every rollup from scratch: for the payments already there when this migration runs, and for the demo seed,
-- which loads with triggers off (session_replication_role = replica) and calls it once at the end.
create or replace function app_private.affiliate_rollups_rebuild()
returns void
language plpgsql volatile security definer set search_path = public, pg_temp as $$
begin
  truncate app_private.affiliate_revenue_days, app_private.affiliate_link_customers, app_private.affiliate_customers;
  insert into app_private.affiliate_revenue_days
  select marketing_link_id, (payment_date at time zone 'UTC')::date, revenue_type, commission_status, sum(payment_amount), sum(commission_amount), count(*)
    from public.affiliate_revenue group by 1, 2, 3, 4;
  insert into app_private.affiliate_link_customers
  select marketing_link_id, user_id, max((payment_date at time zone 'UTC')::date) from public.affiliate_revenue where user_id is not null group by 1, 2;
  insert into app_private.affiliate_customers
  select user_id, max((payment_date at time zone 'UTC')::date) from public.affiliate_revenue where user_id is not null group by 1;
end
$$;
revoke execute on function app_private.affiliate_rollups_rebuild() from public;
select app_private.affiliate_rollups_rebuild();

-- A period's figures from p_since_day (a UTC day) on. p_link null: every link, with its per-link performance
-- rows; else that one link. Amounts are whole cents (exact).
create or replace function public.admin_affiliate_figures(p_since_day date, p_link uuid default null)
returns jsonb
language sql stable security definer set search_path = public, pg_temp as $$
  with g as materialized (
    select marketing_link_id, day, revenue_type, commission_status, amount, commission, payments
      from app_private.affiliate_revenue_days
     where day >= p_since_day and (p_link is null or marketing_link_id = p_link)
  ), c as materialized (
    select marketing_link_id, count(*) customers
      from app_private.affiliate_link_customers
     where last_day >= p_since_day and (p_link is null or marketing_link_id = p_link)
     group by marketing_link_id
  )
  select jsonb_build_object(
    'totals', (select jsonb_build_object(
        'revenueCents', (coalesce(sum(amount), 0) * 100)::bigint,
        'commissionCents', (coalesce(sum(commission), 0) * 100)::bigint,
        -- pending and approved are counted together as pending (spec 3 section 4)
        'pendingCents', (coalesce(sum(commission) filter (where commission_status in ('pending', 'approved')), 0) * 100)::bigint,
        'paidCents', (coalesce(sum(commission) filter (where commission_status = 'paid'), 0) * 100)::bigint,
        'payments', coalesce(sum(payments), 0)::bigint,
        -- distinct user_id: over every link, a customer of two links counts once
        'customers', case when p_link is null
                          then (select count(*) from app_private.affiliate_customers where last_day >= p_since_day)
                          else (select coalesce(sum(customers), 0)::bigint from c) end,
        'links', count(distinct marketing_link_id)) from g),
    'byType', (select coalesce(jsonb_agg(jsonb_build_object('type', t.revenue_type, 'revenueCents', t.cents, 'payments', t.n) order by t.revenue_type), '[]')
                 from (select revenue_type, (sum(amount) * 100)::bigint cents, sum(payments)::bigint n from g group by revenue_type) t),
    'days', (select coalesce(jsonb_agg(jsonb_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'revenueCents', d.cents,
                                                          'commissionCents', d.commission, 'payments', d.n) order by d.day), '[]')
               from (select day, (sum(amount) * 100)::bigint cents, (sum(commission) * 100)::bigint commission, sum(payments)::bigint n
                       from g group by day) d),
    'links', case when p_link is null then
      (select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'campaignName', l.campaign_name, 'slug', l.slug,
                                                    'isAffiliateLink', l.is_affiliate_link, 'revenueCents', k.cents,
                                                    'commissionCents', k.commission, 'payments', k.n, 'customers', coalesce(c.customers, 0))
                                 order by k.cents desc, l.campaign_name, l.id), '[]')
         from (select marketing_link_id, (sum(amount) * 100)::bigint cents, (sum(commission) * 100)::bigint commission, sum(payments)::bigint n
                 from g group by marketing_link_id) k
         join public.marketing_links l on l.id = k.marketing_link_id
         left join c on c.marketing_link_id = k.marketing_link_id)
    else '[]'::jsonb end)
$$;

-- Main calls it with the service role after its own admin check; nobody else may.
revoke execute on function public.admin_affiliate_figures(date, uuid) from public;
revoke execute on function app_private.affiliate_rollup_refresh(uuid[], date[], uuid[]) from public;
do $$
begin
  if exists (select from pg_roles where rolname = 'anon') then
    execute 'revoke execute on function public.admin_affiliate_figures(date, uuid) from anon, authenticated';
    execute 'grant execute on function public.admin_affiliate_figures(date, uuid) to service_role';
  end if;
end
$$;
