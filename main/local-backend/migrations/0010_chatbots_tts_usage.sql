-- AI API usage, the public and internal chatbots, and text-to-speech audio (spec 3).

create table public.api_usage_logs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  endpoint_type text not null,
  model text,
  prompt_token_count integer not null default 0 check (prompt_token_count >= 0),
  candidates_token_count integer not null default 0 check (candidates_token_count >= 0),
  total_token_count integer not null default 0 check (total_token_count >= 0),
  estimated_cost_usd numeric(12, 6) not null default 0 check (estimated_cost_usd >= 0),
  response_time_ms integer check (response_time_ms >= 0),
  success boolean not null default true,
  created_at timestamptz not null default now()
);
create index api_usage_logs_created_at_idx on public.api_usage_logs (created_at);
create index api_usage_logs_endpoint_idx on public.api_usage_logs (endpoint_type, created_at);
create index api_usage_logs_user_created_idx on public.api_usage_logs (user_id, created_at);

-- The landing-page chatbot: one version family, saving creates the highest version plus 1, active at once.
create table public.public_chatbot_prompts (
  id uuid primary key default gen_random_uuid(),
  version integer not null unique check (version > 0),
  prompt_content text not null check (btrim(prompt_content) <> ''),
  knowledge_base text,
  is_active boolean not null default false,
  created_by uuid references auth.users (id) on delete set null,
  notes text,
  generation_params jsonb default '{}'::jsonb,
  change_reason text,
  usage_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index public_chatbot_prompts_one_active on public.public_chatbot_prompts ((true)) where is_active;
create index public_chatbot_prompts_created_at_idx on public.public_chatbot_prompts (created_at);
create trigger public_chatbot_prompts_version before insert on public.public_chatbot_prompts
  for each row execute function app_private.assign_next_version();
create trigger public_chatbot_prompts_updated_at before update on public.public_chatbot_prompts for each row execute function app_private.set_updated_at();

-- The internal help chatbot: the editor inserts without a version, so the trigger numbers the rows.
create table public.internal_chatbot_prompts (
  id uuid primary key default gen_random_uuid(),
  version integer not null unique check (version > 0),
  title text,
  prompt_content text not null check (btrim(prompt_content) <> ''),
  knowledge_base text,
  is_active boolean not null default false,
  created_by uuid references auth.users (id) on delete set null,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index internal_chatbot_prompts_one_active on public.internal_chatbot_prompts ((true)) where is_active;
create index internal_chatbot_prompts_created_at_idx on public.internal_chatbot_prompts (created_at);
create trigger internal_chatbot_prompts_version before insert on public.internal_chatbot_prompts
  for each row execute function app_private.assign_next_version();
create trigger internal_chatbot_prompts_updated_at before update on public.internal_chatbot_prompts for each row execute function app_private.set_updated_at();

-- Active entries are joined into the chatbot's markdown knowledge, by category then order_index.
create table public.internal_chatbot_knowledge (
  id uuid primary key default gen_random_uuid(),
  category text not null,
  title text not null,
  content text not null default '',
  order_index integer not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index internal_chatbot_knowledge_order_idx on public.internal_chatbot_knowledge (category, order_index);
create trigger internal_chatbot_knowledge_updated_at before update on public.internal_chatbot_knowledge for each row execute function app_private.set_updated_at();

-- messages: [{ "role": "user" | "assistant", "content": text, "timestamp"? }]
create table public.internal_chatbot_conversations (
  id uuid primary key default gen_random_uuid(),
  session_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  messages jsonb not null default '[]'::jsonb check (jsonb_typeof(messages) = 'array'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint internal_chatbot_conversations_user_profile_fkey foreign key (user_id) references public.profiles (id) on delete cascade
);
create index internal_chatbot_conversations_updated_at_idx on public.internal_chatbot_conversations (updated_at);
create index internal_chatbot_conversations_user_created_idx on public.internal_chatbot_conversations (user_id, created_at);
create index internal_chatbot_conversations_session_idx on public.internal_chatbot_conversations (session_id);
create trigger internal_chatbot_conversations_updated_at before update on public.internal_chatbot_conversations for each row execute function app_private.set_updated_at();

-- Saved speech audio; the bytes live in the tts-audio bucket at file_path (admin/{userId}/{filename}).
create table public.tts_generated_audio (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  filename text not null check (btrim(filename) <> ''),
  original_text text,
  voice_used text not null default 'Puck' check (voice_used in ('Puck', 'Charon', 'Kore', 'Fenrir', 'Aoede', 'Leda', 'Orus', 'Zephyr')),
  -- seconds
  duration numeric(10, 2) not null default 0 check (duration >= 0),
  file_path text,
  file_size bigint check (file_size >= 0),
  estimated_tokens integer check (estimated_tokens >= 0),
  created_at timestamptz not null default now()
);
create index tts_generated_audio_user_created_idx on public.tts_generated_audio (user_id, created_at);
create index tts_generated_audio_created_at_idx on public.tts_generated_audio (created_at);
