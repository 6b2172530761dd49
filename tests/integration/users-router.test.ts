// The users operations through main's router against the embedded backend: the list, the detail, the CSV export
// (F1, F2) and the deletion with main's own checks (A2).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import type { UserDetail, UserListPage } from '../../shared/contract/areas/users.js';
import type { ExportOutcome } from '../../shared/contract/export.js';
import { USER_CSV_COLUMNS, userCsvRecord, userExportFileName } from '../../shared/rules/users/csv.js';
import { DELETION_MESSAGES } from '../../shared/rules/users/deletion.js';
import { userListView, type UserListQuery } from '../../shared/rules/users/list.js';
import type { DeletionPreview, DeletionResult } from '../../shared/rules/users/types.js';
import { deleteUser } from '../../main/services/users/deletion.js';
import { readAllUsers } from '../../main/services/users/list.js';
import { bootTestApp, ADMIN_EMAIL, MEMBER_EMAIL, type TestApp } from '../support/booted.js';
import { createFullUser, whereUserAppears, type FullUser } from '../fixtures/users-rows.js';
import { parseCsv } from '../fixtures/users-csv.js';

const backend = sharedBackend();
const storageRoot = path.join(backend.dataDir, 'storage');
let app: TestApp;
let db: pg.Client;
let user: FullUser;
let adminId: string;

beforeAll(async () => {
  db = new pg.Client({ connectionString: backend.databaseUrl });
  await db.connect();
  app = bootTestApp(backend);
  await app.signIn();
  adminId = (await db.query('select id from auth.users where email = $1', [ADMIN_EMAIL])).rows[0].id;
});
afterAll(async () => {
  await app?.close();
  await db?.end();
});

describe('users.list and users.detail', () => {
  beforeAll(async () => {
    user = await createFullUser(db, storageRoot);
    // The sign-in started the replica's first sync before this user existed (issue 28): a refresh, as the
    // screen's Refresh does, brings it in.
    await app.data('users.refresh');
  });
  afterAll(async () => {
    await db.query('delete from auth.users where id = $1', [user.id]);
    await user.restore();
  });

  it('lists every user, the same whether read in one page or many', async () => {
    const conn = await app.services.connections.current();
    const users = await readAllUsers(conn.user);
    expect(users.length).toBe((await db.query('select count(*)::int n from auth.users')).rows[0].n);
    expect(users.find((u) => u.user_id === user.id)).toMatchObject({ user_email: user.email, subscription_status: 'past_due', block_count: 8 });
    const pages: number[] = [];
    const paged = await readAllUsers(conn.user, 97, (page) => pages.push(page.length));
    expect(pages.length).toBeGreaterThan(3);
    expect(paged.map((u) => u.user_id)).toEqual(users.map((u) => u.user_id));
    // The screen's list, from main's replica after its first sync: the same rows.
    const shown = await app.data<UserListPage>('users.page', { filter: 'all', search: '', sort: { key: 'created', direction: 'desc' }, offset: 0, limit: 500 });
    expect(shown).toMatchObject({ matched: users.length, total: users.length });
    expect(shown.rows).toEqual(users.slice(0, 500));
  });

  it('answers the detail with the engagement row, and user null for an unknown id', async () => {
    const detail = await app.data<UserDetail>('users.detail', { userId: user.id });
    expect(detail.user).toMatchObject({ user_id: user.id, plan_name: 'Premium Monthly', stats: { totalBlocks: 8, currentStreak: 3 } });
    expect(detail.engagement).toMatchObject({ engagement_score: 72.46, most_active_day_of_week: 3, growth_phase: 'building' });
    expect(await app.data('users.detail', { userId: '00000000-0000-4000-8000-000000000000' })).toEqual({ user: null, engagement: null });
    expect(await app.call('users.detail', { userId: 'not-an-id' })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
  });

  it('exports the filtered, sorted list to a CSV in the exports folder, formulas neutralised (F1, F2)', async () => {
    const query = { filter: 'past_due', search: '', sort: { key: 'email', direction: 'asc' } } as const;
    const result = await app.data<ExportOutcome>('users.exportCsv', query);
    expect(result).toMatchObject({ outcome: 'saved', fileName: userExportFileName(new Date()) });
    if (result.outcome !== 'saved') return;
    expect(path.dirname(result.path)).toBe(path.join(app.dataDir, 'exports'));
    const text = fs.readFileSync(result.path, 'utf8');
    expect(text.startsWith('\ufeffEmail,Subscription Status,')).toBe(true);
    const [header, ...records] = parseCsv(text);
    expect(header).toEqual([...USER_CSV_COLUMNS]);
    await app.data('users.refresh');
    const users = await readAllUsers((await app.services.connections.current()).user);
    const expected = userListView(users, query).map(userCsvRecord);
    expect(records).toEqual(expected);
    expect(result.count).toBe(expected.length);
    const mine = records.find((r) => r[0] === user.email)!;
    // Leading white space, and a formula after a `;` that a `;`-locale spreadsheet splits off (issue 26 item 3).
    expect(mine[4]).toBe(`' =HYPERLINK("http://evil.example","x");'-2+3`);
    expect(text).toContain(`"' =HYPERLINK(""http://evil.example"",""x"");'-2+3"`);
    expect(records.every((r) => r[1] === 'past_due')).toBe(true);
    expect(fs.readdirSync(path.dirname(result.path)).filter((f) => f.endsWith('.part'))).toEqual([]);
    // No users after the search: nothing is written.
    const none = await app.data<ExportOutcome>('users.exportCsv', { ...query, search: 'no-such-user-anywhere' });
    expect(none).toEqual({ outcome: 'empty' });
  });
});

describe('users.deleteUser (A2)', () => {
  it('refuses a short reason, a wrong or stale e-mail, the signed-in admin and the last admin, deleting nothing', async () => {
    const target = await createFullUser(db, storageRoot);
    try {
      const appears = await whereUserAppears(db, target.id);
      const short = await app.call('users.deleteUser', { targetUserId: target.id, reason: '   short   ', confirmEmail: target.email });
      expect(short).toMatchObject({ ok: false, code: 'INVALID_INPUT', message: DELETION_MESSAGES.reasonTooShort });
      const wrong = await app.call('users.deleteUser', { targetUserId: target.id, reason: 'Requested by the user', confirmEmail: target.email.toUpperCase() });
      expect(wrong).toMatchObject({ ok: false, code: 'PRECONDITION_FAILED', message: DELETION_MESSAGES.emailMismatch });
      // The dialog showed the old address; the server's record changed meanwhile.
      await db.query('update auth.users set email = $1 where id = $2', [`moved-${target.email}`, target.id]);
      const stale = await app.call('users.deleteUser', { targetUserId: target.id, reason: 'Requested by the user', confirmEmail: target.email });
      expect(stale).toMatchObject({ ok: false, code: 'PRECONDITION_FAILED', message: DELETION_MESSAGES.emailMismatch });
      await db.query('update auth.users set email = $1 where id = $2', [target.email, target.id]);
      const self = await app.call('users.deleteUser', { targetUserId: adminId, reason: 'Requested by the user', confirmEmail: ADMIN_EMAIL });
      expect(self).toMatchObject({ ok: false, code: 'PRECONDITION_FAILED', message: DELETION_MESSAGES.self });
      const unknown = await app.call('users.deleteUser', {
        targetUserId: '00000000-0000-4000-8000-000000000000',
        reason: 'Requested by the user',
        confirmEmail: 'x@y.z',
      });
      expect(unknown).toMatchObject({ ok: false, code: 'NOT_FOUND', message: DELETION_MESSAGES.notFound });
      // The last administrator, asked for by someone else (only possible when the caller is no longer an admin).
      const conn = await app.services.connections.current();
      await expect(deleteUser(conn, target.id, { targetUserId: adminId, reason: 'Requested by the user', confirmEmail: ADMIN_EMAIL })).rejects.toMatchObject({
        code: 'PRECONDITION_FAILED',
        message: DELETION_MESSAGES.lastAdmin,
      });
      expect(await whereUserAppears(db, target.id)).toEqual(appears);
      expect((await db.query(`select count(*)::int n from user_roles where role = 'admin'`)).rows[0].n).toBe(1);
    } finally {
      await db.query('delete from auth.users where id = $1', [target.id]);
      await target.restore();
    }
  });

  it('confirms an account without an e-mail by its user id, never by an empty field (issue 9)', async () => {
    const target = await createFullUser(db, storageRoot);
    try {
      // The demo's auth.users requires an e-mail column; an empty one is how an account without an e-mail reads.
      await db.query(`update auth.users set email = '' where id = $1`, [target.id]);
      const appears = await whereUserAppears(db, target.id);
      for (const confirmEmail of ['', ' ', target.id.toUpperCase(), target.email]) {
        const refused = await app.call('users.deleteUser', { targetUserId: target.id, reason: 'Requested by the user', confirmEmail });
        expect(refused, JSON.stringify(confirmEmail)).toMatchObject({ ok: false, code: 'PRECONDITION_FAILED', message: DELETION_MESSAGES.idMismatch });
      }
      expect(await whereUserAppears(db, target.id)).toEqual(appears);
      const done = await app.data<DeletionResult>('users.deleteUser', { targetUserId: target.id, reason: 'Requested by the user', confirmEmail: target.id });
      expect(done).toMatchObject({ success: true, deleted_user_id: target.id });
    } finally {
      await db.query('delete from auth.users where id = $1', [target.id]);
      await target.restore();
    }
  });

  it('reports a failed deletion clearly and leaves everything in place', async () => {
    const target = await createFullUser(db, storageRoot);
    await db.query(`create or replace function public.users_test_fail() returns trigger language plpgsql as $$ begin raise exception 'disk on fire'; end $$`);
    await db.query('create trigger users_test_fail before delete on public.blocks for each row execute function public.users_test_fail()');
    try {
      const appears = await whereUserAppears(db, target.id);
      const res = await app.call('users.deleteUser', { targetUserId: target.id, reason: 'Requested by the user', confirmEmail: target.email });
      expect(res).toMatchObject({ ok: false, code: 'BACKEND_ERROR' });
      expect(!res.ok && res.message).toMatch(/^The account could not be deleted\. The deletion was rolled back; nothing was deleted\. disk on fire/);
      expect(await whereUserAppears(db, target.id)).toEqual(appears);
      expect(fs.existsSync(target.storageFile)).toBe(true);
    } finally {
      await db.query('drop trigger users_test_fail on public.blocks');
      await db.query('drop function public.users_test_fail()');
      await db.query('delete from auth.users where id = $1', [target.id]);
      await target.restore();
    }
  });

  it('deletes after the checks, with the preview counts, and the user is gone when read again', async () => {
    const target = await createFullUser(db, storageRoot);
    try {
      const preview = await app.data<DeletionPreview>('users.deletionPreview', { userId: target.id });
      const done = await app.data<DeletionResult>('users.deleteUser', {
        targetUserId: target.id,
        reason: '  Requested by the user  ',
        confirmEmail: target.email,
      });
      expect(done).toMatchObject({ success: true, deleted_user_id: target.id, total_records: preview.total_records, tables_affected: preview.tables_affected });
      expect(await whereUserAppears(db, target.id)).toEqual({ 'public.admin_user_deletions.target_user_id': 1 });
      expect((await db.query('select reason, admin_id from admin_user_deletions where target_user_id = $1', [target.id])).rows).toEqual([
        { reason: 'Requested by the user', admin_id: adminId },
      ]);
      expect(await app.data('users.detail', { userId: target.id })).toEqual({ user: null, engagement: null });
      expect(await app.call('users.deletionPreview', { userId: target.id })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    } finally {
      await target.restore();
    }
  });

  it('is refused to a signed-in member without the admin role', async () => {
    const member = bootTestApp(backend);
    try {
      await member.signIn(MEMBER_EMAIL);
      expect(await member.call('users.page', { filter: 'all', search: '', sort: { key: 'email', direction: 'asc' }, offset: 0, limit: 1 })).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
      });
      expect(await member.call('users.deleteUser', { targetUserId: adminId, reason: 'Requested by the user', confirmEmail: ADMIN_EMAIL })).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
      });
    } finally {
      await member.close();
    }
  });
});

describe('users.exportCsv from the replica', () => {
  const query: UserListQuery = { filter: 'all', search: '', sort: { key: 'created', direction: 'desc' } };
  const exportedEmails = async (): Promise<string[]> => {
    const result = await app.data<ExportOutcome>('users.exportCsv', query);
    if (result.outcome !== 'saved') throw new Error(result.outcome);
    return parseCsv(fs.readFileSync(result.path, 'utf8'))
      .slice(1)
      .map((r) => r[0] as string);
  };

  it('writes the list as last synced, a new user after Refresh, and never a deleted one', async () => {
    await app.data('users.refresh');
    const synced = await app.data<UserListPage>('users.page', { ...query, offset: 0, limit: 500 });
    const target = await createFullUser(db, storageRoot);
    try {
      // Created after the sync: the export matches the screen (and its count), not the newer server.
      const shown = await exportedEmails();
      expect(shown.length).toBe(synced.total);
      expect(shown.slice(0, 500)).toEqual(synced.rows.map((u) => u.user_email));
      expect(shown).not.toContain(target.email);
      await app.data('users.refresh');
      expect(await exportedEmails()).toContain(target.email);
      const res = await app.call('users.deleteUser', { targetUserId: target.id, reason: 'Requested by the user', confirmEmail: target.email });
      expect(res).toMatchObject({ ok: true });
      // Without a sync, the deleted account has left the replica: not listed, not exported.
      expect(await exportedEmails()).not.toContain(target.email);
      const after = await app.data<UserListPage>('users.page', { ...query, search: target.email, offset: 0, limit: 1 });
      expect(after.matched).toBe(0);
    } finally {
      await db.query('delete from auth.users where id = $1', [target.id]);
      await target.restore();
    }
  });
});
