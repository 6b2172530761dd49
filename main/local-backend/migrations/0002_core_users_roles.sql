-- Users, roles, profiles, subscriptions and engagement: spec 1 sections 3, 7 and 9.

-- Helpers that PostgREST must not expose as RPCs live outside the public schema.
create schema if not exists app_private;
grant usage on schema app_private to anon, authenticated, service_role;

-- Stamps updated_at on every update, unless the caller set it explicitly (a toggle that "also stamps updated_at").
create or replace function app_private.set_updated_at() returns trigger language plpgsql as $$
begin
  if new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end
$$;

-- Sign-up metadata comes from the client: a bad timestamp must not make the sign-up itself fail.
create or replace function app_private.try_timestamptz(v text) returns timestamptz language plpgsql immutable as $$
begin
  return nullif(btrim(v), '')::timestamptz;
exception when others then
  return null;
end
$$;

-- Versioned prompt tables: an insert without a version gets the family's highest version plus 1.
-- TG_ARGV names the columns that identify the family (none for single-family tables).
create or replace function app_private.assign_next_version() returns trigger language plpgsql as $$
declare
  cond text := 'true';
  v integer;
begin
  if new.version is not null then
    return new;
  end if;
  for i in 0 .. tg_nargs - 1 loop
    cond := cond || format(' and %1$I is not distinct from ($1).%1$I', tg_argv[i]);
  end loop;
  execute format('select coalesce(max(version), 0) + 1 from %I.%I where %s', tg_table_schema, tg_table_name, cond) into v using new;
  new.version := v;
  return new;
end
$$;

-- user_roles and has_role -----------------------------------------------------------------------------------------
create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('admin', 'moderator', 'user')),
  created_at timestamptz not null default now(),
  unique (user_id, role)
);
create index user_roles_role_idx on public.user_roles (role);

-- Security definer so that row-level policies can call it without the caller being able to read user_roles.
create or replace function public.has_role(_user_id uuid, _role text) returns boolean
language sql stable security definer set search_path = public as $$
  select exists (select 1 from public.user_roles where user_id = _user_id and role = _role)
$$;

-- Admin-only SQL functions call this first: a signed-in admin, the service role, or a direct (trusted) connection
-- such as main's own pool. PostgREST always connects as authenticator, so its callers never pass the last test.
create or replace function app_private.require_admin() returns void
language plpgsql stable security definer set search_path = public as $$
begin
  if auth.role() = 'service_role' or public.has_role(auth.uid(), 'admin') then
    return;
  end if;
  if session_user <> 'authenticator' and auth.role() is null then
    return;
  end if;
  raise exception 'Admin access required' using errcode = '42501';
end
$$;

-- profiles --------------------------------------------------------------------------------------------------------
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  username text,
  full_name text,
  accepted_terms timestamptz,
  terms_version text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index profiles_created_at_idx on public.profiles (created_at);
create index profiles_email_lower_idx on public.profiles (lower(email));
create trigger profiles_updated_at before update on public.profiles for each row execute function app_private.set_updated_at();

-- Sign-up metadata (spec 1): username, accepted_terms (timestamp or null), terms_version.
create or replace function app_private.handle_new_user() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  insert into public.profiles (id, email, username, full_name, accepted_terms, terms_version, created_at, updated_at)
  values (
    new.id,
    new.email,
    coalesce(nullif(new.raw_user_meta_data ->> 'username', ''), split_part(new.email, '@', 1)),
    nullif(new.raw_user_meta_data ->> 'full_name', ''),
    app_private.try_timestamptz(new.raw_user_meta_data ->> 'accepted_terms'),
    nullif(new.raw_user_meta_data ->> 'terms_version', ''),
    new.created_at,
    new.created_at
  )
  on conflict (id) do nothing;
  return new;
end
$$;
create trigger on_auth_user_created after insert on auth.users for each row execute function app_private.handle_new_user();

create or replace function app_private.handle_user_email_change() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  update public.profiles set email = new.email, updated_at = now() where id = new.id;
  return new;
end
$$;
create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email) execute function app_private.handle_user_email_change();

-- admin_settings: key/value (demo_password, privacy_intentions fallback, e-mail settings) -----------------------------
create table public.admin_settings (
  key text primary key,
  value text,
  updated_at timestamptz not null default now()
);

-- Subscriptions ---------------------------------------------------------------------------------------------------
create table public.subscription_plans (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  description text,
  price_monthly numeric(10, 2) not null default 0 check (price_monthly >= 0),
  price_yearly numeric(10, 2) not null default 0 check (price_yearly >= 0),
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger subscription_plans_updated_at before update on public.subscription_plans for each row execute function app_private.set_updated_at();

create table public.user_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  plan_id uuid references public.subscription_plans (id) on delete set null,
  status text not null default 'active' check (status in ('active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete')),
  stripe_customer_id text,
  stripe_subscription_id text,
  current_period_start timestamptz,
  current_period_end timestamptz,
  trial_end timestamptz,
  cancel_at_period_end boolean not null default false,
  cancellation_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index user_subscriptions_user_idx on public.user_subscriptions (user_id, created_at);
create index user_subscriptions_status_idx on public.user_subscriptions (status);
create index user_subscriptions_plan_idx on public.user_subscriptions (plan_id);
create index user_subscriptions_created_at_idx on public.user_subscriptions (created_at);
create trigger user_subscriptions_updated_at before update on public.user_subscriptions for each row execute function app_private.set_updated_at();

-- Engagement metrics: one row per user, every field the analytics and detail screens read (spec 1 section 3).
create table public.user_engagement_metrics (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  growth_phase text check (growth_phase in ('new', 'exploring', 'building', 'established', 'advanced')),
  engagement_score numeric(5, 2) not null default 0 check (engagement_score between 0 and 100),
  last_journal_entry_at timestamptz,
  last_coach_interaction_at timestamptz,
  last_goal_activity_at timestamptz,
  last_challenge_activity_at timestamptz,
  last_login_at timestamptz,
  -- keyed by coach id: { "<coach id>": { "coach_name": text, "count": integer } }
  coach_interaction_summary jsonb not null default '{}'::jsonb check (jsonb_typeof(coach_interaction_summary) = 'object'),
  total_journal_entries integer not null default 0,
  total_coach_interactions integer not null default 0,
  total_goals_created integer not null default 0,
  total_challenges_created integer not null default 0,
  current_streak_days integer not null default 0 check (current_streak_days >= 0),
  longest_streak_days integer not null default 0 check (longest_streak_days >= 0),
  preferred_interaction_type text,
  most_active_day_of_week smallint check (most_active_day_of_week between 0 and 6),
  calculated_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index user_engagement_metrics_phase_idx on public.user_engagement_metrics (growth_phase);
create index user_engagement_metrics_score_idx on public.user_engagement_metrics (engagement_score);
create trigger user_engagement_metrics_updated_at before update on public.user_engagement_metrics for each row execute function app_private.set_updated_at();

-- Administrators who receive notification e-mails (spec 3 section 3) ------------------------------------------------
create table public.admin_users (
  id uuid primary key default gen_random_uuid(),
  email text not null unique check (email = lower(email)),
  full_name text not null,
  role text not null default 'admin' check (role in ('super_admin', 'admin', 'support')),
  is_active boolean not null default true,
  user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index admin_users_created_at_idx on public.admin_users (created_at);
create index admin_users_user_idx on public.admin_users (user_id);
create trigger admin_users_updated_at before update on public.admin_users for each row execute function app_private.set_updated_at();

create table public.admin_notification_preferences (
  id uuid primary key default gen_random_uuid(),
  admin_user_id uuid not null references public.admin_users (id) on delete cascade,
  notification_type text not null check (notification_type in (
    'user_registration', 'feedback_submission', 'system_error', 'coach_request', 'data_export_complete',
    'professional_coach_inquiry', 'security_alert', 'system_maintenance')),
  is_enabled boolean not null default true,
  -- sms and push are shown as 'Coming Soon'; only e-mail is deliverable today.
  delivery_method text not null default 'email' check (delivery_method in ('email', 'sms', 'push')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (admin_user_id, notification_type)
);
create trigger admin_notification_preferences_updated_at before update on public.admin_notification_preferences for each row execute function app_private.set_updated_at();

-- notification_type is not checked here: the log also records test sends (test_admin_email's basic type etc.).
create table public.admin_notification_logs (
  id uuid primary key default gen_random_uuid(),
  notification_type text not null,
  delivery_status text not null default 'pending' check (delivery_status in ('sent', 'failed', 'pending')),
  recipient_emails text[] not null default '{}',
  subject text,
  error_message text,
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index admin_notification_logs_created_at_idx on public.admin_notification_logs (created_at);
create index admin_notification_logs_status_idx on public.admin_notification_logs (delivery_status, created_at);
create index admin_notification_logs_type_idx on public.admin_notification_logs (notification_type, created_at);

-- Audit of account deletions: no foreign keys, so the record outlives both the admin and the deleted user.
create table public.admin_user_deletions (
  id uuid primary key default gen_random_uuid(),
  admin_id uuid,
  target_user_id uuid not null,
  target_email text,
  reason text not null check (char_length(btrim(reason)) >= 10),
  record_counts jsonb not null default '{}'::jsonb,
  deleted_at timestamptz not null default now()
);
create index admin_user_deletions_deleted_at_idx on public.admin_user_deletions (deleted_at);
create index admin_user_deletions_target_idx on public.admin_user_deletions (target_user_id);
