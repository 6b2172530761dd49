-- The feedback board's first load in one request: the per-status counts (admin_feedback_counts) and the first page of
-- every column (admin_feedback_page), as one JSON document. Before, main made five requests for it (the counts and
-- one page per column), each a round trip through PostgREST. The columns and their statuses stay main's
-- (shared/rules/feedback/model.ts): they are passed in as [{ "id": "done", "statuses": ["resolved", "closed"] }, ...].
-- Self-contained on top of 0078, so it can be applied to a hosted Supabase project as is; only main's service role
-- may call it.

create or replace function public.admin_feedback_board(p_columns jsonb, p_search text, p_type text, p_limit integer)
returns jsonb
language plpgsql stable set search_path = public as $$
begin
  if jsonb_typeof(p_columns) is distinct from 'array' then
    raise exception 'The board columns must be a JSON array' using errcode = '22023';
  end if;
  return jsonb_build_object(
    'counts', (select coalesce(jsonb_agg(to_jsonb(c)), '[]'::jsonb) from public.admin_feedback_counts(p_search, p_type) c),
    'columns', (
      select coalesce(jsonb_object_agg(col->>'id', (
        -- The page function's own order (newest first, ties by id), kept through the aggregate.
        select coalesce(jsonb_agg(to_jsonb(f) order by f.created_at desc, f.id), '[]'::jsonb)
          from public.admin_feedback_page(array(select jsonb_array_elements_text(col->'statuses')), p_search, p_type, null, null, p_limit) f
      )), '{}'::jsonb)
      from jsonb_array_elements(p_columns) col
    )
  );
end
$$;

revoke execute on function public.admin_feedback_board(jsonb, text, text, integer) from public, anon, authenticated;
grant execute on function public.admin_feedback_board(jsonb, text, text, integer) to service_role;
