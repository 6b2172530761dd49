-- Stored procedures the admin screens call through PostgREST (spec 2 section 7, spec 3 section 7).
-- Each runs as its owner (security definer) so that it is atomic regardless of row-level policies, and therefore
-- re-checks first that the caller is an admin or the service role.

-- Product reorder: [{ "id": uuid, "sort_order": integer }, ...] applied in one statement; any unknown id aborts all.
create or replace function public.update_product_order(product_updates jsonb) returns void
language plpgsql security definer set search_path = public as $$
declare
  wanted integer;
  distinct_ids integer;
  updated integer;
begin
  perform app_private.require_admin();
  if product_updates is null or jsonb_typeof(product_updates) <> 'array' then
    raise exception 'product_updates must be an array of {id, sort_order}' using errcode = '22023';
  end if;
  select count(*), count(distinct e ->> 'id') into wanted, distinct_ids from jsonb_array_elements(product_updates) e;
  if exists (select 1 from jsonb_array_elements(product_updates) e
             where jsonb_typeof(e) <> 'object' or e ->> 'id' is null or e ->> 'sort_order' is null) then
    raise exception 'Every product update needs an id and a sort_order' using errcode = '22023';
  end if;
  if wanted <> distinct_ids then
    raise exception 'A product appears more than once in product_updates' using errcode = '22023';
  end if;
  update public.partner_products p
     set sort_order = (e ->> 'sort_order')::integer, updated_at = now()
    from jsonb_array_elements(product_updates) e
   where p.id = (e ->> 'id')::uuid;
  get diagnostics updated = row_count;
  if updated <> wanted then
    raise exception 'Unknown product id in product_updates' using errcode = 'P0002';
  end if;
end
$$;

-- Privacy document versions: creating a version activates it at once and deactivates the previous active one.
-- The advisory lock serialises concurrent saves of one document type, so version numbers cannot collide.
create or replace function public.create_privacy_document_version(
  p_document_type text, p_content text, p_change_summary text, p_change_reason text default null
) returns uuid
language plpgsql security definer set search_path = public as $$
declare
  next_version integer;
  new_id uuid;
begin
  perform app_private.require_admin();
  if p_content is null or btrim(p_content) = '' then
    raise exception 'The document content is required' using errcode = '22023';
  end if;
  if p_change_summary is null or btrim(p_change_summary) = '' then
    raise exception 'Please provide a summary of changes' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtext('privacy_document_versions:' || coalesce(p_document_type, '')));
  select coalesce(max(version), 0) + 1 into next_version from public.privacy_document_versions where document_type = p_document_type;
  update public.privacy_document_versions
     set is_active = false, deactivated_at = now()
   where document_type = p_document_type and is_active;
  insert into public.privacy_document_versions
    (document_type, version, content, is_active, change_summary, change_reason, created_by, created_at, activated_at)
  values
    (p_document_type, next_version, p_content, true, btrim(p_change_summary), nullif(btrim(coalesce(p_change_reason, '')), ''),
     auth.uid(), now(), now())
  returning id into new_id;
  return new_id;
end
$$;

create or replace function public.activate_privacy_document_version(p_version_id uuid) returns void
language plpgsql security definer set search_path = public as $$
declare
  doc_type text;
  already_active boolean;
begin
  perform app_private.require_admin();
  select document_type into doc_type from public.privacy_document_versions where id = p_version_id;
  if not found then
    raise exception 'Privacy document version not found' using errcode = 'P0002';
  end if;
  perform pg_advisory_xact_lock(hashtext('privacy_document_versions:' || doc_type));
  select is_active into already_active from public.privacy_document_versions where id = p_version_id;
  if already_active then
    return;
  end if;
  update public.privacy_document_versions
     set is_active = false, deactivated_at = now()
   where document_type = doc_type and is_active;
  update public.privacy_document_versions
     set is_active = true, activated_at = now(), deactivated_at = null
   where id = p_version_id;
end
$$;

-- Feature flags: granting (again) re-enables the override and records who granted it and when.
create or replace function public.grant_feature_flag(
  p_user_id uuid, p_feature_key text, p_notes text default null, p_expires_at timestamptz default null
) returns uuid
language plpgsql security definer set search_path = public as $$
declare
  flag_id uuid;
begin
  perform app_private.require_admin();
  if not exists (select 1 from public.profiles where id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  insert into public.user_feature_flags (user_id, feature_key, enabled, notes, expires_at, granted_at, granted_by)
  values (p_user_id, p_feature_key, true, nullif(btrim(coalesce(p_notes, '')), ''), p_expires_at, now(), auth.uid())
  on conflict (user_id, feature_key) do update
     set enabled = true, notes = excluded.notes, expires_at = excluded.expires_at,
         granted_at = excluded.granted_at, granted_by = excluded.granted_by, updated_at = now()
  returning id into flag_id;
  return flag_id;
end
$$;

-- Returns whether an enabled override was revoked (false when there was none).
create or replace function public.revoke_feature_flag(p_user_id uuid, p_feature_key text) returns boolean
language plpgsql security definer set search_path = public as $$
begin
  perform app_private.require_admin();
  update public.user_feature_flags
     set enabled = false, updated_at = now()
   where user_id = p_user_id and feature_key = p_feature_key and enabled;
  return found;
end
$$;

-- Only signed-in callers (and the service role) may call these; anon gets a permission error before any check.
revoke execute on function public.update_product_order(jsonb) from public, anon;
revoke execute on function public.create_privacy_document_version(text, text, text, text) from public, anon;
revoke execute on function public.activate_privacy_document_version(uuid) from public, anon;
revoke execute on function public.grant_feature_flag(uuid, text, text, timestamptz) from public, anon;
revoke execute on function public.revoke_feature_flag(uuid, text) from public, anon;
revoke execute on function public.has_role(uuid, text) from public, anon;
revoke execute on function app_private.require_admin() from public, anon;
