-- The two version writes besides appending (spec 2 mirror Initialize Prompts, spec 3 public chatbot Activate), under
-- the same per-family lock as public.admin_append_version (migration 0040), so a family still never has zero or two
-- active versions when a step fails or two administrators act at once.
--
-- Self-contained for hosted projects (apply after 0040 in the SQL editor).

-- Makes an existing version the active one of its family: every other version of the family inactive, in one
-- transaction. Returns the row as JSON. Errors: 22023 unknown family or bad key, P0002 no such version.
create or replace function public.admin_activate_version(p_family text, p_key jsonb, p_id uuid)
returns jsonb
language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  fam app_private.version_families;
  tbl text;
  cond text := 'true';
  lock_name text;
  c text;
  activated jsonb;
begin
  if not (coalesce(auth.role(), '') = 'service_role'
          or coalesce(public.has_role(auth.uid(), 'admin'), false)
          or (session_user <> 'authenticator' and auth.role() is null)) then
    raise exception 'Admin access required' using errcode = '42501';
  end if;
  select * into fam from app_private.version_families where family = p_family;
  if not found then
    raise exception 'Unknown version family: %', p_family using errcode = '22023';
  end if;
  if p_key is null or jsonb_typeof(p_key) <> 'object'
     or (select coalesce(array_agg(k order by k), '{}') from jsonb_object_keys(p_key) k)
        is distinct from (select coalesce(array_agg(k order by k), '{}') from unnest(fam.key_columns) k) then
    raise exception 'The key of % must name exactly: %', p_family, array_to_string(fam.key_columns, ', ') using errcode = '22023';
  end if;

  tbl := format('public.%I', fam.table_name);
  lock_name := 'version_family:' || p_family;
  foreach c in array fam.key_columns loop
    cond := cond || format(' and t.%1$I = k.%1$I', c);
    lock_name := lock_name || ':' || (p_key ->> c);
  end loop;
  perform pg_advisory_xact_lock(hashtextextended(lock_name, 0));

  execute format('select to_jsonb(t) from %1$s t, jsonb_populate_record(null::%1$s, $1) k where %2$s and t.id = $2', tbl, cond)
    into activated using p_key, p_id;
  if activated is null then
    raise exception 'This version no longer exists.' using errcode = 'P0002';
  end if;
  execute format('update %1$s t set is_active = false from jsonb_populate_record(null::%1$s, $1) k where %2$s and t.is_active and t.id <> $2', tbl, cond)
    using p_key, p_id;
  execute format('update %1$s t set is_active = true where t.id = $1 returning to_jsonb(t)', tbl)
    into activated using p_id;
  return activated;
end
$$;

-- Inserts version 1, active, of each given partition, only while the family's table is empty. p_rows is an array of
-- {"key": {...}, "fields": {...}}. Returns how many rows were created. Error P0001 when the table has rows already.
create or replace function public.admin_initialize_versions(p_family text, p_rows jsonb, p_created_by uuid default null)
returns integer
language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  fam app_private.version_families;
  item jsonb;
  has_rows boolean;
  created integer := 0;
begin
  if not (coalesce(auth.role(), '') = 'service_role'
          or coalesce(public.has_role(auth.uid(), 'admin'), false)
          or (session_user <> 'authenticator' and auth.role() is null)) then
    raise exception 'Admin access required' using errcode = '42501';
  end if;
  select * into fam from app_private.version_families where family = p_family;
  if not found then
    raise exception 'Unknown version family: %', p_family using errcode = '22023';
  end if;
  if p_rows is null or jsonb_typeof(p_rows) <> 'array' then
    raise exception 'p_rows must be a JSON array' using errcode = '22023';
  end if;
  -- Two initializations at once: the second waits here and then finds the rows of the first.
  perform pg_advisory_xact_lock(hashtextextended('version_family_init:' || p_family, 0));
  execute format('select exists (select 1 from public.%I)', fam.table_name) into has_rows;
  if has_rows then
    raise exception 'already initialized' using errcode = 'P0001';
  end if;
  for item in select * from jsonb_array_elements(p_rows) loop
    perform public.admin_append_version(p_family, item -> 'key', item -> 'fields', p_created_by);
    created := created + 1;
  end loop;
  return created;
end
$$;

revoke execute on function public.admin_activate_version(text, jsonb, uuid) from public;
revoke execute on function public.admin_initialize_versions(text, jsonb, uuid) from public;
do $$
begin
  if exists (select from pg_roles where rolname = 'anon') then
    execute 'revoke execute on function public.admin_activate_version(text, jsonb, uuid) from anon';
    execute 'revoke execute on function public.admin_initialize_versions(text, jsonb, uuid) from anon';
    execute 'grant execute on function public.admin_activate_version(text, jsonb, uuid) to authenticated, service_role';
    execute 'grant execute on function public.admin_initialize_versions(text, jsonb, uuid) to authenticated, service_role';
  end if;
end
$$;
