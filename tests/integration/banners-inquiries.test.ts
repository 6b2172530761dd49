import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, MEMBER_EMAIL, sql, type TestApp } from '../support/booted.js';
import type { Banner } from '../../shared/rules/banners/types.js';
import type { ContactInquiry, ContactInquiryStats } from '../../shared/rules/inquiries/types.js';
import { BANNER_MESSAGES } from '../../shared/rules/banners/fields.js';
import { inquiryWindows } from '../../shared/rules/inquiries/contact.js';

/** The banners and general inquiries areas through main's router against the embedded backend, checked with SQL. */
const backend = sharedBackend();

const fields = {
  category: 'warning',
  title: '  IT banner  ',
  message: 'Scheduled maintenance tonight',
  actionText: '   ',
  actionUrl: '',
  active: true,
  startDate: '',
  endDate: null,
  targetAudience: 'all',
};

describe('banners against the embedded backend', () => {
  let app: TestApp;
  let adminId: string;
  const created: string[] = [];
  const row = async (id: string) =>
    (
      await sql(
        backend,
        'select category, title, message, action_text, action_url, active, start_date, end_date, target_audience, created_by::text, updated_at from system_banners where id = $1',
        [id],
      )
    )[0];

  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
    adminId = (await sql<{ id: string }>(backend, "select id::text from auth.users where email = 'admin@reflect.local'"))[0]!.id;
  });
  afterAll(async () => {
    if (created.length) await sql(backend, 'delete from system_banners where id = any($1::uuid[])', [created]);
    await app?.close();
  });

  it('lists every banner newest first, equal to SQL', async () => {
    const list = await app.data<Banner[]>('banners.list');
    const rows = await sql<{ id: string }>(backend, 'select id::text from system_banners order by created_at desc, id');
    expect(list.map((b) => b.id)).toEqual(rows.map((r) => r.id));
    expect(list.length).toBeGreaterThan(0);
  });

  it('creates with created_by from the session, trimmed text and null for empty optional fields', async () => {
    const b = await app.data<Banner>('banners.create', fields);
    created.push(b.id);
    expect(await row(b.id)).toMatchObject({
      category: 'warning',
      title: 'IT banner',
      message: 'Scheduled maintenance tonight',
      action_text: null,
      action_url: null,
      active: true,
      start_date: null,
      end_date: null,
      target_audience: 'all',
      created_by: adminId,
    });
    expect(b).toMatchObject({ title: 'IT banner', createdBy: adminId, actionText: null });
    expect((await app.data<Banner[]>('banners.list'))[0]!.id).toBe(b.id);
    // The window cannot choose the creator.
    expect(await app.call('banners.create', { ...fields, createdBy: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
    });
  });

  it('refuses a javascript: URL, an end before the start and blank text, writing nothing', async () => {
    const before = await sql(backend, 'select count(*)::int n from system_banners');
    expect(await app.call('banners.create', { ...fields, actionText: 'Go', actionUrl: 'javascript:alert(document.cookie)' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: BANNER_MESSAGES.unsafeActionUrl,
    });
    expect(await app.call('banners.create', { ...fields, startDate: '2026-12-10T00:00:00.000Z', endDate: '2026-12-01T00:00:00.000Z' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: BANNER_MESSAGES.endBeforeStart,
    });
    expect(await app.call('banners.create', { ...fields, title: '  ' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: BANNER_MESSAGES.titleRequired,
    });
    expect(await sql(backend, 'select count(*)::int n from system_banners')).toEqual(before);
  });

  it('updates every field, keeps the creator, and reads the banner back', async () => {
    const b = await app.data<Banner>('banners.create', fields);
    created.push(b.id);
    const edit = {
      id: b.id,
      category: 'success',
      title: 'New plan',
      message: 'Try it',
      actionText: 'See plans',
      actionUrl: '/pricing',
      active: false,
      startDate: '2026-12-01T09:00:00.000Z',
      endDate: '2026-12-31T18:00:00.000Z',
      targetAudience: 'trial',
    };
    await app.data<Banner>('banners.update', edit);
    const got = await app.data<Banner>('banners.get', { id: b.id });
    expect(got).toMatchObject({
      category: 'success',
      title: 'New plan',
      actionText: 'See plans',
      actionUrl: '/pricing',
      active: false,
      targetAudience: 'trial',
      createdBy: adminId,
    });
    expect(Date.parse(got.startDate!)).toBe(Date.parse(edit.startDate));
    expect(Date.parse(got.endDate!)).toBe(Date.parse(edit.endDate));
    // Back to empty: the optional fields become null again.
    await app.data('banners.update', { ...edit, actionText: '', actionUrl: '', startDate: '', endDate: '' });
    expect(await row(b.id)).toMatchObject({ action_text: null, action_url: null, start_date: null, end_date: null });
    expect(await app.call('banners.update', { ...edit, actionUrl: 'javascript:void(0)' })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await app.data('banners.get', { id: missing })).toBeNull();
    expect(await app.call('banners.update', { ...edit, id: missing })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('toggles active and stamps updated_at; deletes, and a second delete fails', async () => {
    const b = await app.data<Banner>('banners.create', fields);
    created.push(b.id);
    await sql(backend, "update system_banners set updated_at = now() - interval '3 days' where id = $1", [b.id]);
    const off = await app.data<Banner>('banners.setActive', { id: b.id, active: false });
    expect(off.active).toBe(false);
    const r = (await row(b.id)) as { active: boolean; updated_at: Date };
    expect(r.active).toBe(false);
    expect(Date.now() - r.updated_at.getTime()).toBeLessThan(60_000);
    expect((await app.data<Banner>('banners.setActive', { id: b.id, active: true })).active).toBe(true);

    expect(await app.data('banners.delete', { id: b.id })).toEqual({ id: b.id });
    expect(await row(b.id)).toBeUndefined();
    expect(await app.call('banners.delete', { id: b.id })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
      message: expect.stringContaining(BANNER_MESSAGES.deleteFailed),
    });
    expect(await app.call('banners.setActive', { id: b.id, active: true })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('refuses a signed-in user without the admin role', async () => {
    const member = bootTestApp(backend);
    try {
      await member.signIn(MEMBER_EMAIL);
      expect(await member.call('banners.create', fields)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(await member.call('inquiries.delete', { id: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(await member.call('inquiries.stats')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    } finally {
      await member.close();
    }
  });
});

describe('general inquiries against the embedded backend', () => {
  let app: TestApp;
  const BULK = 1_250;

  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
    // Past the server's 1,000-row cap, spread over the last 20 days, so every figure must come from exact counts.
    await sql(
      backend,
      `insert into contact_inquiries (name, email, message, created_at)
         select 'Bulk ' || g, 'bulk' || g || '@example.test', 'bulk message ' || g, now() - (g % 20) * interval '1 day' - (g % 7) * interval '1 hour'
           from generate_series(1, $1::int) g`,
      [BULK],
    );
  });
  afterAll(async () => {
    await sql(backend, "delete from contact_inquiries where email like 'bulk%@example.test'");
    await app?.close();
  });

  it('lists every inquiry newest first past the row cap, equal to SQL', async () => {
    const list = await app.data<ContactInquiry[]>('inquiries.list');
    const rows = await sql<{ id: string }>(backend, 'select id::text from contact_inquiries order by created_at desc, id');
    expect(rows.length).toBeGreaterThan(1000);
    expect(list.map((i) => i.id)).toEqual(rows.map((r) => r.id));
  });

  it('counts Total, This Week (last 7 days) and Today exactly', async () => {
    const stats = await app.data<ContactInquiryStats>('inquiries.stats');
    const { weekStart, todayStart } = inquiryWindows(new Date());
    const [truth] = await sql<{ total: number; week: number; today: number }>(
      backend,
      `select count(*)::int total, count(*) filter (where created_at >= $1)::int week, count(*) filter (where created_at >= $2)::int today from contact_inquiries`,
      [weekStart, todayStart],
    );
    expect(stats).toEqual({ total: truth!.total, thisWeek: truth!.week, today: truth!.today });
    expect(stats.total).toBeGreaterThan(1000);
    expect(stats.thisWeek).toBeGreaterThan(stats.today);
  });

  it('deletes one inquiry, and reports a second delete as a failure', async () => {
    const [victim] = await sql<{ id: string }>(backend, "select id::text from contact_inquiries where email = 'bulk7@example.test'");
    const before = await app.data<ContactInquiryStats>('inquiries.stats');
    expect(await app.data('inquiries.delete', { id: victim!.id })).toEqual({ id: victim!.id });
    expect(await sql(backend, 'select 1 from contact_inquiries where id = $1', [victim!.id])).toEqual([]);
    expect((await app.data<ContactInquiryStats>('inquiries.stats')).total).toBe(before.total - 1);
    expect(await app.call('inquiries.delete', { id: victim!.id })).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'Failed to delete inquiry. Please try again.',
    });
    expect(await app.call('inquiries.delete', { id: 'not-an-id' })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
  });
});
