-- The e-mail engagement system (spec 3 sections 3, 4 and 9): segments, templates, triggers, campaigns and the queue.

create table public.user_segments (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  description text,
  -- { activityLevel, daysSinceLastActivity, hasGoals, hasChallenges }
  filters jsonb not null default '{}'::jsonb check (
    jsonb_typeof(filters) = 'object'
    and (filters ->> 'activityLevel' is null or filters ->> 'activityLevel' in ('inactive', 'low', 'moderate', 'high'))),
  -- the spec's estimatedCount
  estimated_count integer not null default 0 check (estimated_count >= 0),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index user_segments_created_at_idx on public.user_segments (created_at);
create trigger user_segments_updated_at before update on public.user_segments for each row execute function app_private.set_updated_at();

-- A new template is draft, inactive, version 1, type onboarding (spec 3 section 4).
create table public.email_templates (
  id uuid primary key default gen_random_uuid(),
  template_name text not null check (btrim(template_name) <> ''),
  template_type text not null default 'onboarding' check (template_type in ('onboarding', 're_engagement', 'milestone', 'ai_insight', 'announcement')),
  category text,
  subject_template text not null check (btrim(subject_template) <> ''),
  html_template text,
  text_template text,
  personalization_fields text[] not null default '{}',
  ai_personalization_enabled boolean not null default false,
  is_active boolean not null default false,
  approval_status text not null default 'draft' check (approval_status in ('draft', 'pending', 'approved', 'rejected')),
  version integer not null default 1 check (version > 0),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index email_templates_created_at_idx on public.email_templates (created_at);
create index email_templates_type_idx on public.email_templates (template_type);
create trigger email_templates_updated_at before update on public.email_templates for each row execute function app_private.set_updated_at();

-- New triggers are inactive. condition_parameters keys: days_since_signup, days_since_last_activity, activity_threshold,
-- schedule_time (HH:MM), schedule_days, frequency, milestone_type, streak_days, blocks_count.
create table public.email_triggers (
  id uuid primary key default gen_random_uuid(),
  trigger_name text not null check (btrim(trigger_name) <> ''),
  trigger_type text not null default 'activity_based' check (trigger_type in ('activity_based', 'time_based', 'milestone_based')),
  template_id uuid references public.email_templates (id) on delete set null,
  condition_parameters jsonb not null default '{}'::jsonb check (
    jsonb_typeof(condition_parameters) = 'object'
    and (condition_parameters ->> 'frequency' is null or condition_parameters ->> 'frequency' in ('daily', 'weekly', 'monthly'))),
  target_segments jsonb not null default '[]'::jsonb,
  scheduling_options jsonb not null default '{}'::jsonb,
  is_active boolean not null default false,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index email_triggers_created_at_idx on public.email_triggers (created_at);
create index email_triggers_template_idx on public.email_triggers (template_id);
create trigger email_triggers_updated_at before update on public.email_triggers for each row execute function app_private.set_updated_at();

-- Campaigns are created active and sent immediately; the list shows active, scheduled and completed, others grey.
create table public.email_campaigns (
  id uuid primary key default gen_random_uuid(),
  campaign_name text not null check (btrim(campaign_name) <> ''),
  description text,
  campaign_type text not null default 'broadcast' check (campaign_type in ('test', 'broadcast')),
  status text not null default 'active' check (status in ('draft', 'scheduled', 'active', 'completed', 'cancelled')),
  estimated_recipients integer not null default 0 check (estimated_recipients >= 0),
  template_id uuid references public.email_templates (id) on delete set null,
  user_segments jsonb not null default '[]'::jsonb,
  send_immediately boolean not null default true,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index email_campaigns_created_at_idx on public.email_campaigns (created_at);
create index email_campaigns_status_idx on public.email_campaigns (status);
create trigger email_campaigns_updated_at before update on public.email_campaigns for each row execute function app_private.set_updated_at();

-- notification_type is open (trigger names, custom_campaign, ...). Priority 5 is the default and is not displayed.
create table public.email_notification_queue (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  notification_type text not null,
  -- { template_id, recipient_email, campaign_name, campaign_type, campaign_id }
  trigger_data jsonb not null default '{}'::jsonb,
  trigger_source text,
  scheduled_for timestamptz not null default now(),
  priority integer not null default 5 check (priority between 1 and 10),
  status text not null default 'pending' check (status in ('pending', 'processing', 'sent', 'failed', 'cancelled')),
  retry_count integer not null default 0 check (retry_count >= 0),
  max_retries integer not null default 3 check (max_retries >= 0),
  error_message text,
  template_name text,
  template_active boolean,
  template_approved boolean,
  processed_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index email_notification_queue_status_idx on public.email_notification_queue (status, scheduled_for);
create index email_notification_queue_created_at_idx on public.email_notification_queue (created_at);
create index email_notification_queue_user_created_idx on public.email_notification_queue (user_id, created_at);
create trigger email_notification_queue_updated_at before update on public.email_notification_queue for each row execute function app_private.set_updated_at();
