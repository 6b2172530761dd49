import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { SignJWT } from 'jose';
import { bootTestApp, sql, ADMIN_EMAIL, MEMBER_EMAIL, DEMO_PASSWORD, type TestApp } from '../support/booted.js';
import { AUTH_STORAGE_KEY } from '../../main/core/session-storage.js';
import { ACCESS_DENIED_TEXT } from '../../shared/rules/auth/access.js';

const backend = sharedBackend();
const jwtSecret = (JSON.parse(fs.readFileSync(path.join(backend.dataDir, 'stack-secrets.json'), 'utf8')) as { jwtSecret: string }).jwtSecret;
const client = (key: string) => createClient(backend.url, key, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });

async function sign(claims: Record<string, unknown>, secret = jwtSecret, exp: number | string = '1h') {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(exp).sign(new TextEncoder().encode(secret));
}

describe('gateway auth (GoTrue-compatible)', () => {
  it('signs in, refuses a wrong password with the server message, refreshes and signs out', async () => {
    const sb = client(backend.anonKey);
    const bad = await sb.auth.signInWithPassword({ email: ADMIN_EMAIL, password: 'nope-nope' });
    expect(bad.error?.message).toBe('Invalid login credentials');
    const { data, error } = await sb.auth.signInWithPassword({ email: ADMIN_EMAIL, password: DEMO_PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(ADMIN_EMAIL);
    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.data.session?.access_token).toBeTruthy();
    expect(refreshed.data.session?.refresh_token).not.toBe(data.session?.refresh_token);
    const token = refreshed.data.session?.access_token as string;
    await sb.auth.signOut();
    const after = await fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.anonKey, authorization: `Bearer ${token}` } });
    expect(after.status).toBe(403);
  });

  it('refresh tokens follow GoTrue: a lost reply retried gets the active token; a reuse after 10 s revokes the session', async () => {
    const refresh = async (token: string) => {
      const res = await fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: token }),
      });
      return { status: res.status, body: (await res.json()) as { refresh_token?: string; error_code?: string; msg?: string } };
    };
    const { data } = await client(backend.anonKey).auth.signInWithPassword({ email: MEMBER_EMAIL, password: DEMO_PASSWORD });
    const first = data.session!.refresh_token;
    const second = (await refresh(first)).body.refresh_token!;
    expect(second).not.toBe(first);
    // The reply of that refresh was lost: the client sends the same token again and gets the active one, no new token.
    expect((await refresh(first)).body.refresh_token).toBe(second);
    const third = (await refresh(second)).body.refresh_token!;
    // Within 10 s of its revocation, a token that is no longer the active one's parent still refreshes.
    expect((await refresh(first)).status).toBe(200);
    // Later, a token that is not the active one's parent is a reuse: refused, and every token of the session revoked.
    await sql(backend, "update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1", [second]);
    expect(await refresh(second)).toMatchObject({
      status: 400,
      body: { error_code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' },
    });
    const live = await sql<{ n: number }>(
      backend,
      'select count(*)::int n from auth.refresh_tokens where not revoked and session_id = (select session_id from auth.refresh_tokens where token = $1)',
      [third],
    );
    expect(live[0]!.n).toBe(0);
    expect((await refresh('never-issued')).body).toMatchObject({ error_code: 'refresh_token_not_found' });
  });

  it('refuses expired, tampered and foreign-secret tokens at auth and at the REST API', async () => {
    const expired = await sign(
      { sub: '00000000-0000-0000-0000-000000000001', role: 'authenticated', session_id: 'x' },
      jwtSecret,
      Math.floor(Date.now() / 1000) - 60,
    );
    const foreign = await sign({ sub: '00000000-0000-0000-0000-000000000001', role: 'service_role' }, 'another-secret-entirely-xxxxxxxxxxxx');
    const [h, p, s] = backend.anonKey.split('.');
    const elevated = `${h}.${Buffer.from(JSON.stringify({ role: 'service_role', iss: 'reflect-local' })).toString('base64url')}.${s}`;
    for (const token of [expired, foreign, elevated]) {
      const user = await fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.anonKey, authorization: `Bearer ${token}` } });
      // GoTrue answers an unusable JWT with 403 bad_jwt (auth.go parseJWTClaims); PostgREST with 401.
      expect(user.status, token).toBe(403);
      expect(((await user.json()) as { error_code: string }).error_code).toBe('bad_jwt');
      const rest = await fetch(`${backend.url}/rest/v1/admin_settings?select=key`, { headers: { apikey: backend.anonKey, authorization: `Bearer ${token}` } });
      expect(rest.status, token).toBe(401);
    }
    expect(p).toBeTruthy();
  });

  it('keeps the admin user endpoints to the service role', async () => {
    const anon = await fetch(`${backend.url}/auth/v1/admin/users`, { headers: { apikey: backend.anonKey } });
    expect(anon.status).toBe(403);
    const { data, error } = await client(backend.serviceRoleKey).auth.admin.listUsers({ page: 1, perPage: 5 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(5);
  });

  it('caps every REST answer at 1,000 rows, as hosted Supabase does', async () => {
    const { data, count } = await client(backend.serviceRoleKey).from('chat_messages').select('id', { count: 'exact' });
    expect(count).toBeGreaterThan(1000);
    expect(data).toHaveLength(1000);
  });
});

describe('the router re-checks the admin role with the server (A1)', () => {
  let app: TestApp;
  beforeAll(() => {
    app = bootTestApp(backend);
  });
  afterAll(async () => app?.close());

  const stored = async () => {
    const conn = await app.services.connections.current();
    return { conn, raw: JSON.parse(conn.sessionStorage.getItem(AUTH_STORAGE_KEY) ?? '{}') as Record<string, unknown> };
  };

  it('admits the demo admin', async () => {
    await app.signIn();
    expect(await app.call('dashboard.demoPassword')).toMatchObject({ ok: true });
  });

  it('refuses a signed-in user without the role, whatever their metadata says', async () => {
    await sql(
      backend,
      `update auth.users set raw_user_meta_data = raw_user_meta_data || '{"role":"admin","is_admin":true}', raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}' where email = $1`,
      [MEMBER_EMAIL],
    );
    try {
      await app.signIn(MEMBER_EMAIL);
      expect(await app.call('dashboard.overview')).toEqual({ ok: false, code: 'FORBIDDEN', message: ACCESS_DENIED_TEXT });
      const session = await app.data<{ roles: string[] }>('auth.getSession');
      expect(session.roles).toEqual([]);
    } finally {
      await sql(
        backend,
        `update auth.users set raw_user_meta_data = raw_user_meta_data - 'role' - 'is_admin', raw_app_meta_data = raw_app_meta_data - 'role' where email = $1`,
        [MEMBER_EMAIL],
      );
    }
  });

  it('refuses a tampered session token and signs out locally', async () => {
    await app.signIn();
    const { conn, raw } = await stored();
    const member = (await sql<{ id: string }>(backend, 'select id from auth.users where email = $1', [MEMBER_EMAIL]))[0]?.id;
    const [h, p, s] = String(raw.access_token).split('.');
    const payload = JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: member })).toString('base64url')}.${s}`;
    conn.sessionStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ ...raw, access_token: forged }));
    expect(await app.call('dashboard.overview')).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
    expect(await app.data('auth.getSession')).toBeNull();
  });

  it('refuses an expired token whose refresh is no longer valid', async () => {
    await app.signIn();
    const { conn, raw } = await stored();
    const payload = JSON.parse(Buffer.from(String(raw.access_token).split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    const past = Math.floor(Date.now() / 1000) - 120;
    const expired = await sign({ ...payload, exp: undefined, iat: undefined }, jwtSecret, past);
    conn.sessionStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ ...raw, access_token: expired, expires_at: past, refresh_token: 'revoked-or-unknown' }));
    expect(await app.call('dashboard.overview')).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
  });

  it('records sign-up metadata: username, accepted_terms as a timestamp or null, terms_version', async () => {
    const email = `signup-${Date.now()}@example.com`;
    // Confirmation required, as on a hosted project: no session until the e-mailed link is opened.
    const accepted = await app.data('auth.signUp', { email, password: 'secret-99', username: 'newbie', acceptedTerms: true, termsVersion: '2025-01-15' });
    expect(accepted).toEqual({ session: null, confirmationRequired: true });
    const email2 = `signup2-${Date.now()}@example.com`;
    await app.data('auth.signUp', { email: email2, password: 'secret-99', username: 'declined', acceptedTerms: false, termsVersion: '2025-01-15' });
    const rows = await sql<{ email: string; username: string; accepted_terms: Date | null; terms_version: string }>(
      backend,
      'select email, username, accepted_terms, terms_version from profiles where email = any($1) order by email desc',
      [[email, email2]],
    );
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.email === email)).toMatchObject({ username: 'newbie', terms_version: '2025-01-15' });
    expect(rows.find((r) => r.email === email)?.accepted_terms).toBeInstanceOf(Date);
    expect(rows.find((r) => r.email === email2)?.accepted_terms).toBeNull();
    await sql(backend, 'delete from auth.users where email = any($1)', [[email, email2]]);
  });

  it('signs out once even when asked twice at the same moment', async () => {
    await app.signIn();
    const [a, b] = await Promise.all([app.call('auth.signOut'), app.call('auth.signOut')]);
    expect(a).toEqual({ ok: true, data: { signedOut: true } });
    expect(b).toEqual(a);
    expect(await app.call('auth.signOut')).toEqual({ ok: true, data: { signedOut: false } });
    expect(await app.data('auth.getSession')).toBeNull();
  });
});
