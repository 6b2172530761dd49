-- The feedback board at 20,000 items and more (issue 12): the board reads each column in pages by keyset
-- (status, created_at desc, id) instead of every live row, takes its per-column counts from one grouped count, and
-- runs the search and the type filter in SQL. Before, main read all live rows (17,112 items, 5.7 MB of JSON, 15.8 s
-- under load) for every board load and searched them in the renderer.
--
-- The search is a case-insensitive substring of the title or the description (as the board's rule in
-- shared/rules/feedback/list.ts): ILIKE with %, _ and \ escaped, served by trigram indexes. Self-contained, so it can
-- be applied to a hosted Supabase project as is; only main's service role may call these functions.

create extension if not exists pg_trgm;

-- The keyset order of a column: status first, newest first, ties by id.
create index if not exists feedback_submissions_status_created_id_idx on public.feedback_submissions (status, created_at desc, id);
create index if not exists feedback_submissions_title_trgm_idx on public.feedback_submissions using gin (title gin_trgm_ops);
create index if not exists feedback_submissions_description_trgm_idx on public.feedback_submissions using gin (description gin_trgm_ops);

-- The ILIKE pattern of a search term: null for no search (blank), else %term% with the wildcards taken literally.
create or replace function public.admin_feedback_pattern(p_search text) returns text
language sql immutable set search_path = public as $$
  select case when nullif(btrim(coalesce(p_search, '')), '') is null then null
              else '%' || replace(replace(replace(btrim(p_search), '\', '\\'), '%', '\%'), '_', '\_') || '%' end
$$;

-- One page of live items in the given statuses matching the search and type (null: all), newest first, after the
-- keyset cursor (null: from the top). At most 1,000 rows (the API's cap): callers page on.
create or replace function public.admin_feedback_page(
  p_statuses text[], p_search text, p_type text, p_after_created timestamptz, p_after_id uuid, p_limit integer
) returns setof public.feedback_submissions
language plpgsql stable set search_path = public as $$
declare
  pat text := public.admin_feedback_pattern(p_search);
begin
  if exists (select 1 from unnest(p_statuses) s where s = 'deleted') then
    raise exception 'The board reads live feedback only' using errcode = '22023';
  end if;
  return query
    select f.* from public.feedback_submissions f
     where f.status = any (p_statuses)
       and (p_type is null or f.type = p_type)
       and (pat is null or f.title ilike pat or f.description ilike pat)
       and (p_after_created is null
            or (f.created_at <= p_after_created and (f.created_at < p_after_created or f.id > p_after_id)))
     order by f.created_at desc, f.id
     limit least(greatest(coalesce(p_limit, 50), 1), 1000);
end
$$;

-- Per status: the live items matching the search and type, and all live items, in one statement.
create or replace function public.admin_feedback_counts(p_search text, p_type text)
returns table (status text, matching bigint, total bigint)
language plpgsql stable set search_path = public as $$
declare
  pat text := public.admin_feedback_pattern(p_search);
begin
  return query
    with live as (
      select f.status, count(*) n from public.feedback_submissions f where f.status <> 'deleted' group by f.status
    ), hits as (
      select f.status, count(*) n from public.feedback_submissions f
       where f.status <> 'deleted'
         and (p_type is null or f.type = p_type)
         and (pat is null or f.title ilike pat or f.description ilike pat)
       group by f.status
    )
    select live.status, coalesce(hits.n, 0)::bigint, live.n::bigint from live left join hits on hits.status = live.status;
end
$$;

revoke execute on function public.admin_feedback_pattern(text) from public, anon, authenticated;
revoke execute on function public.admin_feedback_page(text[], text, text, timestamptz, uuid, integer) from public, anon, authenticated;
revoke execute on function public.admin_feedback_counts(text, text) from public, anon, authenticated;
grant execute on function public.admin_feedback_pattern(text) to service_role;
grant execute on function public.admin_feedback_page(text[], text, text, timestamptz, uuid, integer) to service_role;
grant execute on function public.admin_feedback_counts(text, text) to service_role;
