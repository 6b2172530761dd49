-- Product reordering (spec 2 sections 4 and 7; issue 10): update_product_order renumbers sort_order from 1 across the
-- whole list. The version in 0011 updated the listed rows one by one with no lock: two administrators reordering at
-- once could deadlock (their updates lock the same rows in different orders), and a list that missed a product
-- created meanwhile left that product at 999, so the list was no longer 1..n.
--
-- Now: one table lock that conflicts with itself and with every insert, update and delete (so concurrent reorders
-- run one after the other, the last one wins whole, and nothing is created or deleted halfway), the same input
-- checks as before (an unknown id still rejects the whole call), then one statement that renumbers EVERY product
-- 1..n: listed products in the order given, any product the caller did not list after them in their current order.
--
-- Self-contained, so it can be applied to a hosted Supabase project as is (it needs app_private.require_admin).

create or replace function public.update_product_order(product_updates jsonb) returns void
language plpgsql security definer set search_path = public as $$
declare
  wanted integer;
  distinct_ids integer;
  known integer;
begin
  perform app_private.require_admin();
  if product_updates is null or jsonb_typeof(product_updates) <> 'array' then
    raise exception 'product_updates must be an array of {id, sort_order}' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(product_updates) e
             where jsonb_typeof(e) <> 'object' or e ->> 'id' is null or e ->> 'sort_order' is null) then
    raise exception 'Every product update needs an id and a sort_order' using errcode = '22023';
  end if;
  select count(*), count(distinct e ->> 'id') into wanted, distinct_ids from jsonb_array_elements(product_updates) e;
  if wanted <> distinct_ids then
    raise exception 'A product appears more than once in product_updates' using errcode = '22023';
  end if;

  lock table public.partner_products in share row exclusive mode;

  select count(*) into known
    from public.partner_products p
    join jsonb_array_elements(product_updates) e on p.id = (e ->> 'id')::uuid;
  if known <> wanted then
    raise exception 'Unknown product id in product_updates' using errcode = 'P0002';
  end if;

  with wanted_order as (
    select (e ->> 'id')::uuid id, (e ->> 'sort_order')::integer pos from jsonb_array_elements(product_updates) e
  ), numbered as (
    select p.id, row_number() over (order by w.pos nulls last, p.sort_order, p.name, p.id)::integer n
      from public.partner_products p left join wanted_order w on w.id = p.id
  )
  update public.partner_products p
     set sort_order = numbered.n, updated_at = now()
    from numbered
   where p.id = numbered.id and p.sort_order is distinct from numbered.n;
end
$$;

revoke execute on function public.update_product_order(jsonb) from public, anon;
