-- End users' own content (spec 1 sections 3 and 7) and their feedback (spec 2).
-- Every table is read by the analytics screens by created_at, globally and per user: hence the two indexes each.

create table public.blocks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  title text,
  content text not null default '',
  tags text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index blocks_created_at_idx on public.blocks (created_at);
create index blocks_user_created_idx on public.blocks (user_id, created_at);
create trigger blocks_updated_at before update on public.blocks for each row execute function app_private.set_updated_at();

create table public.goals (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  title text not null,
  description text,
  status text not null default 'active' check (status in ('active', 'completed', 'paused', 'archived')),
  target_date date,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index goals_created_at_idx on public.goals (created_at);
create index goals_user_created_idx on public.goals (user_id, created_at);
create trigger goals_updated_at before update on public.goals for each row execute function app_private.set_updated_at();

create table public.challenges (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  title text not null,
  description text,
  status text not null default 'active' check (status in ('active', 'resolved', 'archived')),
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index challenges_created_at_idx on public.challenges (created_at);
create index challenges_user_created_idx on public.challenges (user_id, created_at);
create trigger challenges_updated_at before update on public.challenges for each row execute function app_private.set_updated_at();

create table public.meditation_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  brainwave_type text not null check (brainwave_type in ('alpha', 'beta', 'theta', 'delta', 'gamma')),
  duration_minutes integer not null check (duration_minutes > 0),
  actual_duration_seconds integer check (actual_duration_seconds >= 0),
  -- null while a session was abandoned before the end
  completed_at timestamptz,
  created_at timestamptz not null default now()
);
create index meditation_sessions_created_at_idx on public.meditation_sessions (created_at);
create index meditation_sessions_user_created_idx on public.meditation_sessions (user_id, created_at);

-- A mirror reflection the user kept; reflection_type is the mirror style that produced it.
create table public.saved_reflections (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  block_id uuid references public.blocks (id) on delete set null,
  reflection_type text check (reflection_type in ('brief', 'detailed', 'deep')),
  content text not null default '',
  created_at timestamptz not null default now()
);
create index saved_reflections_created_at_idx on public.saved_reflections (created_at);
create index saved_reflections_user_created_idx on public.saved_reflections (user_id, created_at);

-- Feedback: user_id is null for anonymous feedback. Status is the union of the board's and the detail page's readings.
create table public.feedback_submissions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  type text not null default 'general' check (type in ('bug', 'feature', 'general')),
  title text not null,
  description text not null default '',
  status text not null default 'new' check (status in ('new', 'reviewed', 'in_progress', 'resolved', 'closed', 'deleted')),
  tags text[] not null default '{}',
  attachment_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index feedback_submissions_created_at_idx on public.feedback_submissions (created_at);
create index feedback_submissions_status_idx on public.feedback_submissions (status, created_at);
create index feedback_submissions_updated_at_idx on public.feedback_submissions (updated_at);
create index feedback_submissions_user_created_idx on public.feedback_submissions (user_id, created_at);
create trigger feedback_submissions_updated_at before update on public.feedback_submissions for each row execute function app_private.set_updated_at();
