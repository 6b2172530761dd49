-- Each activity row's author (its user's profile) as a computed relationship (PostgREST v11 and later): the dashboard's
-- recent activity and the activity timeline read their rows together with their people in one request, instead of the
-- rows and then, in a second round trip, the profiles of their users. Security invoker: a caller sees only the
-- profiles row-level security lets it read. Self-contained, so it can be applied to a hosted Supabase project as is;
-- main falls back to the two requests where it is missing.
create or replace function public.activity_author(public.blocks) returns setof public.profiles rows 1
  language sql stable as $$ select * from public.profiles p where p.id = $1.user_id $$;
create or replace function public.activity_author(public.coach_interactions) returns setof public.profiles rows 1
  language sql stable as $$ select * from public.profiles p where p.id = $1.user_id $$;
create or replace function public.activity_author(public.coach_panel_interactions) returns setof public.profiles rows 1
  language sql stable as $$ select * from public.profiles p where p.id = $1.user_id $$;
create or replace function public.activity_author(public.meditation_sessions) returns setof public.profiles rows 1
  language sql stable as $$ select * from public.profiles p where p.id = $1.user_id $$;
create or replace function public.activity_author(public.feedback_submissions) returns setof public.profiles rows 1
  language sql stable as $$ select * from public.profiles p where p.id = $1.user_id $$;
create or replace function public.activity_author(public.coach_requests) returns setof public.profiles rows 1
  language sql stable as $$ select * from public.profiles p where p.id = $1.user_id $$;
