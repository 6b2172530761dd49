import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, sql, type TestApp } from '../support/booted.js';
import type { DashboardOverview } from '../../shared/contract/areas/dashboard.js';
import { groupCoachRequests } from '../../shared/rules/coaches/requests.js';
import { DASHBOARD_PERIOD_DAYS } from '../../shared/rules/dashboard/period-change.js';
import { FAILED_DELIVERY_HOURS, FLAG_EXPIRING_DAYS, type WaitingCounts } from '../../shared/rules/dashboard/waiting.js';
import { STUCK_IMPORT_MINUTES } from '../../shared/rules/imports/stuck.js';

const backend = sharedBackend();

describe('dashboard against the embedded backend', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
  });
  afterAll(async () => app?.close());

  it('answers the six counts equal to SQL counts', async () => {
    const overview = await app.data<DashboardOverview>('dashboard.overview');
    const n = async (q: string) => Number((await sql<{ n: string }>(backend, q))[0]?.n);
    expect(overview.stats).toEqual({
      totalUsers: await n('select count(*) n from profiles'),
      activeCoaches: await n('select count(*) n from coaches where is_active'),
      coachRequests: await n('select count(*) n from coach_requests'),
      feedbackSubmissions: await n("select count(*) n from feedback_submissions where status <> 'deleted'"),
      totalInteractions: await n('select count(*) n from coach_interactions'),
      activePrompts: await n('select count(*) n from coach_prompts where is_active'),
    });
  });

  it('counts every coach request, past the 1,000-row cap of a response', async () => {
    // Enough extra requests that one page of 1,000 rows cannot hold them all.
    await sql(
      backend,
      `insert into coach_requests (coach_name, message, user_id, created_at)
      select case when i % 3 = 0 then 'Marcus Aurelius' else 'marcus aurelius' end, 'more please', (select id from auth.users order by created_at limit 1), now() - (i || ' minutes')::interval
      from generate_series(1, 1200) i`,
    );
    try {
      const overview = await app.data<DashboardOverview>('dashboard.overview');
      const rows = await sql<{ coach_name: string; created_at: string }>(
        backend,
        'select coach_name, created_at::text from coach_requests order by created_at desc',
      );
      const expected = groupCoachRequests(rows)
        .slice(0, 5)
        .map(({ name, count }) => ({ name, count }));
      expect(overview.topRequestedCoaches).toEqual(expected);
      expect(overview.topRequestedCoaches[0]).toEqual({ name: expect.stringMatching(/^marcus aurelius$/i), count: expect.any(Number) });
      expect(overview.topRequestedCoaches[0]?.count).toBeGreaterThanOrEqual(1200);
    } finally {
      await sql(backend, "delete from coach_requests where message = 'more please'");
    }
  });

  /** Each waiting count written out in SQL of its own, at the moment the dashboard counted. */
  async function waitingTruth(at: string): Promise<WaitingCounts> {
    const n = async (q: string) => Number((await sql<{ n: string }>(backend, q, [at]))[0]?.n);
    return {
      failedDeliveries: await n(
        `select count(*) n from admin_notification_logs where delivery_status = 'failed' and created_at >= $1::timestamptz - interval '${FAILED_DELIVERY_HOURS} hours'`,
      ),
      newFeedback: await n("select count(*) n from feedback_submissions where status = 'new' and $1::text is not null"),
      newCoachInquiries: await n("select count(*) n from coach_inquiries where status = 'new' and $1::text is not null"),
      pendingTemplates: await n("select count(*) n from email_templates where approval_status = 'pending' and $1::text is not null"),
      failedImports: await n("select count(*) n from import_jobs where status = 'failed' and $1::text is not null"),
      stuckImports: await n(
        `select count(*) n from import_jobs where status in ('pending', 'processing') and coalesce(started_at, created_at) < $1::timestamptz - interval '${STUCK_IMPORT_MINUTES} minutes'`,
      ),
      expiringFlags: await n(
        `select count(*) n from user_feature_flags where enabled and expires_at > $1::timestamptz and expires_at <= $1::timestamptz + interval '${FLAG_EXPIRING_DAYS} days'`,
      ),
    };
  }

  it('counts what is waiting equal to SQL, each window and threshold exact at its edges', async () => {
    const before = await app.data<DashboardOverview>('dashboard.overview');
    expect(before.waiting).toEqual(await waitingTruth(before.countedAt));
    const mark = 'dash27-edge';
    await sql(
      backend,
      `with free as (select p.id from profiles p
                      where not exists (select 1 from user_feature_flags f where f.user_id = p.id and f.feature_key = 'email_analytics')
                      order by p.id limit 4),
            u as (select id, row_number() over (order by id) i from free)
       insert into user_feature_flags (user_id, feature_key, enabled, expires_at, notes)
       select id, 'email_analytics', i <> 4,
              now() + case i when 1 then interval '${FLAG_EXPIRING_DAYS} days' - interval '1 hour' when 2 then interval '${FLAG_EXPIRING_DAYS} days' + interval '1 hour'
                             when 3 then - interval '1 hour' else interval '1 day' end, '${mark}' from u`,
    );
    await sql(
      backend,
      `insert into admin_notification_logs (notification_type, delivery_status, subject, created_at) values
         ('system_error', 'failed', '${mark}', now() - interval '${FAILED_DELIVERY_HOURS} hours' + interval '5 minutes'),
         ('system_error', 'failed', '${mark}', now() - interval '${FAILED_DELIVERY_HOURS} hours' - interval '5 minutes'),
         ('system_error', 'sent', '${mark}', now())`,
    );
    await sql(
      backend,
      `insert into import_jobs (filename, status, started_at, created_at) values
         ('${mark}-stuck.csv', 'processing', now() - interval '${STUCK_IMPORT_MINUTES} minutes' - interval '1 minute', now() - interval '2 hours'),
         ('${mark}-running.csv', 'processing', now() - interval '${STUCK_IMPORT_MINUTES} minutes' + interval '2 minutes', now() - interval '2 hours'),
         ('${mark}-never-started.csv', 'pending', null, now() - interval '${STUCK_IMPORT_MINUTES} minutes' - interval '1 minute'),
         ('${mark}-failed.csv', 'failed', now() - interval '200 days', now() - interval '200 days'),
         ('${mark}-done.csv', 'completed', now() - interval '2 hours', now() - interval '2 hours')`,
    );
    await sql(
      backend,
      `insert into feedback_submissions (title, status) values ('${mark}', 'new'), ('${mark}', 'reviewed'), ('${mark}', 'deleted');
       insert into coach_inquiries (full_name, email, status) values ('${mark}', 'edge@example.com', 'new'), ('${mark}', 'edge2@example.com', 'contacted');
       insert into email_templates (template_name, subject_template, approval_status) values ('${mark}', 'Hi', 'pending'), ('${mark}', 'Hi', 'draft')`,
    );
    try {
      const after = await app.data<DashboardOverview>('dashboard.overview');
      expect(after.waiting).toEqual(await waitingTruth(after.countedAt));
      const grew = Object.fromEntries(Object.entries(after.waiting).map(([k, v]) => [k, v - before.waiting[k as keyof WaitingCounts]]));
      expect(grew).toEqual({
        failedDeliveries: 1,
        newFeedback: 1,
        newCoachInquiries: 1,
        pendingTemplates: 1,
        failedImports: 1,
        stuckImports: 2,
        expiringFlags: 1,
      });
    } finally {
      await sql(backend, `delete from user_feature_flags where notes = '${mark}'`);
      await sql(backend, `delete from admin_notification_logs where subject = '${mark}'`);
      await sql(backend, `delete from import_jobs where filename like '${mark}%'`);
      await sql(backend, `delete from feedback_submissions where title = '${mark}'`);
      await sql(backend, `delete from coach_inquiries where full_name = '${mark}'`);
      await sql(backend, `delete from email_templates where template_name = '${mark}'`);
    }
  });

  it('counts waiting items past the 1,000-row cap of a response', async () => {
    await sql(
      backend,
      `insert into coach_inquiries (full_name, email, status, created_at)
       select 'dash27-many', 'many' || i || '@example.com', 'new', now() - (i || ' minutes')::interval from generate_series(1, 1200) i`,
    );
    try {
      const overview = await app.data<DashboardOverview>('dashboard.overview');
      expect(overview.waiting.newCoachInquiries).toBe((await waitingTruth(overview.countedAt)).newCoachInquiries);
      expect(overview.waiting.newCoachInquiries).toBeGreaterThan(1200);
    } finally {
      await sql(backend, "delete from coach_inquiries where full_name = 'dash27-many'");
    }
  });

  it('counts each dated card in this period and the previous one equal to SQL', async () => {
    const overview = await app.data<DashboardOverview>('dashboard.overview');
    const at = overview.countedAt;
    const period = async (table: string, where = 'true') => {
      const [row] = await sql<{ current: string; previous: string; earliest: Date | null }>(
        backend,
        `select count(*) filter (where created_at > $1::timestamptz - interval '${DASHBOARD_PERIOD_DAYS} days' and created_at <= $1::timestamptz) current,
                count(*) filter (where created_at > $1::timestamptz - interval '${2 * DASHBOARD_PERIOD_DAYS} days'
                                   and created_at <= $1::timestamptz - interval '${DASHBOARD_PERIOD_DAYS} days') previous,
                min(created_at) earliest
           from ${table} where ${where}`,
        [at],
      );
      return { current: Number(row?.current), previous: Number(row?.previous), earliest: row?.earliest?.getTime() ?? null };
    };
    const got = Object.fromEntries(
      Object.entries(overview.periods).map(([k, p]) => [k, { ...p, earliest: p.earliest === null ? null : Date.parse(p.earliest) }]),
    );
    expect(got).toEqual({
      totalUsers: await period('profiles'),
      coachRequests: await period('coach_requests'),
      feedbackSubmissions: await period('feedback_submissions', "status <> 'deleted'"),
      totalInteractions: await period('coach_interactions'),
    });
    // The seed spans months, so every dated card has a previous week to compare with.
    for (const p of Object.values(overview.periods)) expect(p.previous).toBeGreaterThan(0);
  });

  it('lists recent activity newest first, of the four kinds', async () => {
    const overview = await app.data<DashboardOverview>('dashboard.overview');
    const times = overview.recentActivity.map((a) => a.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(overview.recentActivity.map((a) => a.kind)).size).toBeGreaterThan(1);
  });

  it('reads the default demo password when no row exists, saves a trimmed one and reads it back', async () => {
    await sql(backend, "delete from admin_settings where key = 'demo_password'");
    expect(await app.data('dashboard.demoPassword')).toEqual({ password: 'ReflectDemo', isDefault: true, updatedAt: null });
    const short = await app.call('dashboard.setDemoPassword', { password: '  abc ' });
    expect(short).toMatchObject({ ok: false, code: 'INVALID_INPUT', message: 'Password must be at least 6 characters long' });
    const blank = await app.call('dashboard.setDemoPassword', { password: '   ' });
    expect(blank).toMatchObject({ ok: false, code: 'INVALID_INPUT', message: 'Please enter a new password' });
    const saved = await app.data<{ password: string; isDefault: boolean }>('dashboard.setDemoPassword', { password: '  open-sesame  ' });
    expect(saved).toMatchObject({ password: 'open-sesame', isDefault: false });
    expect(await sql(backend, "select value from admin_settings where key = 'demo_password'")).toEqual([{ value: 'open-sesame' }]);
    await sql(backend, "delete from admin_settings where key = 'demo_password'");
  });
});
