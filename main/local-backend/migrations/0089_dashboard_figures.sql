-- The admin dashboard's figures in one request (spec 1, "Admin dashboard", and what is waiting for an administrator):
-- the six stat cards, each dated card's count of rows made in this period and in the one before (with its oldest
-- row, so main can tell a previous period the data does not reach), the counts of what is waiting, and the top
-- requested coaches grouped by name ignoring case. Every figure is a count in the database, so none depends on the
-- API's 1,000-row cap. The thresholds stay main's (shared/rules): they are passed in, with the moment to count at.
-- Self-contained, so it can be applied to a hosted Supabase project as is; only main's service role may call it.
create or replace function public.admin_dashboard_figures(
  p_now timestamptz,
  p_period_days integer,
  p_failed_hours integer,
  p_stuck_minutes integer,
  p_expiring_days integer,
  p_top integer
)
returns jsonb
language plpgsql stable set search_path = public as $$
declare
  period_start timestamptz;
  previous_start timestamptz;
begin
  if p_now is null or p_period_days is null or p_period_days < 1 or p_failed_hours is null or p_failed_hours < 1
    or p_stuck_minutes is null or p_stuck_minutes < 1 or p_expiring_days is null or p_expiring_days < 1
    or p_top is null or p_top < 0 then
    raise exception 'The dashboard''s moment and thresholds must be given, each at least 1' using errcode = '22023';
  end if;
  period_start := p_now - make_interval(days => p_period_days);
  previous_start := p_now - make_interval(days => 2 * p_period_days);
  return jsonb_build_object(
    'stats', jsonb_build_object(
      'totalUsers', (select count(*) from profiles),
      'activeCoaches', (select count(*) from coaches where is_active),
      'coachRequests', (select count(*) from coach_requests),
      -- Feedback in the trash (status deleted) is not counted: it is no longer a live submission.
      'feedbackSubmissions', (select count(*) from feedback_submissions where status <> 'deleted'),
      'totalInteractions', (select count(*) from coach_interactions),
      'activePrompts', (select count(*) from coach_prompts where is_active)
    ),
    'periods', jsonb_build_object(
      'totalUsers', (select jsonb_build_object(
        'current', count(*) filter (where created_at > period_start and created_at <= p_now),
        'previous', count(*) filter (where created_at > previous_start and created_at <= period_start),
        'earliest', min(created_at)) from profiles),
      'coachRequests', (select jsonb_build_object(
        'current', count(*) filter (where created_at > period_start and created_at <= p_now),
        'previous', count(*) filter (where created_at > previous_start and created_at <= period_start),
        'earliest', min(created_at)) from coach_requests),
      'feedbackSubmissions', (select jsonb_build_object(
        'current', count(*) filter (where created_at > period_start and created_at <= p_now),
        'previous', count(*) filter (where created_at > previous_start and created_at <= period_start),
        'earliest', min(created_at)) from feedback_submissions where status <> 'deleted'),
      'totalInteractions', (select jsonb_build_object(
        'current', count(*) filter (where created_at > period_start and created_at <= p_now),
        'previous', count(*) filter (where created_at > previous_start and created_at <= period_start),
        'earliest', min(created_at)) from coach_interactions)
    ),
    'waiting', jsonb_build_object(
      'failedDeliveries', (select count(*) from admin_notification_logs
        where delivery_status = 'failed' and created_at >= p_now - make_interval(hours => p_failed_hours)),
      'newFeedback', (select count(*) from feedback_submissions where status = 'new'),
      'newCoachInquiries', (select count(*) from coach_inquiries where status = 'new'),
      'pendingTemplates', (select count(*) from email_templates where approval_status = 'pending'),
      'failedImports', (select count(*) from import_jobs where status = 'failed'),
      -- A job still pending or processing this long after it started (or, never started, was created) is stuck.
      'stuckImports', (select count(*) from import_jobs
        where status in ('pending', 'processing')
          and coalesce(started_at, created_at) < p_now - make_interval(mins => p_stuck_minutes)),
      'expiringFlags', (select count(*) from user_feature_flags
        where enabled and expires_at > p_now and expires_at <= p_now + make_interval(days => p_expiring_days))
    ),
    -- Grouped as shared/rules/coaches/requests.ts does: trimmed name, any case, shown as the latest request wrote it;
    -- most requests first, then the most recently requested, then by name. The ICU collation lowers every letter
    -- (under the C locale lower() leaves 'É' as it is, so 'BRENÉ BROWN' would not join 'Brené Brown').
    'topCoaches', (
      select coalesce(jsonb_agg(jsonb_build_object('name', g.name, 'count', g.n) order by g.n desc, g.latest desc, g.name collate "und-x-icu"), '[]'::jsonb)
      from (
        select * from (
          select (array_agg(btrim(coach_name) order by created_at desc, id))[1] as name, count(*) as n, max(created_at) as latest
          from coach_requests
          where btrim(coach_name) <> ''
          group by lower(btrim(coach_name) collate "und-x-icu")
        ) grouped
        order by n desc, latest desc, name collate "und-x-icu"
        limit p_top
      ) g
    )
  );
end
$$;
revoke execute on function public.admin_dashboard_figures(timestamptz, integer, integer, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.admin_dashboard_figures(timestamptz, integer, integer, integer, integer, integer) to service_role;
