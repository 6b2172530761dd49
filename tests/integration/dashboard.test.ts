import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bootTestApp, sql, type TestApp } from '../support/booted.js';
import type { DashboardOverview } from '../../shared/contract/areas/dashboard.js';
import { groupCoachRequests } from '../../shared/rules/coaches/requests.js';

const backend = inject('backend');

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
