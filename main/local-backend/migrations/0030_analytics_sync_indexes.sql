-- Main keeps a replica of what the analytics screens need and pulls it incrementally: each table in pages of
-- 1,000 rows ordered by (watermark column, id) from the last row it has (main/services/analytics). These
-- indexes serve exactly those reads: ordered by the pull's key, and covering the columns it selects, so that a
-- page is an index-only scan (once vacuum has marked the pages all-visible) instead of a thousand random heap
-- reads: the difference between a first sync of a million rows in seconds or in minutes.
create index if not exists profiles_sync_idx on public.profiles (updated_at, id) include (created_at);
create index if not exists blocks_sync_idx on public.blocks (updated_at, id) include (user_id, created_at);
create index if not exists goals_sync_idx on public.goals (updated_at, id) include (user_id, created_at);
create index if not exists challenges_sync_idx on public.challenges (updated_at, id) include (user_id, created_at);
create index if not exists saved_reflections_sync_idx on public.saved_reflections (created_at, id) include (user_id);
create index if not exists chat_messages_sync_idx on public.chat_messages (created_at, id) include (user_id);
create index if not exists coach_interactions_sync_idx on public.coach_interactions (created_at, id) include (user_id, coach_id);
create index if not exists coach_panel_interactions_sync_idx on public.coach_panel_interactions (created_at, id) include (user_id, coach_ids);
create index if not exists meditation_sessions_sync_idx on public.meditation_sessions (created_at, id)
  include (user_id, brainwave_type, duration_minutes, actual_duration_seconds, completed_at);
create index if not exists user_subscriptions_sync_idx on public.user_subscriptions (updated_at, id) include (user_id, plan_id, status, created_at);
create index if not exists user_engagement_metrics_sync_idx on public.user_engagement_metrics (updated_at, id);
