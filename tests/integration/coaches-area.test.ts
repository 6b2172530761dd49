import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, sql, type TestApp } from '../support/booted.js';
import type { CoachDetail, CoachInquiry, CoachList, CoachRequestLeader, CoachUsageMap } from '../../shared/rules/coaches/types.js';
import { groupCoachRequests } from '../../shared/rules/coaches/requests.js';
import { jpegSize } from '../../shared/rules/images/jpeg.js';
import { callThroughFault } from '../support/faults/through.js';

/** The coaches area's operations through main's router against the embedded backend, checked against SQL. */
const backend = sharedBackend();

/** The smallest byte string main accepts as a JPEG: SOI, a baseline SOF0 frame of w x h, EOI. */
function fakeJpeg(width: number, height: number): string {
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46, ...sof, 0xff, 0xd9]).toString('base64');
}

const fields = (name: string) => ({
  name,
  description: '  ',
  category: '',
  subscriptionTier: 'basic',
  coachType: 'reflect',
  isFree: false,
  isActive: true,
  sampleInteraction: null,
});

describe('coaches area against the embedded backend', () => {
  let app: TestApp;
  let adminId: string;
  const created: string[] = [];
  const create = async (name: string) => {
    const { id } = await app.data<{ id: string }>('coaches.create', fields(name));
    created.push(id);
    return id;
  };

  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
    adminId = (await sql<{ id: string }>(backend, "select id::text from auth.users where email = 'admin@reflect.local'"))[0]!.id;
  });
  afterAll(async () => {
    if (created.length) await sql(backend, 'delete from coaches where id = any($1::uuid[])', [created]);
    await app?.close();
  });

  // Issue 31: the id is chosen in main, so a lost reply is read back instead of left "outcome unknown".
  it('a create whose reply is cut after the server acted is answered saved, and saved once', async () => {
    const name = 'Coach settled after a cut reply';
    const r = await callThroughFault(backend, 'cut-after', '/rest/v1/coaches', 'coaches.create', fields(name));
    const rows = await sql<{ id: string }>(backend, 'select id::text from coaches where name = $1', [name]);
    created.push(...rows.map((row) => row.id));
    expect(r.faults).toBe(1);
    expect(rows).toHaveLength(1);
    expect(r.result).toEqual({ ok: true, data: { id: rows[0]!.id } });
    expect(r.audit).toEqual([{ outcome: 'ok', code: null }]);
  });

  it('lists every coach with its current prompt, and counts equal to SQL', async () => {
    const list = await app.data<CoachList>('coaches.list');
    const rows = await sql<{ id: string; active: boolean; has_prompt: boolean; prompts: number; current: number | null }>(
      backend,
      `select c.id::text, c.is_active active,
              exists (select 1 from coach_prompts p where p.coach_id = c.id and p.is_active) has_prompt,
              (select count(*)::int from coach_prompts p where p.coach_id = c.id) prompts,
              (select max(version) from coach_prompts p where p.coach_id = c.id and p.is_active) current
         from coaches c`,
    );
    expect(list.coaches).toHaveLength(rows.length);
    for (const r of rows) {
      expect(list.coaches.find((c) => c.id === r.id)).toMatchObject({
        isActive: r.active,
        hasPrompt: r.has_prompt,
        promptCount: r.prompts,
        promptVersion: r.current,
      });
    }
    expect(list.counts).toEqual({
      total: rows.length,
      active: rows.filter((r) => r.active).length,
      inactive: rows.filter((r) => !r.active).length,
      activeWithoutPrompt: rows.filter((r) => r.active && !r.has_prompt).length,
    });
    const names = list.coaches.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("reads usage from admin-coach-stats with the administrator's token, equal to SQL", async () => {
    const usage = await app.data<CoachUsageMap>('coaches.usage');
    const rows = await sql<{ id: string; s: string; m: string }>(
      backend,
      `select c.id::text, (select count(*) from coach_interactions i where i.coach_id = c.id) s, (select count(*) from chat_messages m where m.coach_id = c.id) m from coaches c`,
    );
    expect(Object.keys(usage).sort()).toEqual(rows.map((r) => r.id).sort());
    for (const r of rows) expect(usage[r.id]).toEqual({ total_sessions: Number(r.s), total_messages: Number(r.m) });
    expect(rows.some((r) => Number(r.s) > 0)).toBe(true);
  });

  it('creates with the defaults, the slug rule and nulls; refuses a blank name, an unknown type and a taken slug', async () => {
    const id = await create('  Área -- Coach #7!  ');
    const [row] = await sql(
      backend,
      'select name, slug, description, category, sample_interaction, subscription_tier, coach_type, is_active, is_free, creator_id::text from coaches where id = $1',
      [id],
    );
    expect(row).toEqual({
      name: 'Área -- Coach #7!',
      slug: 'rea-coach-7',
      description: null,
      category: null,
      sample_interaction: null,
      subscription_tier: 'basic',
      coach_type: 'reflect',
      is_active: true,
      is_free: false,
      creator_id: adminId,
    });
    expect(await app.call('coaches.create', fields('   '))).toMatchObject({ ok: false, code: 'INVALID_INPUT', message: 'Coach name is required.' });
    expect(await app.call('coaches.create', { ...fields('Typed'), coachType: 'acme' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: 'Not a valid coach type',
    });
    expect(await app.call('coaches.create', { ...fields('Typed'), category: 'astrology' })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(await app.call('coaches.create', fields('REA coach 7'))).toMatchObject({
      ok: false,
      code: 'CONFLICT',
      message: expect.stringContaining('"rea-coach-7"'),
    });
  });

  it('updates the configuration, reads the detail, and answers null or NOT_FOUND for an unknown coach', async () => {
    const id = await create('IT Coach Update');
    await app.data('coaches.update', {
      id,
      ...fields('IT Coach Updated'),
      description: 'Helps.',
      category: 'wellness',
      subscriptionTier: 'premium',
      coachType: 'guest',
      isFree: true,
      isActive: false,
      sampleInteraction: 'Hi.',
    });
    const detail = await app.data<CoachDetail>('coaches.get', { id });
    expect(detail.coach).toMatchObject({
      name: 'IT Coach Updated',
      slug: 'it-coach-update',
      description: 'Helps.',
      category: 'wellness',
      subscriptionTier: 'premium',
      coachType: 'guest',
      isFree: true,
      isActive: false,
    });
    expect(detail).toMatchObject({ prompt: null, promptCount: 0, knowledgeBase: null, knowledgeCount: 0 });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await app.data('coaches.get', { id: missing })).toBeNull();
    expect(await app.call('coaches.update', { id: missing, ...fields('Ghost') })).toEqual({ ok: false, code: 'NOT_FOUND', message: 'Coach Not Found' });
    expect(
      await app.call('prompts.save', {
        family: 'coach-prompt',
        coachId: missing,
        content: 'x',
        params: { temperature: 0.7, topK: 40, topP: 0.95, model: 'gemini-2.5-flash', variety_injection: false, variety_prompts: [] },
        notes: null,
      }),
    ).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(
      await app.call('prompts.save', {
        family: 'coach-prompt',
        coachId: id,
        content: 'x',
        params: { temperature: 1.5, topK: 40, topP: 0.95, model: 'gemini-2.5-flash', variety_injection: false, variety_prompts: [] },
        notes: null,
      }),
    ).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(
      await app.call('prompts.save', {
        family: 'coach-prompt',
        coachId: id,
        content: 'x',
        params: { temperature: 0.7, topK: 40, topP: 0.95, model: 'gpt-4', variety_injection: false, variety_prompts: [] },
        notes: null,
      }),
    ).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(
      await app.call('prompts.save', {
        family: 'coach-prompt',
        coachId: id,
        content: 'x',
        params: { temperature: 0.7, topK: 40, topP: 0.95, model: 'gemini-2.5-flash', variety_injection: true, variety_prompts: ['  '] },
        notes: null,
      }),
    ).toMatchObject({ ok: false, code: 'INVALID_INPUT', message: 'A variety prompt cannot be empty.' });
  });

  it('uploads a JPEG avatar under avatars/, replaces and removes it with its object; refuses anything else', async () => {
    const id = await create('IT Coach Avatar');
    expect(await app.call('coaches.uploadAvatar', { coachId: id, jpegBase64: Buffer.from('GIF89a not a jpeg').toString('base64') })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: 'The cropped image is not a valid JPEG.',
    });
    expect(await app.call('coaches.uploadAvatar', { coachId: id, jpegBase64: 'A'.repeat(7 * 1024 * 1024) })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: 'File size must be less than 5MB',
    });
    expect(await app.call('coaches.uploadAvatar', { coachId: id, jpegBase64: fakeJpeg(64, 64), path: '../x' })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
    });

    const first = await app.data<{ avatarUrl: string }>('coaches.uploadAvatar', { coachId: id, jpegBase64: fakeJpeg(320, 320) });
    expect(first.avatarUrl).toMatch(new RegExp(`^${backend.url}/storage/v1/object/public/coach-avatars/avatars/${id}-[^/]+\\.jpg$`));
    expect(jpegSize(new Uint8Array(await (await fetch(first.avatarUrl)).arrayBuffer()))).toEqual({ width: 320, height: 320 });
    const objects = () =>
      sql<{ name: string }>(backend, "select name from storage.objects where bucket_id = 'coach-avatars' and name like $1 order by name", [`avatars/${id}-%`]);
    expect(await objects()).toHaveLength(1);

    const second = await app.data<{ avatarUrl: string }>('coaches.uploadAvatar', { coachId: id, jpegBase64: fakeJpeg(200, 200) });
    expect(second.avatarUrl).not.toBe(first.avatarUrl);
    expect((await objects()).map((o) => o.name)).toEqual([second.avatarUrl.split('/coach-avatars/')[1]]);
    expect(await sql(backend, 'select avatar_url from coaches where id = $1', [id])).toEqual([{ avatar_url: second.avatarUrl }]);

    expect(await app.data('coaches.removeAvatar', { coachId: id })).toEqual({ removed: true });
    expect(await sql(backend, 'select avatar_url from coaches where id = $1', [id])).toEqual([{ avatar_url: null }]);
    expect(await objects()).toEqual([]);
    expect(await app.data('coaches.removeAvatar', { coachId: id })).toEqual({ removed: false });
  });

  it('groups every coach request ignoring case, past the 1,000-row cap, with two sample messages', async () => {
    await sql(
      backend,
      `insert into coach_requests (coach_name, message, created_at)
       select case when i % 2 = 0 then 'Leaderboard Test' else 'leaderboard test' end, 'message ' || (i % 5), now() - (i || ' minutes')::interval
       from generate_series(1, 1100) i`,
    );
    try {
      const board = await app.data<CoachRequestLeader[]>('coaches.requests');
      const rows = await sql<{ coach_name: string; message: string | null; created_at: string }>(
        backend,
        `select coach_name, message, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') created_at from coach_requests order by created_at desc`,
      );
      const groups = groupCoachRequests(rows);
      expect(board.map((g) => [g.name.toLowerCase(), g.count])).toEqual(groups.map((g) => [g.name.toLowerCase(), g.count]));
      const test = board.find((g) => g.name.toLowerCase() === 'leaderboard test');
      expect(test).toMatchObject({ count: 1100, name: 'leaderboard test', messageCount: 5, sampleMessages: ['message 1', 'message 2'] });
      expect(board.every((g) => g.sampleMessages.length <= 2)).toBe(true);
    } finally {
      await sql(backend, "delete from coach_requests where lower(coach_name) = 'leaderboard test'");
    }
  });

  it('lists inquiries newest first, sets any status, deletes, and never reports a change that did not happen', async () => {
    const [mine] = await sql<{ id: string }>(
      backend,
      "insert into coach_inquiries (full_name, email, message, status) values ('IT Inquirer', 'it-inquirer@example.com', 'Hello', 'closed') returning id::text",
    );
    const list = await app.data<CoachInquiry[]>('coaches.inquiries');
    const ids = await sql<{ id: string }>(backend, 'select id::text from coach_inquiries order by created_at desc, id');
    expect(list.map((i) => i.id)).toEqual(ids.map((r) => r.id));
    expect(list[0]).toMatchObject({ id: mine!.id, fullName: 'IT Inquirer', status: 'closed' });
    expect(await app.data('coaches.setInquiryStatus', { id: mine!.id, status: 'new' })).toMatchObject({ status: 'new' });
    expect(await app.call('coaches.setInquiryStatus', { id: mine!.id, status: 'archived' })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(await app.data('coaches.deleteInquiry', { id: mine!.id })).toEqual({ id: mine!.id });
    expect(await sql(backend, 'select id from coach_inquiries where id = $1', [mine!.id])).toEqual([]);
    expect(await app.call('coaches.setInquiryStatus', { id: mine!.id, status: 'contacted' })).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'Failed to update status. Please try again.',
    });
    expect(await app.call('coaches.deleteInquiry', { id: mine!.id })).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'Failed to delete inquiry. Please try again.',
    });
  });

  it('refuses every coaches operation to a signed-in user without the admin role', async () => {
    const member = bootTestApp(backend);
    try {
      await member.signIn('member@reflect.local');
      for (const [name, input] of [
        ['coaches.list', {}],
        ['coaches.usage', {}],
        ['coaches.requests', {}],
        ['coaches.inquiries', {}],
      ] as const) {
        expect(await member.call(name, input)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      }
    } finally {
      await member.close();
    }
  });
});
