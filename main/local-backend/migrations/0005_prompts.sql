-- The prompt families (spec 2): mirror (per prompt_type), daily wisdom, entry analysis and block suggestions
-- (single families), and the wisdom sources database. Each family keeps a version history with at most one active row.

create table public.mirror_prompts (
  id uuid primary key default gen_random_uuid(),
  prompt_type text not null check (prompt_type in ('brief', 'detailed', 'deep')),
  prompt_content text not null check (btrim(prompt_content) <> ''),
  version integer not null check (version > 0),
  is_active boolean not null default false,
  created_by uuid references auth.users (id) on delete set null,
  notes text,
  generation_params jsonb default '{}'::jsonb,
  change_reason text,
  usage_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (prompt_type, version)
);
create unique index mirror_prompts_one_active on public.mirror_prompts (prompt_type) where is_active;
create index mirror_prompts_created_at_idx on public.mirror_prompts (created_at);
create trigger mirror_prompts_version before insert on public.mirror_prompts
  for each row execute function app_private.assign_next_version('prompt_type');
create trigger mirror_prompts_updated_at before update on public.mirror_prompts for each row execute function app_private.set_updated_at();

create table public.daily_wisdom_prompts (
  id uuid primary key default gen_random_uuid(),
  prompt_content text not null check (btrim(prompt_content) <> ''),
  version integer not null unique check (version > 0),
  is_active boolean not null default false,
  created_by uuid references auth.users (id) on delete set null,
  notes text,
  generation_params jsonb default '{}'::jsonb,
  change_reason text,
  usage_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index daily_wisdom_prompts_one_active on public.daily_wisdom_prompts ((true)) where is_active;
create index daily_wisdom_prompts_created_at_idx on public.daily_wisdom_prompts (created_at);
create trigger daily_wisdom_prompts_version before insert on public.daily_wisdom_prompts
  for each row execute function app_private.assign_next_version();
create trigger daily_wisdom_prompts_updated_at before update on public.daily_wisdom_prompts for each row execute function app_private.set_updated_at();

create table public.entry_analysis_prompts (
  id uuid primary key default gen_random_uuid(),
  prompt_content text not null check (btrim(prompt_content) <> ''),
  version integer not null unique check (version > 0),
  is_active boolean not null default false,
  created_by uuid references auth.users (id) on delete set null,
  notes text,
  generation_params jsonb default '{}'::jsonb,
  change_reason text,
  usage_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index entry_analysis_prompts_one_active on public.entry_analysis_prompts ((true)) where is_active;
create index entry_analysis_prompts_created_at_idx on public.entry_analysis_prompts (created_at);
create trigger entry_analysis_prompts_version before insert on public.entry_analysis_prompts
  for each row execute function app_private.assign_next_version();
create trigger entry_analysis_prompts_updated_at before update on public.entry_analysis_prompts for each row execute function app_private.set_updated_at();

create table public.block_suggestion_prompts (
  id uuid primary key default gen_random_uuid(),
  prompt_content text not null check (btrim(prompt_content) <> ''),
  version integer not null unique check (version > 0),
  is_active boolean not null default false,
  created_by uuid references auth.users (id) on delete set null,
  notes text,
  generation_params jsonb default '{}'::jsonb,
  change_reason text,
  usage_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index block_suggestion_prompts_one_active on public.block_suggestion_prompts ((true)) where is_active;
create index block_suggestion_prompts_created_at_idx on public.block_suggestion_prompts (created_at);
create trigger block_suggestion_prompts_version before insert on public.block_suggestion_prompts
  for each row execute function app_private.assign_next_version();
create trigger block_suggestion_prompts_updated_at before update on public.block_suggestion_prompts for each row execute function app_private.set_updated_at();

-- Historical figures and thought leaders that daily wisdom draws on (spec 2 section 9 lists every enumeration).
create table public.wisdom_sources (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  description text not null default '',
  category text not null check (category in (
    'philosopher', 'scientist', 'spiritual-leader', 'author', 'entrepreneur', 'artist', 'researcher', 'historical-figure')),
  time_period text check (time_period in ('ancient', 'classical', 'medieval', 'renaissance', 'modern', 'contemporary')),
  cultural_background text,
  expertise_areas text[] not null default '{}' check (expertise_areas <@ array[
    'creativity', 'curiosity', 'learning', 'imagination', 'persistence', 'decision-making', 'ethics', 'relationships',
    'excellence', 'authenticity', 'courage', 'vulnerability', 'shame-resilience', 'leadership', 'innovation',
    'mindfulness', 'wisdom', 'compassion']::text[]),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index wisdom_sources_created_at_idx on public.wisdom_sources (created_at);
create index wisdom_sources_category_idx on public.wisdom_sources (category);
create trigger wisdom_sources_updated_at before update on public.wisdom_sources for each row execute function app_private.set_updated_at();
