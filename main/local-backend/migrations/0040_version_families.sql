-- Versioned prompt families (spec 2 and 3; SECURITY.md A3): saving appends version highest + 1, active, and
-- deactivates the previous active version, in one transaction under a per-family lock. So a family never has zero
-- or two active versions, even when a step fails halfway or two administrators save at the same moment.
--
-- This file is self-contained so that an administrator can apply it to a hosted Supabase project as is (SQL
-- editor): it relies only on the family tables, auth.role(), auth.uid() and public.has_role().

create schema if not exists app_private;

-- Which tables are version families, the columns that identify one family in a table (coach_id, prompt_type, or
-- none for a single-family table), the columns a save may set, and where the previous version's id is recorded.
-- It is also the whitelist of the dynamic SQL below: only these names are ever formatted into a statement.
create table if not exists app_private.version_families (
  family text primary key,
  table_name text not null,
  key_columns text[] not null default '{}',
  value_columns text[] not null,
  parent_column text
);
revoke all on app_private.version_families from public;
do $$
begin
  if exists (select from pg_roles where rolname = 'anon') then
    execute 'revoke all on app_private.version_families from anon, authenticated';
  end if;
end
$$;

insert into app_private.version_families (family, table_name, key_columns, value_columns, parent_column) values
  ('coach_prompts', 'coach_prompts', '{coach_id,prompt_type}', '{prompt_content,generation_params,notes,change_reason}', null),
  ('coach_knowledge_base', 'coach_knowledge_base', '{coach_id}', '{title,content,notes,change_reason}', 'parent_version_id'),
  ('mirror_prompts', 'mirror_prompts', '{prompt_type}', '{prompt_content,generation_params,notes,change_reason}', null),
  ('daily_wisdom_prompts', 'daily_wisdom_prompts', '{}', '{prompt_content,generation_params,notes,change_reason}', null),
  ('entry_analysis_prompts', 'entry_analysis_prompts', '{}', '{prompt_content,generation_params,notes,change_reason}', null),
  ('block_suggestion_prompts', 'block_suggestion_prompts', '{}', '{prompt_content,generation_params,notes,change_reason}', null),
  ('public_chatbot_prompts', 'public_chatbot_prompts', '{}', '{prompt_content,knowledge_base,generation_params,notes,change_reason}', null),
  ('internal_chatbot_prompts', 'internal_chatbot_prompts', '{}', '{title,prompt_content,knowledge_base,notes}', null)
on conflict (family) do update
  set table_name = excluded.table_name, key_columns = excluded.key_columns,
      value_columns = excluded.value_columns, parent_column = excluded.parent_column;

-- Appends a version to one family and returns the new row as JSON.
--   p_family      a family of app_private.version_families
--   p_key         the family's key columns and values, e.g. {"coach_id": "...", "prompt_type": "system"} ({} if none)
--   p_fields      the new version's value columns, e.g. {"prompt_content": "...", "generation_params": {...}}
--   p_created_by  the administrator saving (main passes the server-verified user; null is recorded as System)
-- The version number is computed under the lock, so concurrent saves get consecutive numbers; the partial unique
-- index on active rows and the unique (key, version) constraint of each table stay as the last line of defence.
create or replace function public.admin_append_version(p_family text, p_key jsonb, p_fields jsonb, p_created_by uuid default null)
returns jsonb
language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  fam app_private.version_families;
  tbl text;
  cond text := 'true';
  lock_name text;
  c text;
  next_version integer;
  previous_id uuid;
  new_row jsonb;
  cols text;
  inserted jsonb;
begin
  -- As app_private.require_admin on the embedded backend: the service role, a signed-in admin, or a trusted direct
  -- connection (not PostgREST's authenticator) with no request claims.
  if not (coalesce(auth.role(), '') = 'service_role'
          or coalesce(public.has_role(auth.uid(), 'admin'), false)
          or (session_user <> 'authenticator' and auth.role() is null)) then
    raise exception 'Admin access required' using errcode = '42501';
  end if;

  select * into fam from app_private.version_families where family = p_family;
  if not found then
    raise exception 'Unknown version family: %', p_family using errcode = '22023';
  end if;
  if p_key is null or jsonb_typeof(p_key) <> 'object' or p_fields is null or jsonb_typeof(p_fields) <> 'object' then
    raise exception 'p_key and p_fields must be JSON objects' using errcode = '22023';
  end if;
  if (select coalesce(array_agg(k order by k), '{}') from jsonb_object_keys(p_key) k)
     is distinct from (select coalesce(array_agg(k order by k), '{}') from unnest(fam.key_columns) k) then
    raise exception 'The key of % must name exactly: %', p_family, array_to_string(fam.key_columns, ', ') using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_object_keys(p_fields) k where not (k = any (fam.value_columns))) then
    raise exception 'A save of % may set only: %', p_family, array_to_string(fam.value_columns, ', ') using errcode = '22023';
  end if;

  tbl := format('public.%I', fam.table_name);
  lock_name := 'version_family:' || p_family;
  foreach c in array fam.key_columns loop
    if p_key ->> c is null then
      raise exception 'The key column % of % needs a value', c, p_family using errcode = '22023';
    end if;
    -- Compared as the column's own type (the key is read through the table's row type).
    cond := cond || format(' and t.%1$I = k.%1$I', c);
    lock_name := lock_name || ':' || (p_key ->> c);
  end loop;

  -- One save per family at a time; held until this transaction ends. A hash collision only serialises two
  -- unrelated families, it never lets two saves of one family through together.
  perform pg_advisory_xact_lock(hashtextextended(lock_name, 0));

  execute format('select coalesce(max(t.version), 0) + 1 from %1$s t, jsonb_populate_record(null::%1$s, $1) k where %2$s', tbl, cond)
    into next_version using p_key;
  execute format('select t.id from %1$s t, jsonb_populate_record(null::%1$s, $1) k where %2$s and t.is_active order by t.version desc limit 1', tbl, cond)
    into previous_id using p_key;
  execute format('update %1$s t set is_active = false from jsonb_populate_record(null::%1$s, $1) k where %2$s and t.is_active', tbl, cond)
    using p_key;

  new_row := p_fields || p_key || jsonb_build_object('version', next_version, 'is_active', true, 'created_by', p_created_by);
  if fam.parent_column is not null then
    new_row := new_row || jsonb_build_object(fam.parent_column, previous_id);
  end if;
  select string_agg(quote_ident(k), ', ') into cols from jsonb_object_keys(new_row) k;
  -- If this insert fails (a constraint, a trigger), the deactivation above is undone with it.
  execute format('insert into %1$s as t (%2$s) select %2$s from jsonb_populate_record(null::%1$s, $1) returning to_jsonb(t)', tbl, cols)
    into inserted using new_row;
  return inserted;
end
$$;

revoke execute on function public.admin_append_version(text, jsonb, jsonb, uuid) from public;
do $$
begin
  if exists (select from pg_roles where rolname = 'anon') then
    execute 'revoke execute on function public.admin_append_version(text, jsonb, jsonb, uuid) from anon';
    execute 'grant execute on function public.admin_append_version(text, jsonb, jsonb, uuid) to authenticated, service_role';
  end if;
end
$$;

-- At most one active row per family, for hosted projects that lack these indexes (the embedded backend has them
-- under the same names, so this does nothing there). Skipped with a notice where existing rows already break it.
do $$
declare
  f record;
  index_name text;
  dupes boolean;
begin
  for f in select * from app_private.version_families loop
    if to_regclass(format('public.%I', f.table_name)) is null then
      continue;
    end if;
    index_name := f.table_name || '_one_active';
    if to_regclass(format('public.%I', index_name)) is not null then
      continue;
    end if;
    execute format('select exists (select 1 from public.%I where is_active group by %s having count(*) > 1)',
      f.table_name, coalesce(nullif(array_to_string(array(select quote_ident(k) from unnest(f.key_columns) k), ', '), ''), '()'))
      into dupes;
    if dupes then
      raise notice 'public.% has more than one active version in a family; % not created', f.table_name, index_name;
      continue;
    end if;
    execute format('create unique index %I on public.%I (%s) where is_active', index_name, f.table_name,
      coalesce(nullif(array_to_string(array(select quote_ident(k) from unnest(f.key_columns) k), ', '), ''), '(true)'));
  end loop;
end
$$;
