-- A page of the analytics replica's pull (main/services/analytics/pull.ts) in the compact form the replica writes:
-- each row an array holding its UTC day number (days since 1970-01-01 of its created_at's UTC date, which is the
-- floor of its Unix seconds / 86,400, as the app's dayOf counts it: date arithmetic, cheaper than extract's numeric)
-- and the columns the replica keeps, with the key of the page's last row (the keyset column and id)
-- beside them. Through the table API the same rows cost twice the bytes: every row repeated its column names and
-- carried its created_at and updated_at in full, when only the day and the last row's key are needed.
-- The page is the first `p_limit` rows of `p_table` in (p_column, id) order (the rows within it in no particular
-- order: the replica's writes do not depend on it), with p_column in [p_from, p_to) and after
-- (p_after_ts, p_after_id); absent (null) bounds are open. The row comparison is the index order of the sync indexes
-- (migration 0030), so any page costs what the first does. One json value, not a set: the API's row cap does not
-- apply, so a page may hold more than 1,000 rows. Self-contained, so it can be applied to a hosted Supabase
-- project as is; only main's service role may call it.
create or replace function public.admin_analytics_page(
  p_table text,
  p_column text,
  p_limit integer,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_after_ts timestamptz default null,
  p_after_id uuid default null
)
returns json
language plpgsql stable set search_path = public as $$
declare
  cols text;
  vals text;
  cond text := 'true';
  result json;
begin
  cols := case p_table
    when 'profiles' then 'id'
    when 'blocks' then 'user_id, id'
    when 'goals' then 'user_id, id'
    when 'challenges' then 'user_id, id'
    when 'saved_reflections' then 'user_id, id'
    when 'chat_messages' then 'user_id, id'
    when 'coach_interactions' then 'user_id, id, coach_id'
    when 'meditation_sessions' then 'user_id, id, brainwave_type, duration_minutes, actual_duration_seconds, completed_at'
    when 'user_subscriptions' then 'user_id, id, plan_id, status'
  end;
  -- What each row carries: the columns read, a meditation session's completion as a boolean.
  vals := replace(cols, 'completed_at', 'completed_at is not null');
  if cols is null then
    raise exception 'Not a table of the analytics replica: %', p_table using errcode = '22023';
  end if;
  if p_column is null or p_column not in ('created_at', 'updated_at') then
    raise exception 'The pull follows created_at or updated_at, not %', p_column using errcode = '22023';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 20000 then
    raise exception 'A page holds 1 to 20000 rows' using errcode = '22023';
  end if;
  if (p_after_ts is null) <> (p_after_id is null) then
    raise exception 'The key to read after needs both its time and its id' using errcode = '22023';
  end if;
  -- Only the bounds given are written into the query, so each is an index condition.
  if p_from is not null then cond := cond || format(' and %I >= $1', p_column); end if;
  if p_to is not null then cond := cond || format(' and %I < $2', p_column); end if;
  if p_after_ts is not null then cond := cond || format(' and (%I, id) > ($3, $4)', p_column); end if;
  execute format(
    $q$select json_build_object(
         'n', count(*),
         'ts', max(k),
         'id', (array_agg(id order by k desc, id desc))[1],
         'rows', coalesce(json_agg(json_build_array((created_at at time zone 'UTC')::date - date '1970-01-01', %s)), '[]'::json))
       from (select %I as k, created_at, %s from %I where %s order by %I, id limit $5) page$q$,
    vals, p_column, cols, p_table, cond, p_column)
  into result
  using p_from, p_to, p_after_ts, p_after_id, p_limit;
  return result;
end
$$;
revoke execute on function public.admin_analytics_page(text, text, integer, timestamptz, timestamptz, timestamptz, uuid) from public, anon, authenticated;
grant execute on function public.admin_analytics_page(text, text, integer, timestamptz, timestamptz, timestamptz, uuid) to service_role;
