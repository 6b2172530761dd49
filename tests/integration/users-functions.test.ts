// The users area's functions of the embedded backend, called over HTTP as main calls them: admin-get-users,
// get-user-detail, admin-delete-user-preview and admin-delete-user, against SQL ground truth.
import pg from 'pg';
import { SignJWT } from 'jose';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { USER_FILTERS, matchesFilter, matchesSearch, normaliseSearch } from '../../shared/rules/users/filters.js';
import type { AdminUserRow, DeletionPreview, DeletionResult, UserDetailRecord } from '../../shared/rules/users/types.js';
import { ADMIN_EMAIL, DEMO_PASSWORD, MEMBER_EMAIL } from '../support/booted.js';
import { loadOrCreateSecrets } from '../../main/local-backend/keys.js';
import { createAuthUser, createFullUser, rowCounts, whereUserAppears, type FullUser } from '../fixtures/users-rows.js';

const backend = sharedBackend();
const storageRoot = path.join(backend.dataDir, 'storage');

async function tokenOf(email: string): Promise<string> {
  const res = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call<T>(name: string, body: unknown, token = backend.serviceRoleKey): Promise<{ status: number; data: T }> {
  const res = await fetch(`${backend.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, data: (await res.json()) as T };
}

let db: pg.Client;
let adminToken: string;
beforeAll(async () => {
  db = new pg.Client({ connectionString: backend.databaseUrl });
  await db.connect();
  adminToken = await tokenOf(ADMIN_EMAIL);
});
afterAll(async () => db?.end());

describe('admin-get-users', () => {
  it('answers every auth user with subscription, plan, block count and attribution equal to SQL', async () => {
    const { status, data } = await call<AdminUserRow[]>('admin-get-users', { statusFilter: 'all', searchTerm: '' }, adminToken);
    expect(status).toBe(200);
    const total = (await db.query<{ n: number }>('select count(*)::int n from auth.users')).rows[0]!.n;
    expect(data).toHaveLength(total);
    const blocks = new Map(
      (await db.query<{ id: string; n: number }>('select user_id id, count(*)::int n from blocks group by 1')).rows.map((r) => [r.id, r.n]),
    );
    for (const row of data) expect(row.block_count).toBe(blocks.get(row.user_id) ?? 0);
    const member = data.find((r) => r.user_email === MEMBER_EMAIL)!;
    const truth = (
      await db.query(
        `select s.id, s.status, p.name, a.utm_source, a.utm_medium, a.utm_campaign, l.campaign_name, l.campaign_type
         from user_subscriptions s join subscription_plans p on p.id = s.plan_id
         left join user_marketing_attribution a on a.user_id = s.user_id left join marketing_links l on l.id = a.marketing_link_id
        where s.user_id = $1 order by s.created_at desc limit 1`,
        [member.user_id],
      )
    ).rows[0];
    expect(member).toMatchObject({
      subscription_id: truth.id,
      subscription_status: truth.status,
      plan_name: truth.name,
      marketing_attribution: {
        utm_source: truth.utm_source,
        utm_medium: truth.utm_medium,
        utm_campaign: truth.utm_campaign,
        marketing_links: { campaign_name: truth.campaign_name, campaign_type: truth.campaign_type },
      },
    });
    const direct = data.find((r) => r.marketing_attribution === null);
    expect(direct).toBeDefined();
    // Newest first.
    const times = data.map((r) => r.user_created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('applies each of the nine filters and the search exactly as the shared rule does', async () => {
    const all = (await call<AdminUserRow[]>('admin-get-users', {})).data;
    for (const filter of USER_FILTERS) {
      const { data } = await call<AdminUserRow[]>('admin-get-users', { statusFilter: filter, searchTerm: '' });
      const expected = all.filter((r) => matchesFilter(r, filter)).map((r) => r.user_id);
      expect(
        data.map((r) => r.user_id),
        filter,
      ).toEqual(expected);
      if (filter !== 'all') expect(expected.length, `${filter} matches someone in the demo`).toBeGreaterThan(0);
    }
    for (const term of ['  ADMIN@', 'example.org', all[3]!.user_id.slice(0, 6), 'no-such-user-anywhere']) {
      const { data } = await call<AdminUserRow[]>('admin-get-users', { statusFilter: 'active', searchTerm: term });
      const t = normaliseSearch(term);
      expect(
        data.map((r) => r.user_id),
        term,
      ).toEqual(all.filter((r) => matchesFilter(r, 'active') && matchesSearch(r.user_email.toLowerCase(), r.user_id, t)).map((r) => r.user_id));
    }
  });

  it('pages by keyset, even through users created in the same microsecond', async () => {
    const at = new Date('2020-02-02T02:02:02.123Z');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await createAuthUser(db, `same-time-${i}@fixture.test`, { createdAt: at }));
    try {
      const all = (await call<AdminUserRow[]>('admin-get-users', {})).data;
      const paged: AdminUserRow[] = [];
      let after: { user_created_at: string; user_id: string } | undefined;
      for (;;) {
        const { data } = await call<AdminUserRow[]>('admin-get-users', { pageSize: 37, ...(after ? { after } : {}) });
        paged.push(...data);
        if (data.length < 37) break;
        after = { user_created_at: data.at(-1)!.user_created_at, user_id: data.at(-1)!.user_id };
      }
      expect(paged.map((r) => r.user_id)).toEqual(all.map((r) => r.user_id));
      // until: only rows at or above a key, so ranges of the list can be read side by side; here it falls among the
      // users of one microsecond.
      const mid = all.findIndex((r) => r.user_id === ids.sort()[2]);
      const until = { user_created_at: all[mid]!.user_created_at, user_id: all[mid]!.user_id };
      const above = (await call<AdminUserRow[]>('admin-get-users', { pageSize: 10_000, until })).data;
      expect(above.map((r) => r.user_id)).toEqual(all.slice(0, mid + 1).map((r) => r.user_id));
      expect((await call('admin-get-users', { pageSize: 5, until: { user_created_at: 'soon', user_id: ids[0] } })).status).toBe(400);
      expect((await call('admin-get-users', { pageSize: 0 })).status).toBe(400);
      expect((await call('admin-get-users', { statusFilter: 'everyone' })).status).toBe(400);
    } finally {
      await db.query('delete from auth.users where id = any($1::uuid[])', [ids]);
    }
  });

  it('refuses callers who are not administrators', async () => {
    expect((await call('admin-get-users', {}, await tokenOf(MEMBER_EMAIL))).status).toBe(403);
    expect((await call('admin-get-users', {}, backend.anonKey)).status).toBe(403);
    expect((await call('get-user-detail', { userId: '00000000-0000-4000-8000-000000000000' }, backend.anonKey)).status).toBe(403);
    expect((await call('admin-delete-user-preview', { userId: '00000000-0000-4000-8000-000000000000' }, backend.anonKey)).status).toBe(403);
    expect(
      (await call('admin-delete-user', { targetUserId: '00000000-0000-4000-8000-000000000000', reason: 'long enough reason' }, backend.anonKey)).status,
    ).toBe(403);
  });

  it('answers a token whose sub is not a UUID with 400 bad_jwt, never a 500', async () => {
    const { jwtSecret } = loadOrCreateSecrets(backend.dataDir);
    const token = await new SignJWT({ sub: 'not-a-uuid', role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(jwtSecret));
    const r = await call('admin-get-users', {}, token);
    expect(r).toEqual({ status: 400, data: { error: 'invalid claim: sub claim must be a UUID', code: 'bad_jwt' } });
  });
});

describe('get-user-detail', () => {
  let user: FullUser;
  beforeAll(async () => {
    user = await createFullUser(db, storageRoot);
  });
  afterAll(async () => {
    await db.query('delete from auth.users where id = $1', [user.id]);
    await user.restore();
  });

  it('answers the record with stats, streaks and the per-coach breakdown', async () => {
    const { status, data } = await call<UserDetailRecord>('get-user-detail', { userId: user.id }, adminToken);
    expect(status).toBe(200);
    expect(data).toMatchObject({
      user_id: user.id,
      user_email: user.email,
      stripe_customer_id: 'cus_FixtureCustomer0123456',
      stripe_subscription_id: 'sub_FixtureSubscription0123',
      subscription_status: 'past_due',
      plan_name: 'Premium Monthly',
      cancel_at_period_end: false,
      marketing_attribution: {
        utm_medium: 'social',
        utm_campaign: 'fixture_campaign',
        referrer: 'https://t.co/',
        marketing_links: { campaign_name: expect.any(String) },
      },
    });
    const s = data.stats;
    expect(s).toMatchObject({
      totalBlocks: 8,
      recentBlocks: 3,
      totalCoachSessions: 2,
      recentCoachSessions: 1,
      totalCoachMessages: 3,
      recentCoachMessages: 2,
      currentStreak: 3,
      longestStreak: 5,
    });
    expect(Date.parse(s.firstBlockDate!)).toBeLessThan(Date.parse(s.lastBlockDate!));
    const coaches = Object.values(s.coachBreakdown);
    expect(coaches).toHaveLength(1);
    expect(coaches[0]).toMatchObject({ sessions: 2, messages: 3, name: expect.any(String) });
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await call('get-user-detail', { userId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await call('get-user-detail', { userId: 'nope' })).status).toBe(400);
  });
});

describe('admin-delete-user-preview and admin-delete-user', () => {
  it('deletes a user with rows in every table, their storage, the auth user, with the preview counts and an audit row', async () => {
    const user = await createFullUser(db, storageRoot);
    try {
      const tables = (
        await db.query<{ t: string }>(
          `select distinct format('%s.%s', n.nspname, c.relname) t from pg_constraint con join pg_class c on c.oid = con.conrelid
           join pg_namespace n on n.oid = c.relnamespace where con.contype = 'f' and con.confrelid in ('auth.users'::regclass, 'public.profiles'::regclass)`,
        )
      ).rows.map((r) => r.t);
      const appears = await whereUserAppears(db, user.id);
      for (const t of tables)
        expect(
          Object.keys(appears).some((k) => k.startsWith(`${t}.`)),
          `the fixture has a row in ${t}`,
        ).toBe(true);

      const preview = await call<DeletionPreview>('admin-delete-user-preview', { userId: user.id }, adminToken);
      expect(preview.status).toBe(200);
      const byTable = Object.fromEntries(preview.data.tables_affected.map((t) => [t.table, t.record_count]));
      expect(byTable).toMatchObject({
        blocks: 8,
        chat_messages: 3,
        coach_interactions: 2,
        profiles: 1,
        'auth.users': 1,
        'storage.objects': 1,
        'auth.sessions': 1,
      });
      expect(preview.data.total_records).toBe(preview.data.tables_affected.reduce((n, t) => n + t.record_count, 0));
      expect(preview.data.detached_references).toEqual(expect.arrayContaining([{ table: 'affiliate_revenue', column: 'user_id', record_count: 1 }]));

      const before = await rowCounts(db);
      const done = await call<DeletionResult>('admin-delete-user', { targetUserId: user.id, reason: '  GDPR erasure request #42  ' }, adminToken);
      expect(done.status).toBe(200);
      expect(done.data.tables_affected).toEqual(preview.data.tables_affected);
      expect(done.data.total_records).toBe(preview.data.total_records);
      expect(await whereUserAppears(db, user.id)).toEqual({ 'public.admin_user_deletions.target_user_id': 1 });
      expect(fs.existsSync(user.storageFile)).toBe(false);
      const after = await rowCounts(db);
      for (const t of preview.data.tables_affected)
        expect(before[t.table.includes('.') ? t.table : `public.${t.table}`]! - after[t.table.includes('.') ? t.table : `public.${t.table}`]!, t.table).toBe(
          t.record_count,
        );
      const audit = (await db.query('select * from admin_user_deletions where target_user_id = $1', [user.id])).rows;
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        id: done.data.audit_id,
        target_email: user.email,
        reason: 'GDPR erasure request #42',
        record_counts: { total_records: preview.data.total_records },
      });
      const adminId = (await db.query('select id from auth.users where email = $1', [ADMIN_EMAIL])).rows[0].id;
      expect(audit[0].admin_id).toBe(adminId);
      // Rows that only mentioned the user stay, without the user.
      expect((await db.query(`select count(*)::int n from affiliate_revenue where user_id is null and payment_amount = 12`)).rows[0].n).toBeGreaterThan(0);
    } finally {
      await db.query('delete from auth.users where id = $1', [user.id]);
      await user.restore();
    }
  });

  // Mid-way (a row trigger on one of the user's tables) and at commit (a deferred constraint trigger: the files
  // have been moved aside by then and must come back).
  it.each([
    ['mid-way', 'create trigger users_test_fail before delete on public.goals for each row execute function public.users_test_fail()'],
    [
      'at commit',
      'create constraint trigger users_test_fail after delete on public.goals deferrable initially deferred for each row execute function public.users_test_fail()',
    ],
  ])('deletes nothing when the deletion fails %s, and says so', async (_when, trigger) => {
    const user = await createFullUser(db, storageRoot);
    await db.query(`create or replace function public.users_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await db.query(trigger);
    try {
      const before = await rowCounts(db);
      const appears = await whereUserAppears(db, user.id);
      const res = await call<{ error: string }>('admin-delete-user', { targetUserId: user.id, reason: 'should not work at all' }, adminToken);
      expect(res.status).toBe(500);
      expect(res.data.error).toMatch(/rolled back; nothing was deleted.*injected failure/);
      expect(await rowCounts(db)).toEqual(before);
      expect(await whereUserAppears(db, user.id)).toEqual(appears);
      expect(fs.readFileSync(user.storageFile, 'utf8')).toBe('audio');
      const trash = path.join(storageRoot, '.deleting');
      expect(fs.existsSync(trash) ? fs.readdirSync(trash) : []).toEqual([]);
    } finally {
      await db.query('drop trigger users_test_fail on public.goals');
      await db.query('drop function public.users_test_fail()');
      await db.query('delete from auth.users where id = $1', [user.id]);
      await user.restore();
    }
  });

  it('refuses a short reason, the caller themself, the last administrator and an unknown user', async () => {
    const adminId = (await db.query('select id from auth.users where email = $1', [ADMIN_EMAIL])).rows[0].id as string;
    expect((await call('admin-delete-user', { targetUserId: adminId, reason: ' too short ' }, adminToken)).status).toBe(400);
    const self = await call<{ error: string }>('admin-delete-user', { targetUserId: adminId, reason: 'deleting myself today' }, adminToken);
    expect(self).toMatchObject({ status: 409, data: { error: 'You cannot delete your own account.' } });
    // The service role is nobody: the only administrator is the last one.
    const admins = (await db.query(`select count(*)::int n from user_roles where role = 'admin'`)).rows[0].n;
    expect(admins).toBe(1);
    const last = await call<{ error: string }>('admin-delete-user', { targetUserId: adminId, reason: 'removing the last admin' });
    expect(last).toMatchObject({ status: 409, data: { error: 'This is the last administrator account; it cannot be deleted.' } });
    expect((await call('admin-delete-user', { targetUserId: '00000000-0000-4000-8000-000000000000', reason: 'nobody is there at all' })).status).toBe(404);
    expect((await call('admin-delete-user-preview', { userId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  });
});
