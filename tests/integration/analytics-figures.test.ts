// Every figure of both analytics screens equals its ground-truth SQL on the server, for several ranges and
// months, with both toggles, on a dataset where every replicated table is larger than one 1,000-row page.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, sql, type TestApp } from '../support/booted.js';
import type { UserActivity, UserAnalytics } from '../../shared/rules/analytics/types.js';
import { monthKeyOf } from '../../shared/rules/analytics/range.js';
import { expectedActivity, expectedAnalytics } from './analytics-ground-truth.js';
import { insertAnalyticsData, removeAnalyticsData } from './analytics-test-data.js';

const backend = sharedBackend();
const DOMAIN = 'figures.analytics.test';
const TABLES = [
  'profiles',
  'blocks',
  'goals',
  'challenges',
  'meditation_sessions',
  'saved_reflections',
  'coach_interactions',
  'chat_messages',
  'coach_panel_interactions',
  'user_subscriptions',
  'user_engagement_metrics',
];

describe('analytics figures against ground-truth SQL', () => {
  let app: TestApp;
  let adminId: string;
  const requests: string[] = [];

  beforeAll(async () => {
    await insertAnalyticsData(backend, DOMAIN);
    adminId = (await sql<{ id: string }>(backend, "select id from auth.users where email = 'admin@reflect.local'"))[0]!.id;
    const real = globalThis.fetch;
    // Records every request main makes to the database API, to prove none is an unbounded select.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/rest/v1/')) requests.push(`${init?.method ?? 'GET'} ${decodeURIComponent(url)}`);
      return real(input, init);
    });
    app = bootTestApp(backend);
    await app.signIn();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await app?.close();
    await removeAnalyticsData(backend, DOMAIN);
  });

  it('has more than 1,000 rows in every replicated table', async () => {
    for (const t of TABLES) {
      const [row] = await sql<{ n: string }>(backend, `select count(*) n from ${t}`);
      expect(Number(row?.n), t).toBeGreaterThan(1000);
    }
  });

  for (const days of [7, 30, 90, 0] as const) {
    for (const includeAdmin of [false, true]) {
      it(`User Analytics for ${days || 'all'} days, include-admin ${includeAdmin ? 'on' : 'off'}`, async () => {
        const got = await app.data<UserAnalytics>('analytics.userAnalytics', { days, includeAdmin });
        const { replica, ...figures } = got;
        expect(replica.lastSyncedAt).not.toBeNull();
        expect(figures).toEqual(await expectedAnalytics(backend, days, includeAdmin ? null : adminId, got.asOf));
        expect(got.series).toHaveLength(days || 30);
      });
    }
  }

  it('leaves the admin out only when include-admin is off', async () => {
    const off = await app.data<UserAnalytics>('analytics.userAnalytics', { days: 0, includeAdmin: false });
    const on = await app.data<UserAnalytics>('analytics.userAnalytics', { days: 0, includeAdmin: true });
    expect(on.cards.totalUsers - off.cards.totalUsers).toBe(1);
    expect(on.totals.journalEntries).toBeGreaterThan(off.totals.journalEntries);
  });

  const now = Date.now();
  const current = monthKeyOf(now);
  const twoAgo = monthKeyOf(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() - 2, 1));
  const ranges: { startMonth?: string; endMonth?: string }[] = [
    {},
    { startMonth: twoAgo, endMonth: current },
    { startMonth: current, endMonth: current },
    { startMonth: '2024-06', endMonth: twoAgo },
  ];
  for (const months of ranges) {
    for (const adminMuted of [true, false]) {
      it(`User Activity for ${months.startMonth ?? 'start'}..${months.endMonth ?? 'now'}, admin muted ${adminMuted}`, async () => {
        const got = await app.data<UserActivity>('analytics.userActivity', { ...months, adminMuted });
        const { replica, ...figures } = got;
        expect(replica.lastSyncedAt).not.toBeNull();
        expect(figures).toEqual(await expectedActivity(backend, months, adminMuted ? adminId : null, got.asOf));
      });
    }
  }

  it('puts the month range in order and clamps it to June 2024 .. this month', async () => {
    const got = await app.data<UserActivity>('analytics.userActivity', { startMonth: '2030-01', endMonth: '2023-01' });
    expect([got.startMonth, got.endMonth]).toEqual(['2024-06', current]);
    expect(await app.call('analytics.userActivity', { startMonth: '2024-13' })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(await app.call('analytics.userAnalytics', { days: 45 })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
  });

  it('never reads the database API without a bound: every read is paged or counts only', () => {
    expect(requests.length).toBeGreaterThan(TABLES.length);
    const reads = requests.filter((r) => r.startsWith('GET ') || r.startsWith('HEAD '));
    const unbounded = reads.filter((r) => r.startsWith('GET ') && !/[?&]limit=\d+/.test(r) && !r.includes('/user_roles?'));
    expect(unbounded).toEqual([]);
  });
});
