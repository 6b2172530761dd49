-- Row-level security on every public table. The service role bypasses it (0001); main re-checks the admin role for
-- the service-role path. has_role() is wrapped in a sub-select so that it runs once per statement, not once per row.

do $$
declare
  t text;
begin
  -- Every table, admins included: admins may do everything.
  for t in select tablename from pg_tables where schemaname = 'public' loop
    execute format('alter table public.%I enable row level security', t);
    execute format(
      'create policy admin_all on public.%I for all to authenticated
         using ((select public.has_role((select auth.uid()), ''admin'')))
         with check ((select public.has_role((select auth.uid()), ''admin'')))', t);
  end loop;

  -- A signed-in user's own content: read and write.
  foreach t in array array[
    'blocks', 'goals', 'challenges', 'meditation_sessions', 'saved_reflections', 'coach_interactions', 'chat_messages',
    'coach_panel_interactions', 'tts_generated_audio', 'internal_chatbot_conversations'
  ] loop
    execute format(
      'create policy own_rows on public.%I for all to authenticated
         using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()))', t);
  end loop;

  -- Rows about a user that the server maintains (billing, metrics, overrides, attribution, roles): read only.
  foreach t in array array[
    'user_subscriptions', 'user_engagement_metrics', 'user_feature_flags', 'user_marketing_attribution', 'user_roles'
  ] loop
    execute format('create policy own_read on public.%I for select to authenticated using (user_id = (select auth.uid()))', t);
  end loop;

  -- What a user submits and may see again, but not change: feedback and coach requests.
  foreach t in array array['feedback_submissions', 'coach_requests'] loop
    execute format('create policy own_read on public.%I for select to authenticated using (user_id = (select auth.uid()))', t);
  end loop;
end
$$;

create policy own_insert on public.feedback_submissions for insert to authenticated
  with check (user_id = (select auth.uid()) and status = 'new');
create policy own_insert on public.coach_requests for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy own_profile_read on public.profiles for select to authenticated using (id = (select auth.uid()));
create policy own_profile_update on public.profiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- Public forms (landing page): anyone may submit, nobody but admins may read.
create policy public_insert on public.contact_inquiries for insert to anon, authenticated with check (true);
create policy public_insert on public.coach_inquiries for insert to anon, authenticated with check (status = 'new');

-- What the public pages and the sign-in page show.
create policy public_read_active on public.system_banners for select to anon, authenticated
  using (active and (start_date is null or start_date <= now()) and (end_date is null or end_date >= now()));
create policy public_read_active on public.subscription_plans for select to anon, authenticated using (is_active);
create policy public_read_active on public.partner_products for select to anon, authenticated
  using (is_active and (expires_at is null or expires_at > now()));
create policy public_read_active on public.public_chatbot_prompts for select to anon, authenticated using (is_active);
-- The privacy intentions document is shown in a modal on the sign-in page, before anyone signs in.
create policy public_read_active on public.privacy_document_versions for select to anon, authenticated using (is_active);
create policy public_read_privacy_fallback on public.admin_settings for select to anon, authenticated
  using (key = 'privacy_intentions');

-- The end-user app lists active coaches and wisdom sources to signed-in users.
create policy members_read_active on public.coaches for select to authenticated using (is_active);
create policy members_read_active on public.wisdom_sources for select to authenticated using (is_active);
