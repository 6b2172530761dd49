import { afterAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { MEMBER_EMAIL, sql } from '../support/booted.js';
import { callThroughFault } from '../support/faults/through.js';
import { setRequestTimeout } from '../../main/core/connectivity.js';

/**
 * Issue 31: a delete, a revoke and a bulk change of the trash whose reply was lost are settled by reading the target
 * again. Cut after the server acted: done, and the audit log says ok. Cut before it arrived: "nothing was saved", the
 * row is still there, and the audit log says failed. Held past the timeout: sent once more, done once.
 */
const backend = sharedBackend();
const OFFLINE = { ok: false, code: 'OFFLINE', message: expect.stringMatching(/nothing was saved/i) };

const banner = async () =>
  (
    await sql<{ id: string }>(
      backend,
      `insert into system_banners (category, title, message, active, target_audience) values ('info', 'To delete', 'x', true, 'all') returning id::text`,
    )
  )[0]!.id;
const bannerThere = async (id: string) => (await sql(backend, 'select 1 from system_banners where id = $1', [id])).length;
const trashed = async () =>
  (
    await sql<{ id: string }>(
      backend,
      "insert into feedback_submissions (type, title, status, tags) values ('general', 'Settled trash', 'deleted', '{itest}') returning id::text",
    )
  )[0]!.id;
const statusOf = async (id: string) =>
  (await sql<{ status: string }>(backend, 'select status from feedback_submissions where id = $1', [id]))[0]?.status ?? 'gone';

describe('deletes whose reply was lost, against the embedded backend', () => {
  afterAll(async () => {
    await sql(backend, "delete from system_banners where title = 'To delete'");
    await sql(backend, "delete from feedback_submissions where title = 'Settled trash'");
    await sql(backend, `delete from user_feature_flags where feature_key = 'email_analytics' and user_id = (select id from profiles where email = $1)`, [
      MEMBER_EMAIL,
    ]);
    setRequestTimeout(30_000);
  });

  it('banners.delete: cut after the server acted is deleted (audit ok); cut before it arrived deletes nothing (audit failed)', async () => {
    const gone = await banner();
    const after = await callThroughFault(backend, 'cut-after', '/rest/v1/system_banners', 'banners.delete', { id: gone }, { method: 'DELETE' });
    expect(after.faults).toBe(1);
    expect(after.result).toEqual({ ok: true, data: { id: gone } });
    expect(after.audit).toEqual([{ outcome: 'ok', code: null }]);
    expect(await bannerThere(gone)).toBe(0);

    const kept = await banner();
    const before = await callThroughFault(backend, 'cut-before', '/rest/v1/system_banners', 'banners.delete', { id: kept }, { method: 'DELETE' });
    expect(before.faults).toBe(1);
    expect(before.result).toEqual(OFFLINE);
    expect(before.audit).toEqual([{ outcome: 'failed', code: 'OFFLINE' }]);
    expect(await bannerThere(kept)).toBe(1);
  });

  it('banners.delete of a row already gone before the call (another administrator): not found, also when its reply is lost', async () => {
    const id = await banner();
    await sql(backend, 'delete from system_banners where id = $1', [id]);
    const r = await callThroughFault(backend, 'cut-after', '/rest/v1/system_banners', 'banners.delete', { id }, { method: 'DELETE' });
    expect(r.faults).toBe(1);
    expect(r.result).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(r.audit).toEqual([{ outcome: 'failed', code: 'NOT_FOUND' }]);
  });

  it('banners.delete: held past the timeout is sent once more and deleted', async () => {
    const id = await banner();
    setRequestTimeout(1_000);
    try {
      const r = await callThroughFault(backend, 'stall', '/rest/v1/system_banners', 'banners.delete', { id }, { method: 'DELETE', times: 1, stallMs: 1_500 });
      expect(r.faults).toBe(1);
      expect(r.result).toEqual({ ok: true, data: { id } });
      expect(r.audit).toEqual([{ outcome: 'ok', code: null }]);
      expect(await bannerThere(id)).toBe(0);
    } finally {
      setRequestTimeout(30_000);
    }
  });

  it('flags.revoke: cut after says it was revoked; cut before revokes nothing', async () => {
    const memberId = (await sql<{ id: string }>(backend, 'select id::text from profiles where email = $1', [MEMBER_EMAIL]))[0]!.id;
    const enabled = async () =>
      (await sql<{ enabled: boolean }>(backend, `select enabled from user_feature_flags where user_id = $1 and feature_key = 'email_analytics'`, [memberId]))[0]
        ?.enabled;
    await sql(
      backend,
      `insert into user_feature_flags (user_id, feature_key, enabled) values ($1, 'email_analytics', true)
       on conflict (user_id, feature_key) do update set enabled = true`,
      [memberId],
    );
    const input = { userId: memberId, featureKey: 'email_analytics' };
    const before = await callThroughFault(backend, 'cut-before', '/rest/v1/rpc/revoke_feature_flag', 'flags.revoke', input);
    expect(before.result).toEqual(OFFLINE);
    expect(before.audit).toEqual([{ outcome: 'failed', code: 'OFFLINE' }]);
    expect(await enabled()).toBe(true);

    const after = await callThroughFault(backend, 'cut-after', '/rest/v1/rpc/revoke_feature_flag', 'flags.revoke', input);
    expect(after.result).toEqual({ ok: true, data: { revoked: true } });
    expect(after.audit).toEqual([{ outcome: 'ok', code: null }]);
    expect(await enabled()).toBe(false);

    // Held past the timeout, sent again: the second request finds it revoked already; the first one did the revoking.
    await sql(backend, `update user_feature_flags set enabled = true where user_id = $1 and feature_key = 'email_analytics'`, [memberId]);
    setRequestTimeout(1_000);
    try {
      const stalled = await callThroughFault(backend, 'stall', '/rest/v1/rpc/revoke_feature_flag', 'flags.revoke', input, { times: 1, stallMs: 1_500 });
      expect(stalled.result).toEqual({ ok: true, data: { revoked: true } });
      expect(await enabled()).toBe(false);
    } finally {
      setRequestTimeout(30_000);
    }
  });

  it('users.deleteUser: cut before deletes nothing; cut after is deleted, answered with the counts of its own record', async () => {
    const email = 'settled-deletion@fixture.test';
    const id = (
      await sql<{ id: string }>(backend, `insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, 'x', now()) returning id::text`, [
        email,
      ])
    )[0]!.id;
    const input = { targetUserId: id, reason: 'Requested by the user (settled)', confirmEmail: email };
    const there = async () => (await sql(backend, 'select 1 from auth.users where id = $1', [id])).length;
    const before = await callThroughFault(backend, 'cut-before', '/functions/v1/admin-delete-user', 'users.deleteUser', input);
    expect(before.result).toEqual(OFFLINE);
    expect(await there()).toBe(1);

    const after = await callThroughFault(backend, 'cut-after', '/functions/v1/admin-delete-user', 'users.deleteUser', input);
    const record = (await sql<{ id: string }>(backend, 'select id::text from admin_user_deletions where target_user_id = $1', [id]))[0]!;
    expect(after.result).toMatchObject({ ok: true, data: { success: true, deleted_user_id: id, audit_id: record.id } });
    expect((after.result as { data: { total_records: number } }).data.total_records).toBeGreaterThan(0);
    expect(after.audit).toEqual([{ outcome: 'ok', code: null }]);
    expect(await there()).toBe(0);
  });

  it('feedback.restore and feedback.deleteForever (bulk, "still in the trash"): cut after is done and counted; cut before changes nothing', async () => {
    const restored = await trashed();
    const cutBefore = await callThroughFault(
      backend,
      'cut-before',
      '/rest/v1/feedback_submissions',
      'feedback.restore',
      { ids: [restored] },
      { method: 'PATCH' },
    );
    expect(cutBefore.result).toEqual(OFFLINE);
    expect(cutBefore.audit).toEqual([{ outcome: 'failed', code: 'OFFLINE' }]);
    expect(await statusOf(restored)).toBe('deleted');
    const cutAfter = await callThroughFault(
      backend,
      'cut-after',
      '/rest/v1/feedback_submissions',
      'feedback.restore',
      { ids: [restored] },
      { method: 'PATCH' },
    );
    expect(cutAfter.result).toEqual({ ok: true, data: { restored: 1 } });
    expect(cutAfter.audit).toEqual([{ outcome: 'ok', code: null }]);
    expect(await statusOf(restored)).toBe('new');

    const purged = await trashed();
    const kept = await callThroughFault(
      backend,
      'cut-before',
      '/rest/v1/feedback_submissions',
      'feedback.deleteForever',
      { ids: [purged] },
      { method: 'DELETE' },
    );
    expect(kept.result).toEqual(OFFLINE);
    expect(await statusOf(purged)).toBe('deleted');
    const gone = await callThroughFault(
      backend,
      'cut-after',
      '/rest/v1/feedback_submissions',
      'feedback.deleteForever',
      { ids: [purged] },
      { method: 'DELETE' },
    );
    expect(gone.result).toEqual({ ok: true, data: { deleted: 1, skipped: 0 } });
    expect(gone.audit).toEqual([{ outcome: 'ok', code: null }]);
    expect(await statusOf(purged)).toBe('gone');
  });
});
