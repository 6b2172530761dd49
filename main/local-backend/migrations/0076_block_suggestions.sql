-- Block suggestion generations (spec 1 sections 4 and 7; issue 11): the `block-suggestions` function records one row
-- per generation, made from the active block_suggestion_prompts version. Sign-out reads the user's latest row to
-- decide whether a refresh is due, so (user_id, created_at) is indexed.
create table public.block_suggestions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  prompt_id uuid references public.block_suggestion_prompts (id) on delete set null,
  prompt_version integer,
  suggestions jsonb not null default '[]'::jsonb check (jsonb_typeof(suggestions) = 'array'),
  source_block_count integer not null default 0,
  forced boolean not null default false,
  created_at timestamptz not null default now()
);
create index block_suggestions_user_created_idx on public.block_suggestions (user_id, created_at desc);
create index block_suggestions_created_at_idx on public.block_suggestions (created_at);

-- As 0012: admins may do everything; a user reads their own suggestions; only the function (service role) writes.
alter table public.block_suggestions enable row level security;
create policy admin_all on public.block_suggestions for all to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));
create policy own_read on public.block_suggestions for select to authenticated using (user_id = (select auth.uid()));
