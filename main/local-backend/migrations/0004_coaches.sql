-- AI coaches, their versioned prompts and knowledge bases, sessions and messages, requests and inquiries (spec 2).

create table public.coaches (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  slug text unique,
  description text,
  is_free boolean not null default false,
  is_active boolean not null default true,
  category text check (category in ('career', 'wellness', 'relationships', 'finance', 'creative', 'personal-growth', 'productivity')),
  subscription_tier text not null default 'basic' check (subscription_tier in ('basic', 'foundation', 'premium', 'individual')),
  sample_interaction text,
  avatar_url text,
  -- {product} is 'reflect' for the embedded backend (spec README).
  coach_type text not null default 'reflect' check (coach_type in ('reflect', 'guest', 'community', 'system')),
  creator_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index coaches_name_idx on public.coaches (name);
create index coaches_active_idx on public.coaches (is_active);
create trigger coaches_updated_at before update on public.coaches for each row execute function app_private.set_updated_at();

-- Versioned per (coach_id, prompt_type); at most one active row per family.
create table public.coach_prompts (
  id uuid primary key default gen_random_uuid(),
  coach_id uuid not null references public.coaches (id) on delete cascade,
  prompt_type text not null default 'system' check (prompt_type in ('system')),
  prompt_content text not null check (btrim(prompt_content) <> ''),
  version integer not null check (version > 0),
  is_active boolean not null default false,
  created_by uuid references auth.users (id) on delete set null,
  generation_params jsonb default '{}'::jsonb,
  notes text,
  change_reason text,
  created_at timestamptz not null default now(),
  unique (coach_id, prompt_type, version)
);
create unique index coach_prompts_one_active on public.coach_prompts (coach_id, prompt_type) where is_active;
create index coach_prompts_created_at_idx on public.coach_prompts (created_at);
create trigger coach_prompts_version before insert on public.coach_prompts
  for each row execute function app_private.assign_next_version('coach_id', 'prompt_type');

create table public.coach_knowledge_base (
  id uuid primary key default gen_random_uuid(),
  coach_id uuid not null references public.coaches (id) on delete cascade,
  title text,
  content text not null check (btrim(content) <> ''),
  version integer not null check (version > 0),
  is_active boolean not null default false,
  created_by uuid references auth.users (id) on delete set null,
  parent_version_id uuid references public.coach_knowledge_base (id) on delete set null,
  notes text,
  change_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (coach_id, version)
);
create unique index coach_knowledge_base_one_active on public.coach_knowledge_base (coach_id) where is_active;
create index coach_knowledge_base_created_at_idx on public.coach_knowledge_base (created_at);
create trigger coach_knowledge_base_version before insert on public.coach_knowledge_base
  for each row execute function app_private.assign_next_version('coach_id');
create trigger coach_knowledge_base_updated_at before update on public.coach_knowledge_base for each row execute function app_private.set_updated_at();

-- One coach session. A deleted coach leaves its sessions in the history (coach_id set null).
create table public.coach_interactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  coach_id uuid references public.coaches (id) on delete set null,
  message_count integer not null default 0 check (message_count >= 0),
  created_at timestamptz not null default now(),
  ended_at timestamptz
);
create index coach_interactions_created_at_idx on public.coach_interactions (created_at);
create index coach_interactions_user_created_idx on public.coach_interactions (user_id, created_at);
create index coach_interactions_coach_created_idx on public.coach_interactions (coach_id, created_at);

-- Individual messages of a session (or of a coach chat outside a recorded session).
create table public.chat_messages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  coach_id uuid references public.coaches (id) on delete set null,
  interaction_id uuid references public.coach_interactions (id) on delete cascade,
  role text not null check (role in ('user', 'assistant')),
  content text not null default '',
  created_at timestamptz not null default now()
);
create index chat_messages_created_at_idx on public.chat_messages (created_at);
create index chat_messages_user_created_idx on public.chat_messages (user_id, created_at);
create index chat_messages_interaction_idx on public.chat_messages (interaction_id, created_at);

-- A panel: one question put to several coaches at once.
create table public.coach_panel_interactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  coach_ids uuid[] not null check (cardinality(coach_ids) >= 1),
  question text,
  created_at timestamptz not null default now()
);
create index coach_panel_interactions_created_at_idx on public.coach_panel_interactions (created_at);
create index coach_panel_interactions_user_created_idx on public.coach_panel_interactions (user_id, created_at);

-- Users asking for a coach that does not exist yet; grouped case-insensitively by the leaderboard.
create table public.coach_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  coach_name text not null check (btrim(coach_name) <> ''),
  message text,
  created_at timestamptz not null default now()
);
create index coach_requests_created_at_idx on public.coach_requests (created_at);
create index coach_requests_name_idx on public.coach_requests (lower(coach_name));
create index coach_requests_user_created_idx on public.coach_requests (user_id, created_at);

-- People who want to become coaches (from a public form, so no user_id).
create table public.coach_inquiries (
  id uuid primary key default gen_random_uuid(),
  full_name text not null,
  email text not null,
  message text,
  status text not null default 'new' check (status in ('new', 'contacted', 'in-progress', 'closed')),
  website text,
  linkedin text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index coach_inquiries_created_at_idx on public.coach_inquiries (created_at);
create index coach_inquiries_status_idx on public.coach_inquiries (status, created_at);
create index coach_inquiries_email_lower_idx on public.coach_inquiries (lower(email));
create trigger coach_inquiries_updated_at before update on public.coach_inquiries for each row execute function app_private.set_updated_at();
