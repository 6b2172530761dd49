// The replica follows the server: incremental pulls pick up inserts (new and back-dated) and updates, the count
// reconcile notices deletions, Refresh reconciles every month, progress is reported; and web analytics shows
// its three states.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, sql, type TestApp } from '../support/booted.js';
import type { ReplicaStatus, UserActivity, UserAnalytics, WebAnalytics } from '../../shared/rules/analytics/types.js';
import type { AppEvent } from '../../shared/contract/events.js';
import { syncTable } from '../../main/services/analytics/tables.js';
import { DAY_MS, dayOf, dayStartIso, monthKeyOf, monthStartMs } from '../../shared/rules/analytics/range.js';
import { demoFigures, WEB_ANALYTICS_MODE_KEY } from '../../main/local-backend/functions/analytics/web-analytics.js';
import { expectedActivity, expectedAnalytics } from './analytics-ground-truth.js';
import { insertAnalyticsData, removeAnalyticsData } from './analytics-test-data.js';

const backend = sharedBackend();
const DOMAIN = 'sync.analytics.test';

describe('analytics replica sync against the embedded backend', () => {
  let app: TestApp;
  let adminId: string;
  const events: AppEvent[] = [];

  const replica = async () => (await app.services.connections.services()).analytics;
  /** Every figure of both screens equals the server's, for a few ranges. */
  async function expectExact(): Promise<void> {
    for (const days of [30, 0] as const) {
      const got = await app.data<UserAnalytics>('analytics.userAnalytics', { days, includeAdmin: true });
      const { replica: _r, ...figures } = got;
      expect(figures).toEqual(await expectedAnalytics(backend, days, null, got.asOf));
    }
    const activity = await app.data<UserActivity>('analytics.userActivity', { adminMuted: false });
    const { replica: _a, ...figures } = activity;
    expect(figures).toEqual(await expectedActivity(backend, {}, null, activity.asOf));
  }
  const userOf = async (n: number) => (await sql<{ id: string }>(backend, `select id from auth.users where email = 'ana-${n}@${DOMAIN}'`))[0]!.id;

  beforeAll(async () => {
    await insertAnalyticsData(backend, DOMAIN, 300);
    adminId = (await sql<{ id: string }>(backend, "select id from auth.users where email = 'admin@reflect.local'"))[0]!.id;
    app = bootTestApp(backend);
    app.services.events.subscribe((e) => events.push(e));
    await app.signIn();
  });
  afterAll(async () => {
    await app?.close();
    await removeAnalyticsData(backend, DOMAIN);
    await sql(backend, 'delete from public.admin_settings where key = $1', [WEB_ANALYTICS_MODE_KEY]);
  });

  it('waits for a first sync on the first view, reporting progress, then answers from the replica', async () => {
    const status = await app.data<ReplicaStatus>('analytics.syncStatus');
    expect(status).toMatchObject({ lastSyncedAt: null, syncing: false });
    await expectExact();
    const progress = events.flatMap((e) => (e.type === 'analytics-sync' ? [e.status] : []));
    expect(progress.some((s) => s.syncing && s.progress?.phase === 'pulling')).toBe(true);
    expect(progress.at(-1)).toMatchObject({ syncing: false, progress: null, lastError: null });
    expect((await app.data<ReplicaStatus>('analytics.syncStatus')).lastSyncedAt).not.toBeNull();
  });

  it('picks up new and back-dated inserts and updates with an incremental sync', async () => {
    const [u1, u2] = [await userOf(1), await userOf(2)];
    await sql(backend, `insert into public.blocks (user_id, content, created_at) values ($1, 'new', now()), ($1, 'back-dated', now() - interval '40 days')`, [
      u1,
    ]);
    await sql(backend, `insert into public.goals (user_id, title, created_at) values ($1, 'back-dated goal', now() - interval '75 days')`, [u2]);
    // Append-only tables have no updated_at: a back-dated row is behind the watermark, and the count reconcile finds it.
    await sql(
      backend,
      `insert into public.chat_messages (user_id, role, content, created_at) select $1, 'user', 'late', now() - interval '20 days' from generate_series(1, 3)`,
      [u2],
    );
    await sql(backend, `update public.user_subscriptions set status = case when status = 'active' then 'canceled' else 'active' end where user_id = $1`, [u1]);
    // A session that started within the last two days completes after it was pulled.
    const [{ id: sessionId } = { id: '' }] = await sql<{ id: string }>(
      backend,
      `insert into public.meditation_sessions (user_id, brainwave_type, duration_minutes, created_at) values ($1, 'theta', 20, now() - interval '3 hours') returning id`,
      [u1],
    );
    await (await replica()).sync.sync();
    await sql(backend, `update public.meditation_sessions set completed_at = now(), actual_duration_seconds = 1190 where id = $1`, [sessionId]);
    await sql(
      backend,
      `update public.user_engagement_metrics set growth_phase = 'advanced', engagement_score = 99.5, last_journal_entry_at = now() where user_id = $1`,
      [u2],
    );
    await (await replica()).sync.sync();
    await expectExact();
  });

  it('notices deletions through the count reconcile', async () => {
    await sql(
      backend,
      `delete from public.blocks where id in (select id from public.blocks where user_id in (select id from auth.users where email like '%@${DOMAIN}') order by created_at limit 25)`,
    );
    await sql(backend, `delete from public.chat_messages where id in (select id from public.chat_messages order by created_at desc limit 7)`);
    await sql(backend, `delete from public.coach_panel_interactions where id in (select id from public.coach_panel_interactions order by created_at limit 3)`);
    // A whole user: profile, content, subscription and metrics go together.
    await sql(backend, `delete from auth.users where email = 'ana-3@${DOMAIN}'`);
    await (await replica()).sync.sync();
    await expectExact();
  });

  it('Refresh compares every month, so a deletion hidden by a back-dated insert in another month is found too', async () => {
    const u4 = await userOf(4);
    await sql(backend, `insert into public.saved_reflections (user_id, content, created_at) values ($1, 'to delete', now() - interval '1 day')`, [u4]);
    await (await replica()).sync.sync();
    await sql(backend, `delete from public.saved_reflections where user_id = $1 and content = 'to delete'`, [u4]);
    const [{ at } = { at: '' }] = await sql<{ at: string }>(
      backend,
      `insert into public.saved_reflections (user_id, content, created_at) values ($1, 'hidden', now() - interval '100 days') returning created_at::text as at`,
      [u4],
    );
    await (await replica()).sync.sync();
    // The month of the back-dated row, on the server and in the replica.
    const month = dayOf(Date.parse(at.replace(' ', 'T').replace(/\+00$/, 'Z')));
    const from = dayOf(monthStartMs(monthKeyOf(month * DAY_MS)));
    const to = dayOf(monthStartMs(monthKeyOf(month * DAY_MS), 1));
    const serverMonth = async () =>
      Number(
        (
          await sql<{ n: string }>(backend, 'select count(*) n from saved_reflections where created_at >= $1 and created_at < $2', [
            dayStartIso(from),
            dayStartIso(to),
          ])
        )[0]?.n,
      );
    const replicaMonth = async () => (await replica()).store.count(syncTable('saved_reflections'), from, to);
    expect(await replicaMonth()).toBe((await serverMonth()) - 1);
    const before = await app.data<UserAnalytics>('analytics.userAnalytics', { days: 0, includeAdmin: true });
    // The totals agree, so an ordinary sync looks no further ...
    expect(before.totals.savedReflections).toBe(Number((await sql<{ n: string }>(backend, 'select count(*) n from saved_reflections'))[0]?.n));
    const status = await app.data<ReplicaStatus>('analytics.refresh');
    expect(status).toMatchObject({ syncing: false, lastError: null });
    expect(Date.parse(status.lastSyncedAt!)).toBeGreaterThanOrEqual(Date.parse(before.replica.lastSyncedAt!));
    // ... and Refresh puts the months right.
    expect(await replicaMonth()).toBe(await serverMonth());
    await expectExact();
  });

  it('leaves the admin out of the activity figures while muted', async () => {
    const muted = await app.data<UserActivity>('analytics.userActivity', { adminMuted: true });
    const { replica: _r, ...figures } = muted;
    expect(figures).toEqual(await expectedActivity(backend, {}, adminId, muted.asOf));
  });

  it('web analytics: the demo figures, the not-configured answer, and the failure message', async () => {
    await sql(backend, 'delete from public.admin_settings where key = $1', [WEB_ANALYTICS_MODE_KEY]);
    const profiles = Number((await sql<{ n: string }>(backend, 'select count(*) n from profiles'))[0]?.n);
    expect(await app.data<WebAnalytics>('analytics.webAnalytics')).toEqual({ configured: true, ...demoFigures(profiles) });
    await sql(backend, `insert into public.admin_settings (key, value) values ($1, 'not_configured')`, [WEB_ANALYTICS_MODE_KEY]);
    expect(await app.data<WebAnalytics>('analytics.webAnalytics')).toEqual({ configured: false });
    await sql(backend, `update public.admin_settings set value = 'failing' where key = $1`, [WEB_ANALYTICS_MODE_KEY]);
    expect(await app.call('analytics.webAnalytics')).toEqual({ ok: false, code: 'BACKEND_ERROR', message: 'Failed to load Google Analytics data' });
    await sql(backend, 'delete from public.admin_settings where key = $1', [WEB_ANALYTICS_MODE_KEY]);
  });

  it('refuses the analytics operations to a signed-in user without the admin role', async () => {
    const member = bootTestApp(backend);
    try {
      await member.signIn('member@reflect.local');
      for (const op of ['analytics.userAnalytics', 'analytics.userActivity', 'analytics.webAnalytics', 'analytics.refresh', 'analytics.syncStatus']) {
        expect(await member.call(op)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      }
    } finally {
      await member.close();
    }
  });
});
