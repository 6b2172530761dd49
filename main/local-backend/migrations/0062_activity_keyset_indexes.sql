-- The recent-activity timeline (main/services/activity) reads each table newest first by (created_at, id) from a
-- keyset cursor. These tables had only a created_at index: with ties sorted on top of it, and without id in the
-- key, a deep page could not start at the cursor. (created_at, id) serves the order and the bound directly;
-- saved_reflections, coach_interactions, coach_panel_interactions and meditation_sessions have one already (0030).
create index if not exists profiles_created_id_idx on public.profiles (created_at, id);
create index if not exists blocks_created_id_idx on public.blocks (created_at, id);
create index if not exists feedback_submissions_created_id_idx on public.feedback_submissions (created_at, id);
create index if not exists coach_requests_created_id_idx on public.coach_requests (created_at, id);
