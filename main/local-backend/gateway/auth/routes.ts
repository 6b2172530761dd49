import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { signAccessToken, ACCESS_TOKEN_SECONDS } from '../../keys.js';
import { identify, type Caller } from '../caller.js';
import { HttpError, readJson, sendJson, str } from '../http.js';
import * as store from './store.js';

/**
 * The GoTrue endpoints supabase-js uses: password sign-in, refresh, sign-up (auto-confirmed, as a local stand-in
 * has no mailbox), user, sign-out, and the admin user endpoints (service role only).
 */
export interface AuthDeps {
  readonly db: pg.Pool;
  readonly jwtSecret: string;
}

const API_VERSION = { 'x-supabase-api-version': '2024-01-01' };
const MIN_PASSWORD = 6;

function fail(status: number, code: string, msg: string): never {
  throw new HttpError(status, code, msg);
}

async function sessionJson(deps: AuthDeps, user: store.AuthUserJson, sessionId: string, refreshToken: string) {
  const { token, expiresAt } = await signAccessToken(deps.jwtSecret, {
    sub: user.id,
    email: user.email,
    sessionId,
    appMetadata: user.app_metadata,
    userMetadata: user.user_metadata,
  });
  return { access_token: token, token_type: 'bearer', expires_in: ACCESS_TOKEN_SECONDS, expires_at: expiresAt, refresh_token: refreshToken, user };
}

async function requireUser(deps: AuthDeps, req: IncomingMessage): Promise<Caller & { userId: string }> {
  const caller = await identify(req, deps.jwtSecret);
  if (caller.role !== 'authenticated' || !caller.userId) fail(401, 'no_authorization', 'This endpoint requires a signed-in user.');
  if (!caller.sessionId || !(await store.sessionExists(deps.db, caller.sessionId))) {
    fail(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return caller as Caller & { userId: string };
}

async function requireServiceRole(deps: AuthDeps, req: IncomingMessage): Promise<void> {
  const caller = await identify(req, deps.jwtSecret);
  if (caller.role !== 'service_role') fail(403, 'not_admin', 'User not allowed');
}

function metadata(body: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const v = body[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

async function token(deps: AuthDeps, req: IncomingMessage, res: ServerResponse, grant: string | null): Promise<void> {
  await identify(req, deps.jwtSecret); // the apikey must be ours
  const body = await readJson(req);
  if (grant === 'password') {
    const email = str(body, 'email');
    const password = str(body, 'password');
    if (!email || !password) fail(400, 'validation_failed', 'missing email or phone');
    const user = await store.checkPassword(deps.db, email, password);
    if (!user) fail(400, 'invalid_credentials', 'Invalid login credentials');
    const { sessionId, refreshToken } = await store.createSession(deps.db, user.id);
    sendJson(res, 200, await sessionJson(deps, user, sessionId, refreshToken), API_VERSION);
    return;
  }
  if (grant === 'refresh_token') {
    const refresh = str(body, 'refresh_token');
    if (!refresh) fail(400, 'validation_failed', 'refresh_token required');
    const rotated = await store.rotateRefreshToken(deps.db, refresh);
    if (!rotated) fail(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await store.findUser(deps.db, rotated.userId);
    if (!user) fail(400, 'user_not_found', 'User not found');
    sendJson(res, 200, await sessionJson(deps, user, rotated.sessionId, rotated.refreshToken), API_VERSION);
    return;
  }
  fail(400, 'unsupported_grant_type', 'unsupported_grant_type');
}

async function signup(deps: AuthDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  await identify(req, deps.jwtSecret);
  const body = await readJson(req);
  const email = str(body, 'email')?.trim();
  const password = str(body, 'password');
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(400, 'validation_failed', 'Unable to validate email address: invalid format');
  if (!password || password.length < MIN_PASSWORD) {
    fail(422, 'weak_password', `Password should be at least ${MIN_PASSWORD} characters.`);
  }
  if (await store.emailTaken(deps.db, email)) fail(422, 'user_already_exists', 'User already registered');
  const user = await store.insertUser(deps.db, { email, password, userMetadata: metadata(body, 'data') ?? {}, confirmed: true, signedIn: true });
  const { sessionId, refreshToken } = await store.createSession(deps.db, user.id);
  sendJson(res, 200, await sessionJson(deps, user, sessionId, refreshToken), API_VERSION);
}

async function adminUsers(deps: AuthDeps, req: IncomingMessage, res: ServerResponse, id: string | undefined, url: URL): Promise<void> {
  await requireServiceRole(deps, req);
  if (id !== undefined && !/^[0-9a-f-]{36}$/i.test(id)) fail(404, 'user_not_found', 'User not found');
  if (req.method === 'GET' && !id) {
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
    const perPage = Math.min(1000, Math.max(1, Number(url.searchParams.get('per_page')) || 50));
    const { users, total } = await store.listUsers(deps.db, page, perPage);
    const last = Math.max(1, Math.ceil(total / perPage));
    const links = [`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`];
    if (page < last) links.unshift(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    sendJson(res, 200, { users, aud: 'authenticated' }, { ...API_VERSION, 'x-total-count': String(total), link: links.join(', ') });
    return;
  }
  if (req.method === 'POST' && !id) {
    const body = await readJson(req);
    const email = str(body, 'email');
    const password = str(body, 'password') ?? cryptoRandomPassword();
    if (!email) fail(400, 'validation_failed', 'Unable to validate email address: invalid format');
    if (await store.emailTaken(deps.db, email)) fail(422, 'email_exists', 'A user with this email address has already been registered');
    const user = await store.insertUser(deps.db, {
      email,
      password,
      userMetadata: metadata(body, 'user_metadata') ?? {},
      confirmed: body.email_confirm === true,
      signedIn: false,
    });
    sendJson(res, 200, user, API_VERSION);
    return;
  }
  if (!id) fail(405, 'method_not_allowed', 'Method not allowed');
  if (req.method === 'GET') {
    const user = await store.findUser(deps.db, id);
    if (!user) fail(404, 'user_not_found', 'User not found');
    sendJson(res, 200, user, API_VERSION);
    return;
  }
  if (req.method === 'PUT') {
    const body = await readJson(req);
    const user = await store.updateUser(deps.db, id, {
      ...(str(body, 'email') ? { email: str(body, 'email') } : {}),
      ...(str(body, 'password') ? { password: str(body, 'password') } : {}),
      ...(metadata(body, 'user_metadata') ? { userMetadata: metadata(body, 'user_metadata') } : {}),
      ...(metadata(body, 'app_metadata') ? { appMetadata: metadata(body, 'app_metadata') } : {}),
      confirm: body.email_confirm === true,
    });
    if (!user) fail(404, 'user_not_found', 'User not found');
    sendJson(res, 200, user, API_VERSION);
    return;
  }
  if (req.method === 'DELETE') {
    const user = await store.findUser(deps.db, id);
    if (!user || !(await store.deleteUser(deps.db, id))) fail(404, 'user_not_found', 'User not found');
    sendJson(res, 200, user, API_VERSION);
    return;
  }
  fail(405, 'method_not_allowed', 'Method not allowed');
}

function cryptoRandomPassword(): string {
  return globalThis.crypto.randomUUID();
}

export async function handleAuth(deps: AuthDeps, req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
  if (path === '/token' && req.method === 'POST') return token(deps, req, res, url.searchParams.get('grant_type'));
  if (path === '/signup' && req.method === 'POST') return signup(deps, req, res);
  if (path === '/user' && req.method === 'GET') {
    const caller = await requireUser(deps, req);
    const user = await store.findUser(deps.db, caller.userId);
    if (!user) fail(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return sendJson(res, 200, user, API_VERSION);
  }
  if (path === '/user' && req.method === 'PUT') {
    const caller = await requireUser(deps, req);
    const body = await readJson(req);
    const password = str(body, 'password');
    if (password !== undefined && password.length < MIN_PASSWORD) fail(422, 'weak_password', `Password should be at least ${MIN_PASSWORD} characters.`);
    const user = await store.updateUser(deps.db, caller.userId, {
      ...(password ? { password } : {}),
      ...(metadata(body, 'data') ? { userMetadata: metadata(body, 'data') } : {}),
    });
    if (!user) fail(404, 'user_not_found', 'User not found');
    return sendJson(res, 200, user, API_VERSION);
  }
  if (path === '/logout' && req.method === 'POST') {
    const caller = await identify(req, deps.jwtSecret);
    if (caller.role === 'authenticated' && caller.userId) {
      await store.endSessions(deps.db, caller.userId, caller.sessionId, url.searchParams.get('scope') ?? 'global');
    }
    res.writeHead(204, API_VERSION);
    res.end();
    return;
  }
  if (path === '/health' || path === '/settings') {
    await identify(req, deps.jwtSecret); // as on Supabase, even these need a valid apikey
    return sendJson(res, 200, { name: 'reflect-local-auth', external: { email: true }, mailer_autoconfirm: true, disable_signup: false });
  }
  const admin = /^\/admin\/users(?:\/([^/]+))?$/.exec(path);
  if (admin) return adminUsers(deps, req, res, admin[1], url);
  fail(404, 'not_found', 'Not found');
}
