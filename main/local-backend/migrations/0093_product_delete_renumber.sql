-- Deleting a product closes the gap it leaves in sort_order (issue 31: the list is numbered 1..n after concurrent
-- reorders and deletes). Spec 2 has the app delete a product by id; the renumbering is the database's, in the same
-- transaction, so no failure between a delete and a later renumbering can leave a gap.
--
-- Products still at 999 (new, spec 2: "new products get 999" until the next reorder) keep it. Concurrent deletes
-- take turns from before their first row (an advisory lock held to the end of the transaction), so neither waits on
-- a row the other holds while holding the turn (no deadlock), and each renumbering sees the deletes committed
-- before it. update_product_order's table lock conflicts with a delete's, so a reorder runs wholly before or after.
--
-- Self-contained, so it can be applied to a hosted Supabase project as is.

create or replace function app_private.products_delete_turn() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  perform pg_advisory_xact_lock(hashtext('partner_products.sort_order'));
  return null;
end
$$;

create or replace function app_private.renumber_products_after_delete() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  with numbered as (
    select id, row_number() over (order by sort_order, name, id)::integer n
      from public.partner_products
     where sort_order is distinct from 999
  )
  update public.partner_products p
     set sort_order = numbered.n
    from numbered
   where p.id = numbered.id and p.sort_order is distinct from numbered.n;
  return null;
end
$$;

drop trigger if exists partner_products_delete_turn on public.partner_products;
create trigger partner_products_delete_turn
  before delete on public.partner_products
  for each statement execute function app_private.products_delete_turn();

drop trigger if exists partner_products_renumber_after_delete on public.partner_products;
create trigger partner_products_renumber_after_delete
  after delete on public.partner_products
  for each statement execute function app_private.renumber_products_after_delete();
