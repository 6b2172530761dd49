import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, MEMBER_EMAIL, sql } from '../support/booted.js';
import { callThroughFault } from '../support/faults/through.js';
import { setRequestTimeout } from '../../main/core/connectivity.js';
import { startLinkProxy } from '../../main/local-backend/link/proxy.js';
import { EMAIL_SETTINGS_KEY } from '../../shared/rules/email/settings.js';
import type { EmailSettings } from '../../shared/rules/email/types.js';

/**
 * Issue 31: an update whose reply was lost is settled by reading its target again, for three shapes of update: a
 * row's columns (banners.update, a PATCH), an upsert through a SQL function (flags.grant) and an activation of one
 * version per family (privacy.activate). Cut after the server acted: saved, once, and the audit log says ok. Cut
 * before it arrived: "nothing was saved", and the audit log says failed. Held past the timeout: sent once more, saved.
 */
const backend = sharedBackend();
const OFFLINE = { ok: false, code: 'OFFLINE', message: expect.stringMatching(/nothing was saved/i) };

/** A banner's fields as banners.update takes them. */
const bannerFields = (message: string, title = 'Settled banner') => ({
  category: 'info',
  title,
  message,
  actionText: '',
  actionUrl: '',
  active: true,
  startDate: null,
  endDate: null,
  targetAudience: 'all',
});

describe('updates whose reply was lost, against the embedded backend', () => {
  let bannerId: string;
  let memberId: string;
  let initialActive: string;
  let otherVersion: string;
  const bannerMessage = async () => (await sql<{ message: string }>(backend, 'select message from system_banners where id = $1', [bannerId]))[0]!.message;
  const flag = async () =>
    sql<{ notes: string | null }>(backend, `select notes from user_feature_flags where user_id = $1 and feature_key = 'email_analytics'`, [memberId]);
  const active = async () =>
    (await sql<{ id: string }>(backend, "select id::text from privacy_document_versions where document_type = 'privacy_intentions' and is_active")).map(
      (r) => r.id,
    );

  beforeAll(async () => {
    bannerId = (
      await sql<{ id: string }>(
        backend,
        `insert into system_banners (category, title, message, active, target_audience) values ('info', 'Settled banner', 'before', true, 'all') returning id::text`,
      )
    )[0]!.id;
    memberId = (await sql<{ id: string }>(backend, 'select id::text from profiles where email = $1', [MEMBER_EMAIL]))[0]!.id;
    await sql(backend, `delete from user_feature_flags where user_id = $1 and feature_key = 'email_analytics'`, [memberId]);
    initialActive = (await active())[0]!;
    otherVersion = (
      await sql<{ id: string }>(
        backend,
        `insert into privacy_document_versions (document_type, version, content, change_summary, is_active)
         select 'privacy_intentions', max(version) + 1, 'A version to activate', 'Settled activation', false from privacy_document_versions
          where document_type = 'privacy_intentions' returning id::text`,
      )
    )[0]!.id;
  });
  afterAll(async () => {
    await sql(backend, 'delete from system_banners where id = $1', [bannerId]);
    await sql(backend, `delete from user_feature_flags where user_id = $1 and feature_key = 'email_analytics'`, [memberId]);
    await sql(backend, 'update privacy_document_versions set is_active = false where is_active');
    await sql(backend, 'update privacy_document_versions set is_active = true where id = $1', [initialActive]);
    await sql(backend, 'delete from privacy_document_versions where id = $1', [otherVersion]);
    setRequestTimeout(30_000);
  });

  it('banners.update: cut after the server acted is saved (audit ok); cut before it arrived is not saved (audit failed)', async () => {
    const after = await callThroughFault(
      backend,
      'cut-after',
      '/rest/v1/system_banners',
      'banners.update',
      { id: bannerId, ...bannerFields('cut after') },
      {
        method: 'PATCH',
      },
    );
    expect(after.faults).toBe(1);
    expect(after.result).toMatchObject({ ok: true, data: { id: bannerId, message: 'cut after' } });
    expect(after.audit).toEqual([{ outcome: 'ok', code: null }]);
    expect(await bannerMessage()).toBe('cut after');

    const before = await callThroughFault(
      backend,
      'cut-before',
      '/rest/v1/system_banners',
      'banners.update',
      { id: bannerId, ...bannerFields('cut before') },
      {
        method: 'PATCH',
      },
    );
    expect(before.faults).toBe(1);
    expect(before.result).toEqual(OFFLINE);
    expect(before.audit).toEqual([{ outcome: 'failed', code: 'OFFLINE' }]);
    expect(await bannerMessage()).toBe('cut after');
  });

  it('banners.update: held past the timeout is sent once more and saved', async () => {
    setRequestTimeout(1_000);
    try {
      const r = await callThroughFault(
        backend,
        'stall',
        '/rest/v1/system_banners',
        'banners.update',
        { id: bannerId, ...bannerFields('stalled') },
        {
          method: 'PATCH',
          times: 1,
          stallMs: 1_500,
        },
      );
      expect(r.faults).toBe(1);
      expect(r.result).toMatchObject({ ok: true, data: { id: bannerId, message: 'stalled' } });
      expect(r.audit).toEqual([{ outcome: 'ok', code: null }]);
      expect(await bannerMessage()).toBe('stalled');
    } finally {
      setRequestTimeout(30_000);
    }
  });

  it('flags.grant (an upsert by a SQL function): cut after is saved once; cut before is not saved', async () => {
    const grant = (notes: string) => ({ email: MEMBER_EMAIL, featureKey: 'email_analytics', notes, expiresAt: null });
    const before = await callThroughFault(backend, 'cut-before', '/rest/v1/rpc/grant_feature_flag', 'flags.grant', grant('cut before'));
    expect(before.result).toEqual(OFFLINE);
    expect(before.audit).toEqual([{ outcome: 'failed', code: 'OFFLINE' }]);
    expect(await flag()).toEqual([]);

    const after = await callThroughFault(backend, 'cut-after', '/rest/v1/rpc/grant_feature_flag', 'flags.grant', grant('cut after'));
    const rows = await sql<{ id: string }>(backend, `select id::text from user_feature_flags where user_id = $1 and feature_key = 'email_analytics'`, [
      memberId,
    ]);
    expect(rows).toHaveLength(1);
    expect(after.result).toEqual({ ok: true, data: { id: rows[0]!.id } });
    expect(after.audit).toEqual([{ outcome: 'ok', code: null }]);
    expect(await flag()).toEqual([{ notes: 'cut after' }]);

    // The override as read with the user, before the call, equals it read alone after: untouched, nothing was saved.
    const again = await callThroughFault(backend, 'cut-before', '/rest/v1/rpc/grant_feature_flag', 'flags.grant', grant('cut before again'));
    expect(again.result).toEqual(OFFLINE);
    expect(await flag()).toEqual([{ notes: 'cut after' }]);
  });

  it('privacy.activate (one active version per family): cut before is not saved; cut after is saved, one version active', async () => {
    const path = '/rest/v1/rpc/activate_privacy_document_version';
    const before = await callThroughFault(backend, 'cut-before', path, 'privacy.activate', { versionId: otherVersion });
    expect(before.result).toEqual(OFFLINE);
    expect(before.audit).toEqual([{ outcome: 'failed', code: 'OFFLINE' }]);
    expect(await active()).toEqual([initialActive]);

    const after = await callThroughFault(backend, 'cut-after', path, 'privacy.activate', { versionId: otherVersion });
    expect(after.result).toEqual({ ok: true, data: { id: otherVersion } });
    expect(after.audit).toEqual([{ outcome: 'ok', code: null }]);
    expect(await active()).toEqual([otherVersion]);
  });
});

describe('the read before an update, against the embedded backend', () => {
  it('banners.update and flags.grant read their target once before the write (the audit log and the settlement share the read)', async () => {
    const id = (
      await sql<{ id: string }>(
        backend,
        `insert into system_banners (category, title, message, active, target_audience) values ('info', 'One read', 'before', true, 'all') returning id::text`,
      )
    )[0]!.id;
    const link = await startLinkProxy({ upstream: backend.url, shape: { rttMs: 0 }, handshakeRoundTrips: 0 });
    const app = bootTestApp({ ...backend, url: link.url }, { overLink: true });
    try {
      await app.signIn();
      const from = link.records().length;
      const r = await app.call('banners.update', { id, ...bannerFields('after', 'One read') });
      expect(r).toMatchObject({ ok: true, data: { id, message: 'after' } });
      const banner = link
        .records()
        .slice(from)
        .filter((x) => x.path === '/rest/v1/system_banners')
        .sort((a, b) => a.startMs - b.startMs)
        .map((x) => x.method);
      // Before: one GET (it was two, the audit log's and the settlement's); after: the audit log's.
      expect(banner).toEqual(['GET', 'PATCH', 'GET']);
      const conn = await app.services.connections.current();
      // The audit log still keeps the banner as it was.
      const [entry] = conn.audit!.db.prepare(`select "before" from audit_log where operation = 'banners.update' order by id desc limit 1`).all() as {
        before: string;
      }[];
      expect(JSON.parse(entry!.before)).toMatchObject({ id, message: 'before' });

      // flags.grant, after the admin check: the user and their override in one GET (it was two in sequence), then the grant.
      const fromGrant = link.records().length;
      const granted = await app.call('flags.grant', { email: MEMBER_EMAIL, featureKey: 'email_templates', notes: 'one read', expiresAt: null });
      expect(granted).toMatchObject({ ok: true });
      const grant = link
        .records()
        .slice(fromGrant)
        // The grant's own requests (a sync started at sign-in may read profiles meanwhile).
        .filter((x) => ['/rest/v1/user_feature_flags', '/rest/v1/rpc/grant_feature_flag'].includes(x.path) || x.search.includes('email=ilike.'))
        .sort((a, b) => a.startMs - b.startMs)
        .map((x) => `${x.method} ${x.path.slice('/rest/v1/'.length)}`);
      expect(grant).toEqual(['GET profiles', 'POST rpc/grant_feature_flag', 'GET user_feature_flags']);
    } finally {
      await app.close();
      await link.close();
      await sql(backend, 'delete from system_banners where id = $1', [id]);
      await sql(backend, `delete from user_feature_flags where feature_key = 'email_templates' and notes = 'one read'`);
    }
  });
});

/**
 * E-mail settings carry a stamp (admin_settings.updated_at, moved by every save): a lost reply of a save after
 * which another administrator wrote the old values back is not "nothing was saved". The reply is lost by the
 * client's fetch (the connection reset once the server had answered), so the other administrator's save can land
 * in between.
 */
describe('e-mail settings saved with a lost reply, against the embedded backend', () => {
  const path = '/functions/v1/admin-update-email-settings';
  let stored: string | null;
  const companyName = async () =>
    JSON.parse((await sql<{ value: string }>(backend, 'select value from admin_settings where key = $1', [EMAIL_SETTINGS_KEY]))[0]?.value ?? '{}').companyName;

  beforeAll(async () => {
    stored = (await sql<{ value: string }>(backend, 'select value from admin_settings where key = $1', [EMAIL_SETTINGS_KEY]))[0]?.value ?? null;
    await sql(backend, 'delete from admin_settings where key = $1', [EMAIL_SETTINGS_KEY]);
  });
  afterAll(async () => {
    await sql(backend, 'delete from admin_settings where key = $1', [EMAIL_SETTINGS_KEY]);
    if (stored !== null) await sql(backend, 'insert into admin_settings (key, value) values ($1, $2)', [EMAIL_SETTINGS_KEY, stored]);
  });

  /** email.saveSettings whose first save's reply is lost; `meanwhile` runs after the server answered it, if it did. */
  async function saveLosingReply(name: string, opts: { lands: boolean; meanwhile?: (token: string) => Promise<void> }): Promise<unknown> {
    const app = bootTestApp(backend);
    const realFetch = globalThis.fetch;
    let lost = false;
    let token = '';
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (lost || !url.endsWith(path)) return realFetch(input, init);
      lost = true;
      if (opts.lands) await (await realFetch(input, init)).text();
      await opts.meanwhile?.(token);
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
    });
    try {
      await app.signIn();
      token = (await (await app.services.connections.current()).user.auth.getSession()).data.session!.access_token;
      return await app.call('email.saveSettings', { companyName: name });
    } finally {
      spy.mockRestore();
      await app.close();
    }
  }

  /** Another administrator's save, through the same edge function. */
  const saveAsOther = (settings: Partial<EmailSettings>) => async (token: string) => {
    const res = await fetch(`${backend.url}${path}`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ settings }),
    });
    expect(res.status).toBe(200);
    await res.text();
  };

  it('cut before it arrived, no one else saving: nothing was saved', async () => {
    await sql(backend, `insert into admin_settings (key, value) values ($1, '{"companyName":"Old name"}')`, [EMAIL_SETTINGS_KEY]);
    expect(await saveLosingReply('Lost name', { lands: false })).toEqual(OFFLINE);
    expect(await companyName()).toBe('Old name');
  });

  it('cut after it was saved: saved', async () => {
    expect(await saveLosingReply('Landed name', { lands: true })).toMatchObject({ ok: true, data: { companyName: 'Landed name' } });
    expect(await companyName()).toBe('Landed name');
  });

  it('saved, then another administrator wrote the old values back before the read: never "nothing was saved"', async () => {
    const r = await saveLosingReply('Ours', { lands: true, meanwhile: saveAsOther({ companyName: 'Landed name' }) });
    // The stamp moved: not untouched, so the save (harmless twice) is sent once more and its answer is the answer.
    expect(r).toMatchObject({ ok: true, data: { companyName: 'Ours' } });
    expect(await companyName()).toBe('Ours');
  });
});

describe('the demo password (an upsert of one setting) whose reply was lost', () => {
  const stored = async () => (await sql<{ value: string }>(backend, "select value from admin_settings where key = 'demo_password'"))[0]?.value ?? null;
  let kept: string | null;
  beforeAll(async () => {
    kept = await stored();
  });
  afterAll(async () => {
    await sql(backend, "delete from admin_settings where key = 'demo_password'");
    if (kept !== null) await sql(backend, "insert into admin_settings (key, value) values ('demo_password', $1)", [kept]);
  });

  it('cut before it arrived is sent once more and saved (no read before the call: two round trips); cut after it was saved is saved', async () => {
    await sql(backend, "insert into admin_settings (key, value) values ('demo_password', 'before-1234') on conflict (key) do update set value = 'before-1234'");
    const before = await callThroughFault(
      backend,
      'cut-before',
      '/rest/v1/admin_settings',
      'dashboard.setDemoPassword',
      { password: 'cut-before-1234' },
      {
        times: 1,
      },
    );
    expect(before.result).toMatchObject({ ok: true, data: { password: 'cut-before-1234' } });
    expect(await stored()).toBe('cut-before-1234');
    const after = await callThroughFault(backend, 'cut-after', '/rest/v1/admin_settings', 'dashboard.setDemoPassword', { password: 'cut-after-1234' });
    expect(after.result).toMatchObject({ ok: true, data: { password: 'cut-after-1234', isDefault: false } });
    expect(await stored()).toBe('cut-after-1234');
  });
});
