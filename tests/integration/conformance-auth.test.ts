import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { createClient, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { sql, ADMIN_EMAIL, DEMO_PASSWORD } from '../support/booted.js';
import { startConformanceGateway, linkIn, type ConformanceGateway } from '../support/conformance-gateway.js';
import { HOSTED_AUTH_OPTIONS, HOSTED_RATE_LIMITS } from '../../main/local-backend/gateway/auth/options.js';
import { loadOrCreateSecrets } from '../../main/local-backend/keys.js';

/**
 * What hosted Supabase's /auth/v1 (GoTrue, github.com/supabase/auth internal/api) answers, stated call by call,
 * against the demo gateway with hosted settings. Dated bodies are what supabase-js gets (it sends
 * X-Supabase-Api-Version: 2024-01-01): { code: "<error_code>", message }; without the header GoTrue answers
 * { code: <status>, error_code, msg } (errors.go HandleResponseError).
 */
const backend = sharedBackend();
const DATED = { 'x-supabase-api-version': '2024-01-01' };
const stamp = Date.now().toString(36);
let n = 0;
const newEmail = () => `conf-${stamp}-${++n}@example.com`;

let g: ConformanceGateway;

async function call(method: string, path: string, body?: unknown, opts: { key?: string; bearer?: string; dated?: boolean } = {}) {
  const key = opts.key ?? g.anonKey;
  const res = await fetch(`${g.url}/auth/v1${path}`, {
    method,
    redirect: 'manual',
    headers: {
      apikey: key,
      authorization: `Bearer ${opts.bearer ?? key}`,
      'content-type': 'application/json',
      ...(opts.dated === false ? {} : DATED),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const js = (url: string, key: string) => createClient(url, key, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
const signUp = (email: string, password = 'secret-99', query = '') => call('POST', `/signup${query}`, { email, password, data: { username: 'conf' } });
const signIn = (email: string, password = 'secret-99') => call('POST', '/token?grant_type=password', { email, password });

beforeAll(async () => {
  g = await startConformanceGateway(backend, { rateLimits: false });
});
afterAll(async () => {
  await g?.close();
  await sql(backend, `delete from auth.users where email like $1`, [`conf-${stamp}-%`]);
});

describe('/auth/v1 sign-up with e-mail confirmation (hosted default: MAILER_AUTOCONFIRM off)', () => {
  it('signup.go: answers the user without a session, with confirmation_sent_at and the e-mail identity', async () => {
    const email = newEmail();
    const r = await signUp(email);
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty('access_token');
    expect(r.body).toMatchObject({ email, email_confirmed_at: null, aud: 'authenticated', role: 'authenticated', user_metadata: { username: 'conf' } });
    expect(typeof r.body.confirmation_sent_at).toBe('string');
    const identities = r.body.identities as Array<Record<string, unknown>>;
    expect(identities).toHaveLength(1);
    expect(identities[0]).toMatchObject({ provider: 'email', user_id: r.body.id, identity_data: { email, email_verified: false, sub: r.body.id } });
    // supabase-js reads it as { user, session: null }: the app's "check your e-mail" path.
    const viaJs = await js(g.url, g.anonKey).auth.signUp({ email: newEmail(), password: 'secret-99' });
    expect(viaJs.error).toBeNull();
    expect(viaJs.data.session).toBeNull();
    expect(viaJs.data.user?.email_confirmed_at).toBeFalsy();
  });

  it('e-mails a confirmation link (hosted template "Confirm Your Signup") through the mail sink, honouring redirect_to', async () => {
    const email = newEmail();
    const redirect = 'http://127.0.0.1:5173/welcome';
    expect((await signUp(email, 'secret-99', `?redirect_to=${encodeURIComponent(redirect)}`)).status).toBe(200);
    const mail = g.mails().find((m) => m.to.includes(email));
    expect(mail?.subject).toBe('Confirm Your Signup');
    const link = new URL(linkIn(mail!));
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(redirect);
  });

  it('token.go: an unconfirmed user signing in gets 400 email_not_confirmed (after the password check)', async () => {
    const email = newEmail();
    await signUp(email);
    const dated = await signIn(email);
    expect(dated.status).toBe(400);
    expect(dated.body).toEqual({ code: 'email_not_confirmed', message: 'Email not confirmed' });
    const legacy = await call('POST', '/token?grant_type=password', { email, password: 'secret-99' }, { dated: false });
    expect(legacy.body).toEqual({ code: 400, error_code: 'email_not_confirmed', msg: 'Email not confirmed' });
    // A wrong password stays invalid_credentials: the answer does not reveal that the account exists.
    expect((await signIn(email, 'wrong-password')).body.code).toBe('invalid_credentials');
  });

  it('verify.go: the link confirms and redirects (303) with a session in the fragment; used twice it is otp_expired', async () => {
    const email = newEmail();
    const redirect = 'http://127.0.0.1:5173/welcome';
    await signUp(email, 'secret-99', `?redirect_to=${encodeURIComponent(redirect)}`);
    const link = linkIn(g.mails().find((m) => m.to.includes(email))!);
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const to = new URL(first.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(redirect);
    const fragment = new URLSearchParams(to.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('access_token')).toBeTruthy();
    expect(fragment.get('refresh_token')).toBeTruthy();
    expect((await signIn(email)).status).toBe(200);
    const again = await fetch(link, { redirect: 'manual' });
    const error = new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1));
    expect(error.get('error_code')).toBe('otp_expired');
    expect(error.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('a link to a site outside the allow list falls back to the site URL', async () => {
    const email = newEmail();
    await signUp(email, 'secret-99', `?redirect_to=${encodeURIComponent('https://evil.example.com/x')}`);
    const link = new URL(linkIn(g.mails().find((m) => m.to.includes(email))!));
    expect(link.searchParams.get('redirect_to')).toBe(`${g.url}/auth/v1/site`);
    const page = await fetch(link.searchParams.get('redirect_to')!);
    expect(page.status).toBe(200);
  });

  it('signup.go: a registered, confirmed address gets a made-up user with no identities, and no e-mail', async () => {
    const before = g.mails().length;
    const r = await signUp(ADMIN_EMAIL, 'whatever-1');
    expect(r.status).toBe(200);
    expect(r.body.identities).toEqual([]);
    const [real] = await sql<{ id: string }>(backend, 'select id from auth.users where email = $1', [ADMIN_EMAIL]);
    expect(r.body.id).not.toBe(real?.id);
    expect(g.mails().length).toBe(before);
  });

  it('an unconfirmed address signing up again within 60 s: 429 over_email_send_rate_limit (SMTP max frequency)', async () => {
    const email = newEmail();
    await signUp(email);
    const again = await signUp(email);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('over_email_send_rate_limit');
    expect(again.body.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
  });

  it('with the auto-confirm stack option, sign-up answers a session and a registered address is 422 user_already_exists', async () => {
    const auto = await startConformanceGateway(backend, { rateLimits: false, autoConfirm: true });
    try {
      const email = newEmail();
      const res = await fetch(`${auto.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: auto.anonKey, 'content-type': 'application/json', ...DATED },
        body: JSON.stringify({ email, password: 'secret-99' }),
      });
      const body = (await res.json()) as Record<string, unknown>;
      expect(body.access_token).toBeTruthy();
      const dup = await fetch(`${auto.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: auto.anonKey, 'content-type': 'application/json', ...DATED },
        body: JSON.stringify({ email, password: 'secret-99' }),
      });
      expect(dup.status).toBe(422);
      expect(await dup.json()).toEqual({ code: 'user_already_exists', message: 'User already registered' });
      expect(auto.mails()).toHaveLength(0);
    } finally {
      await auto.close();
    }
  });
});

describe('/auth/v1 error bodies and codes (errorcodes.go)', () => {
  it('weak_password: 422 with weak_password.reasons, read by supabase-js as AuthWeakPasswordError', async () => {
    const r = await signUp(newEmail(), '123');
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ code: 'weak_password', message: 'Password should be at least 6 characters.', weak_password: { reasons: ['length'] } });
    const { error } = await js(g.url, g.anonKey).auth.signUp({ email: newEmail(), password: '123' });
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(isAuthWeakPasswordError(error) && error.reasons).toEqual(['length']);
  });

  it('auth.go: getUser after the user was deleted is 403 user_not_found; after sign-out 403 session_not_found', async () => {
    const email = newEmail();
    await call('POST', '/admin/users', { email, password: 'secret-99', email_confirm: true }, { key: g.serviceRoleKey });
    const session = (await signIn(email)).body;
    const token = session.access_token as string;
    expect((await call('GET', '/user', undefined, { bearer: token })).status).toBe(200);
    const id = (session.user as { id: string }).id;
    expect((await call('DELETE', `/admin/users/${id}`, undefined, { key: g.serviceRoleKey })).body).toEqual({});
    const after = await call('GET', '/user', undefined, { bearer: token });
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('user_not_found');
    const admin = (await signIn(ADMIN_EMAIL, DEMO_PASSWORD)).body;
    await call('POST', '/logout?scope=local', undefined, { bearer: admin.access_token as string });
    const ended = await call('GET', '/user', undefined, { bearer: admin.access_token as string });
    expect([ended.status, ended.body.code]).toEqual([403, 'session_not_found']);
  });

  it('auth.go: a bad, expired or foreign-secret JWT is 403 bad_jwt; an apikey as bearer has no sub (403 bad_jwt)', async () => {
    const { jwtSecret } = loadOrCreateSecrets(backend.dataDir);
    const sign = (secret: string, exp: number | string) =>
      new SignJWT({ sub: '00000000-0000-0000-0000-000000000001', role: 'authenticated', session_id: 'x' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    for (const bearer of [
      'not-a-jwt',
      await sign(jwtSecret, Math.floor(Date.now() / 1000) - 60),
      await sign('another-secret-entirely-xxxxxxxxxx', '1h'),
      g.anonKey,
    ]) {
      const r = await call('GET', '/user', undefined, { bearer });
      expect([r.status, r.body.code], bearer).toEqual([403, 'bad_jwt']);
    }
  });

  it('admin.go: create keeps app_metadata (over provider/providers), confirms with email_confirm, holds the e-mail identity', async () => {
    const email = newEmail();
    const r = await call(
      'POST',
      '/admin/users',
      { email, password: 'secret-99', email_confirm: true, app_metadata: { plan: 'pro' }, user_metadata: { username: 'x' } },
      { key: g.serviceRoleKey },
    );
    expect(r.status).toBe(200);
    expect(r.body.app_metadata).toEqual({ provider: 'email', providers: ['email'], plan: 'pro' });
    expect(r.body.email_confirmed_at).toBeTruthy();
    expect((r.body.identities as unknown[])[0]).toMatchObject({ provider: 'email', identity_data: { email, email_verified: true } });
    expect((await signIn(email)).status).toBe(200);
    // Without email_confirm the user must confirm first, as on a hosted project.
    const unconfirmed = newEmail();
    await call('POST', '/admin/users', { email: unconfirmed, password: 'secret-99' }, { key: g.serviceRoleKey });
    expect((await signIn(unconfirmed)).body.code).toBe('email_not_confirmed');
  });

  it('admin.go: an invalid e-mail is 400 validation_failed; a taken one 422 email_exists', async () => {
    const bad = await call('POST', '/admin/users', { email: 'not-an-email', password: 'secret-99' }, { key: g.serviceRoleKey });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
    const taken = await call('POST', '/admin/users', { email: ADMIN_EMAIL, password: 'secret-99' }, { key: g.serviceRoleKey });
    expect([taken.status, taken.body.code]).toEqual([422, 'email_exists']);
    const gone = await call('DELETE', '/admin/users/00000000-0000-4000-8000-000000000000', undefined, { key: g.serviceRoleKey });
    expect([gone.status, gone.body.code]).toEqual([404, 'user_not_found']);
  });

  it('admin.go loadUser: a user id that is not a UUID is 404 validation_failed "user_id must be an UUID" (GET, PUT, DELETE)', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const r = await call(method, '/admin/users/not-a-uuid', method === 'PUT' ? { user_metadata: {} } : undefined, { key: g.serviceRoleKey });
      expect([r.status, r.body], method).toEqual([404, { code: 'validation_failed', message: 'user_id must be an UUID' }]);
    }
  });

  it('admin.go create validates the address with checkmail\'s pattern: "xx:;x@x.x" is 400 "Unable to validate email address: invalid format"', async () => {
    for (const email of ['xx:;x@x.x', ' padded@example.com', 'a@-x.com']) {
      const r = await call('POST', '/admin/users', { email, password: 'secret-99' }, { key: g.serviceRoleKey });
      expect([r.status, r.body], email).toEqual([400, { code: 'validation_failed', message: 'Unable to validate email address: invalid format' }]);
    }
    const long = await call('POST', '/admin/users', { email: `${'a'.repeat(250)}@x.com`, password: 'secret-99' }, { key: g.serviceRoleKey });
    expect(long.body).toEqual({ code: 'validation_failed', message: 'An email address is too long' });
  });

  it('admin.go create without an e-mail address or a phone is 400 validation_failed (not 422)', async () => {
    const r = await call('POST', '/admin/users', { password: 'secret-99' }, { key: g.serviceRoleKey });
    expect([r.status, r.body]).toEqual([400, { code: 'validation_failed', message: 'Cannot create a user without either an email or phone' }]);
  });

  it('admin.go create does not check password strength: a one-character password is accepted', async () => {
    const email = newEmail();
    const r = await call('POST', '/admin/users', { email, password: 'x', email_confirm: true }, { key: g.serviceRoleKey });
    expect(r.status).toBe(200);
    expect((await signIn(email, 'x')).status).toBe(200);
  });

  it('admin.go paginate: page=0 is 200 with the first page', async () => {
    const first = await call('GET', '/admin/users?page=1&per_page=3', undefined, { key: g.serviceRoleKey });
    const zero = await call('GET', '/admin/users?page=0&per_page=3', undefined, { key: g.serviceRoleKey });
    expect(zero.status).toBe(200);
    expect((zero.body.users as Array<{ id: string }>).map((u) => u.id)).toEqual((first.body.users as Array<{ id: string }>).map((u) => u.id));
    expect(zero.headers.get('x-total-count')).toBe(first.headers.get('x-total-count'));
  });

  it('admin.go paginate: a page that is not an unsigned integer (-1, x) is 400 "Bad Pagination Parameters"', async () => {
    for (const page of ['-1', 'x']) {
      const r = await call('GET', `/admin/users?page=${page}`, undefined, { key: g.serviceRoleKey });
      expect([r.status, r.body], page).toEqual([
        400,
        { code: 'validation_failed', message: `Bad Pagination Parameters: strconv.ParseUint: parsing "${page}": invalid syntax` },
      ]);
    }
  });

  it('admin.go ban_duration: "24h" bans (sign-in 400 user_banned), "none" lifts it, a malformed duration is 400', async () => {
    const email = newEmail();
    const created = await call('POST', '/admin/users', { email, password: 'secret-99', email_confirm: true }, { key: g.serviceRoleKey });
    const id = created.body.id as string;
    const banned = await call('PUT', `/admin/users/${id}`, { ban_duration: '24h' }, { key: g.serviceRoleKey });
    expect(Date.parse(banned.body.banned_until as string) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect((await signIn(email)).body).toEqual({ code: 'user_banned', message: 'User is banned' });
    await call('PUT', `/admin/users/${id}`, { ban_duration: 'none' }, { key: g.serviceRoleKey });
    expect((await signIn(email)).status).toBe(200);
    const bad = await call('PUT', `/admin/users/${id}`, { ban_duration: 'forever' }, { key: g.serviceRoleKey });
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
  });

  it('user.go: an e-mail change through PUT /user waits for links to both addresses (secure e-mail change)', async () => {
    const email = newEmail();
    const target = newEmail();
    await call('POST', '/admin/users', { email, password: 'secret-99', email_confirm: true }, { key: g.serviceRoleKey });
    const token = (await signIn(email)).body.access_token as string;
    const r = await call('PUT', '/user', { email: target }, { bearer: token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ email, new_email: target });
    expect(typeof r.body.email_change_sent_at).toBe('string');
    const mails = g.mails().filter((m) => m.subject === 'Confirm Email Change' && (m.to.includes(email) || m.to.includes(target)));
    expect(mails).toHaveLength(2);
    const first = await fetch(linkIn(mails[0]!), { redirect: 'manual' });
    expect(new URLSearchParams(new URL(first.headers.get('location')!).hash.slice(1)).get('message')).toMatch(/^Confirmation link accepted/);
    expect((await call('GET', '/user', undefined, { bearer: token })).body.email).toBe(email);
    await fetch(linkIn(mails[1]!), { redirect: 'manual' });
    expect((await call('GET', '/user', undefined, { bearer: token })).body.email).toBe(target);
    expect((await signIn(target)).status).toBe(200);
  });
});

describe('/auth/v1 bans, tokens and self-service (auth.go, token.go, user.go, signup.go)', () => {
  const confirmedUser = async () => {
    const email = newEmail();
    const created = await call('POST', '/admin/users', { email, password: 'secret-99', email_confirm: true }, { key: g.serviceRoleKey });
    const session = (await signIn(email)).body;
    return { email, id: created.body.id as string, token: session.access_token as string };
  };
  const signed = async (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(loadOrCreateSecrets(backend.dataDir).jwtSecret));

  it('auth.go: a token whose sub is not a UUID is 400 bad_jwt on GET /user, PUT /user and POST /logout', async () => {
    const bearer = await signed({ sub: 'not-a-uuid', role: 'authenticated', aud: 'authenticated' });
    for (const [method, path] of [
      ['GET', '/user'],
      ['PUT', '/user'],
      ['POST', '/logout'],
    ] as const) {
      const r = await call(method, path, method === 'PUT' ? { data: {} } : undefined, { bearer });
      expect([r.status, r.body], `${method} ${path}`).toEqual([400, { code: 'bad_jwt', message: 'invalid claim: sub claim must be a UUID' }]);
    }
  });

  it('auth.go: an access token issued before a ban is 403 user_banned on GET /user', async () => {
    const { id, token } = await confirmedUser();
    expect((await call('GET', '/user', undefined, { bearer: token })).status).toBe(200);
    await call('PUT', `/admin/users/${id}`, { ban_duration: '1h' }, { key: g.serviceRoleKey });
    const r = await call('GET', '/user', undefined, { bearer: token });
    expect([r.status, r.body]).toEqual([403, { code: 'user_banned', message: 'User is banned' }]);
  });

  it('token.go: a banned user signing in with a wrong password gets user_banned, not invalid_credentials', async () => {
    const { email, id } = await confirmedUser();
    await call('PUT', `/admin/users/${id}`, { ban_duration: '1h' }, { key: g.serviceRoleKey });
    expect(await signIn(email, 'wrong-password')).toMatchObject({ status: 400, body: { code: 'user_banned', message: 'User is banned' } });
  });

  it('user.go: PUT /user with the current password is 422 same_password', async () => {
    const { token } = await confirmedUser();
    const r = await call('PUT', '/user', { password: 'secret-99' }, { bearer: token });
    expect([r.status, r.body]).toEqual([422, { code: 'same_password', message: 'New password should be different from the old password.' }]);
    expect((await call('PUT', '/user', { password: 'secret-100' }, { bearer: token })).status).toBe(200);
  });

  it('user.go: a user updating its own app_metadata is 403 not_admin, and nothing changes', async () => {
    const { token, id } = await confirmedUser();
    const r = await call('PUT', '/user', { app_metadata: { role: 'admin' }, data: { nick: 'x' } }, { bearer: token });
    expect([r.status, r.body]).toEqual([403, { code: 'not_admin', message: 'Updating app_metadata requires admin privileges' }]);
    const after = await call('GET', `/admin/users/${id}`, undefined, { key: g.serviceRoleKey });
    expect(after.body.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(after.body.user_metadata).toEqual({});
  });

  it('user.go: in auto-confirm mode an e-mail change still waits for the links to both addresses', async () => {
    const auto = await startConformanceGateway(backend, { rateLimits: false, autoConfirm: true });
    try {
      const { email, token } = await confirmedUser();
      const target = newEmail();
      const res = await fetch(`${auto.url}/auth/v1/user`, {
        method: 'PUT',
        headers: { apikey: auto.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', ...DATED },
        body: JSON.stringify({ email: target }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ email, new_email: target });
      expect(auto.mails().filter((m) => m.subject === 'Confirm Email Change')).toHaveLength(2);
    } finally {
      await auto.close();
    }
  });

  it('auth.go: a token without a session_id claim is accepted (there is no session to look up)', async () => {
    const { id } = await confirmedUser();
    const r = await call('GET', '/user', undefined, { bearer: await signed({ sub: id, role: 'authenticated', aud: 'authenticated' }) });
    expect([r.status, r.body.id]).toEqual([200, id]);
  });

  it('logout.go: an unknown scope is 400 validation_failed', async () => {
    const { token } = await confirmedUser();
    const r = await call('POST', '/logout?scope=everywhere', undefined, { bearer: token });
    expect([r.status, r.body]).toEqual([400, { code: 'validation_failed', message: 'Unsupported logout scope "everywhere"' }]);
  });

  it('signup.go: a sign-up without a password is 400 validation_failed "Signup requires a valid password"', async () => {
    const r = await call('POST', '/signup', { email: newEmail() });
    expect([r.status, r.body]).toEqual([400, { code: 'validation_failed', message: 'Signup requires a valid password' }]);
  });

  it('signup.go: a sign-up with neither e-mail nor phone is 422 anonymous_provider_disabled', async () => {
    const r = await call('POST', '/signup', { password: 'secret-99' });
    expect([r.status, r.body]).toEqual([422, { code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' }]);
  });
});

describe('/auth/v1 rate limits (hosted defaults, supabase.com/docs/guides/auth/rate-limits)', () => {
  it('states the documented defaults', () => {
    expect(HOSTED_AUTH_OPTIONS).toMatchObject({ autoConfirm: false, emailMaxFrequencySeconds: 60, minPasswordLength: 6 });
    expect(HOSTED_RATE_LIMITS.signInSignUp).toEqual({ burst: 30, perPeriod: 30, periodSeconds: 300 });
    expect(HOSTED_RATE_LIMITS.tokenRefresh).toEqual({ burst: 30, perPeriod: 1800, periodSeconds: 3600 });
    expect(HOSTED_RATE_LIMITS.emailSent).toEqual({ burst: 30, perPeriod: 30, periodSeconds: 3600 });
  });

  it('sign-in: 30 requests per 5 minutes per IP, then 429 over_request_rate_limit with Retry-After', async () => {
    const limited = await startConformanceGateway(backend, {});
    try {
      const attempt = () =>
        fetch(`${limited.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: limited.anonKey, 'content-type': 'application/json', ...DATED },
          body: JSON.stringify({ email: ADMIN_EMAIL, password: 'wrong-password' }),
        });
      for (let i = 0; i < 30; i += 1) expect((await attempt()).status).toBe(400);
      const over = await attempt();
      expect(over.status).toBe(429);
      expect(await over.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(9);
      // supabase-js surfaces it as a 429 AuthApiError with the code.
      const { error } = await js(limited.url, limited.anonKey).auth.signInWithPassword({ email: ADMIN_EMAIL, password: DEMO_PASSWORD });
      expect([error?.status, error?.code]).toEqual([429, 'over_request_rate_limit']);
    } finally {
      await limited.close();
    }
  });

  it('sign-ups share the sign-in bucket; e-mails sent are limited for the whole project (over_email_send_rate_limit)', async () => {
    const limited = await startConformanceGateway(backend, {
      rateLimits: { ...HOSTED_RATE_LIMITS, emailSent: { burst: 2, perPeriod: 2, periodSeconds: 3600 } },
    });
    try {
      const up = (email: string) =>
        fetch(`${limited.url}/auth/v1/signup`, {
          method: 'POST',
          headers: { apikey: limited.anonKey, 'content-type': 'application/json', ...DATED },
          body: JSON.stringify({ email, password: 'secret-99' }),
        });
      expect((await up(newEmail())).status).toBe(200);
      expect((await up(newEmail())).status).toBe(200);
      const third = newEmail();
      const over = await up(third);
      expect(over.status).toBe(429);
      expect(await over.json()).toEqual({ code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(60);
      // No e-mail, no user: GoTrue creates and sends in one transaction.
      expect(await sql(backend, 'select 1 from auth.users where email = $1', [third])).toHaveLength(0);
      expect(limited.mails()).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  it('token refresh: burst of 30 per IP, then 429 over_request_rate_limit', async () => {
    const limited = await startConformanceGateway(backend, {
      rateLimits: { ...HOSTED_RATE_LIMITS, tokenRefresh: { burst: 3, perPeriod: 1800, periodSeconds: 3600 } },
    });
    try {
      const refresh = () =>
        fetch(`${limited.url}/auth/v1/token?grant_type=refresh_token`, {
          method: 'POST',
          headers: { apikey: limited.anonKey, 'content-type': 'application/json', ...DATED },
          body: JSON.stringify({ refresh_token: 'unknown' }),
        });
      for (let i = 0; i < 3; i += 1) expect((await refresh()).status).toBe(400);
      const over = await refresh();
      expect(over.status).toBe(429);
      expect(((await over.json()) as { code: string }).code).toBe('over_request_rate_limit');
      expect(over.headers.get('retry-after')).toBe('2');
    } finally {
      await limited.close();
    }
  });
});
