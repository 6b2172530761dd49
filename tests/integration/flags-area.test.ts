import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, sql, MEMBER_EMAIL, type TestApp } from '../support/booted.js';
import { filterOverrides, type FlagOverride } from '../../shared/rules/flags/flags.js';

/** Feature flags through main's router and the SQL helpers grant_feature_flag / revoke_feature_flag. */
const backend = sharedBackend();

interface Row {
  enabled: boolean;
  notes: string | null;
  expires_at: Date | null;
  granted_by: string | null;
  n: number;
}

describe('feature flags against the embedded backend', () => {
  let app: TestApp;
  let memberId: string;
  let adminId: string;
  const row = async () =>
    (
      await sql<Row>(
        backend,
        `select enabled, notes, expires_at, granted_by::text, (select count(*)::int from user_feature_flags where user_id = $1 and feature_key = 'email_campaigns') n
           from user_feature_flags where user_id = $1 and feature_key = 'email_campaigns'`,
        [memberId],
      )
    )[0];

  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
    memberId = (await sql<{ id: string }>(backend, 'select id::text from profiles where email = $1', [MEMBER_EMAIL]))[0]!.id;
    adminId = (await sql<{ id: string }>(backend, "select id::text from profiles where email = 'admin@reflect.local'"))[0]!.id;
    await sql(backend, "delete from user_feature_flags where user_id = $1 and feature_key = 'email_campaigns'", [memberId]);
  });
  afterAll(async () => {
    await sql(backend, "delete from user_feature_flags where user_id = $1 and feature_key = 'email_campaigns'", [memberId]);
    await app?.close();
  });

  it('lists every override with its e-mail, equal to SQL', async () => {
    const list = await app.data<FlagOverride[]>('flags.list');
    const [{ n }] = (await sql<{ n: number }>(backend, 'select count(*)::int n from user_feature_flags')) as [{ n: number }];
    expect(list).toHaveLength(n);
    const active = await sql<{ n: number }>(
      backend,
      'select count(*)::int n from user_feature_flags where enabled and (expires_at is null or expires_at > now())',
    );
    expect(filterOverrides(list, { search: '', key: 'all', scope: 'active' }, new Date())).toHaveLength(active[0]!.n);
    expect(list.every((f) => f.email !== null)).toBe(true);
  });

  it('grants (any e-mail case), re-grants as an update, and revokes', async () => {
    const expires = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const first = await app.data<{ id: string }>('flags.grant', {
      email: MEMBER_EMAIL.toUpperCase(),
      featureKey: 'email_campaigns',
      notes: ' Beta ',
      expiresAt: expires,
    });
    let r = await row();
    expect(r).toMatchObject({ enabled: true, notes: 'Beta', granted_by: adminId, n: 1 });
    expect(r!.expires_at!.toISOString()).toBe(expires);

    const again = await app.data<{ id: string }>('flags.grant', { email: MEMBER_EMAIL, featureKey: 'email_campaigns', notes: null, expiresAt: null });
    expect(again.id).toBe(first.id);
    r = await row();
    expect(r).toMatchObject({ enabled: true, notes: null, expires_at: null, n: 1 });

    expect(await app.data('flags.revoke', { userId: memberId, featureKey: 'email_campaigns' })).toEqual({ revoked: true });
    expect((await row())!.enabled).toBe(false);
    expect(await app.data('flags.revoke', { userId: memberId, featureKey: 'email_campaigns' })).toEqual({ revoked: false });

    // Re-granting a revoked key enables the same row again.
    await app.data('flags.grant', { email: MEMBER_EMAIL, featureKey: 'email_campaigns', notes: null, expiresAt: null });
    expect(await row()).toMatchObject({ enabled: true, n: 1 });
  });

  it("answers 'User not found', and the missing-information message for blank input", async () => {
    const missing = await app.call('flags.grant', { email: 'nobody-here@reflect.local', featureKey: 'email_campaigns', notes: null, expiresAt: null });
    expect(missing).toMatchObject({ ok: false, code: 'NOT_FOUND', message: 'User not found' });
    const blank = await app.call('flags.grant', { email: '  ', featureKey: 'email_campaigns' });
    expect(blank).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(JSON.stringify(blank)).toContain('Please provide user email and feature key');
  });

  it('an expired override is listed but not active', async () => {
    await sql(
      backend,
      "update user_feature_flags set expires_at = now() - interval '1 hour', enabled = true where user_id = $1 and feature_key = 'email_campaigns'",
      [memberId],
    );
    const list = await app.data<FlagOverride[]>('flags.list');
    const mine = list.find((f) => f.userId === memberId && f.featureKey === 'email_campaigns');
    expect(mine).toBeDefined();
    expect(filterOverrides(list, { search: MEMBER_EMAIL, key: 'email_campaigns', scope: 'active' }, new Date())).toHaveLength(0);
    expect(filterOverrides(list, { search: MEMBER_EMAIL, key: 'email_campaigns', scope: 'all' }, new Date())).toHaveLength(1);
  });
});
