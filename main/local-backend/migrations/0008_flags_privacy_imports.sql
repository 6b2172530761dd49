-- Per-user feature flags, the privacy document's versions and the import jobs monitor (spec 3).
-- Where a screen reads a row "joined to the user's e-mail", a second foreign key to profiles lets PostgREST embed
-- profiles(email) (auth.users is not exposed through the API).

create table public.user_feature_flags (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  feature_key text not null check (feature_key in (
    'email_engagement', 'email_templates', 'email_campaigns', 'ai_email_personalization', 'email_analytics')),
  enabled boolean not null default true,
  notes text,
  expires_at timestamptz,
  granted_at timestamptz not null default now(),
  granted_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, feature_key),
  constraint user_feature_flags_user_profile_fkey foreign key (user_id) references public.profiles (id) on delete cascade
);
create index user_feature_flags_key_idx on public.user_feature_flags (feature_key, enabled);
create index user_feature_flags_granted_at_idx on public.user_feature_flags (granted_at);
create trigger user_feature_flags_updated_at before update on public.user_feature_flags for each row execute function app_private.set_updated_at();

-- Creating a version activates it; exactly one version per document type is active (functions in 0011).
create table public.privacy_document_versions (
  id uuid primary key default gen_random_uuid(),
  document_type text not null default 'privacy_intentions' check (document_type in ('privacy_intentions')),
  version integer not null check (version > 0),
  content text not null,
  is_active boolean not null default false,
  change_summary text,
  change_reason text,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  activated_at timestamptz,
  deactivated_at timestamptz,
  view_count integer not null default 0 check (view_count >= 0),
  -- approved, rejected and pending have their own badges; in_review stands for "any other" value.
  legal_review_status text not null default 'pending' check (legal_review_status in ('pending', 'approved', 'rejected', 'in_review')),
  legal_review_notes text,
  legal_review_date timestamptz,
  unique (document_type, version)
);
create unique index privacy_document_versions_one_active on public.privacy_document_versions (document_type) where is_active;
create index privacy_document_versions_created_at_idx on public.privacy_document_versions (created_at);

-- Bulk imports: created_by is the admin who started the job, user_id the account the rows were imported into.
create table public.import_jobs (
  id uuid primary key default gen_random_uuid(),
  filename text not null,
  import_type text not null default 'journal_entries',
  status text not null default 'pending' check (status in ('pending', 'processing', 'completed', 'failed', 'cancelled')),
  created_by uuid references auth.users (id) on delete set null,
  user_id uuid references auth.users (id) on delete cascade,
  total_rows integer not null default 0 check (total_rows >= 0),
  processed_rows integer not null default 0 check (processed_rows >= 0),
  successful_rows integer not null default 0 check (successful_rows >= 0),
  failed_rows integer not null default 0 check (failed_rows >= 0),
  progress_percentage numeric(5, 2) not null default 0 check (progress_percentage between 0 and 100),
  error_message text,
  error_details jsonb,
  started_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint import_jobs_creator_profile_fkey foreign key (created_by) references public.profiles (id) on delete set null,
  constraint import_jobs_target_profile_fkey foreign key (user_id) references public.profiles (id) on delete cascade
);
create index import_jobs_created_at_idx on public.import_jobs (created_at);
create index import_jobs_status_idx on public.import_jobs (status, created_at);
create index import_jobs_user_created_idx on public.import_jobs (user_id, created_at);
create trigger import_jobs_updated_at before update on public.import_jobs for each row execute function app_private.set_updated_at();
