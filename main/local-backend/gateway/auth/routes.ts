import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendJson, str } from '../http.js';
import { adminUsers } from './admin.js';
import { allowedRedirect, API_VERSION, caller, checkPassword, metadata, requireUser, sessionJson, validEmail, type AuthDeps } from './context.js';
import { authFail } from './errors.js';
import { sendEmailChange, verifyLink } from './mail.js';
import { signup, sitePage, verifyGet } from './signup.js';
import * as store from './store.js';
import { hashToken, newLinkToken } from './user-json.js';

export { AuthLimiter, type AuthDeps } from './context.js';

/**
 * The GoTrue endpoints the app and supabase-js use, answering as hosted Supabase does (supabase/auth
 * internal/api: token.go, signup.go, verify.go, user.go, admin.go, logout.go), each with its rate limit.
 */
async function token(deps: AuthDeps, req: IncomingMessage, res: ServerResponse, grant: string | null): Promise<void> {
  await caller(deps, req); // the apikey must be ours
  if (grant === 'password') {
    deps.limiter.take('signInSignUp', req);
    const body = await readJson(req);
    const email = str(body, 'email');
    const password = str(body, 'password');
    if (!email || !password) authFail(400, 'validation_failed', 'missing email or phone');
    const found = await store.checkPassword(deps.db, email, password);
    if (!found) authFail(400, 'invalid_credentials', 'Invalid login credentials');
    // token.go ResourceOwnerPasswordGrant: checked after the password, so neither reveals an account.
    if (found.banned) authFail(400, 'user_banned', 'User is banned');
    if (!found.user.email_confirmed_at) authFail(400, 'email_not_confirmed', 'Email not confirmed');
    const user = await store.touchSignIn(deps.db, found.user.id);
    const { sessionId, refreshToken } = await store.createSession(deps.db, user.id);
    sendJson(res, 200, await sessionJson(deps, user, sessionId, refreshToken), API_VERSION);
    return;
  }
  if (grant === 'refresh_token') {
    deps.limiter.take('tokenRefresh', req);
    const body = await readJson(req);
    const refresh = str(body, 'refresh_token');
    if (!refresh) authFail(400, 'validation_failed', 'refresh_token required');
    const rotated = await store.rotateRefreshToken(deps.db, refresh);
    if (!rotated) authFail(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await store.findUser(deps.db, rotated.userId);
    if (!user) authFail(400, 'user_not_found', 'User not found');
    if (await store.isBanned(deps.db, user.id)) authFail(400, 'user_banned', 'User is banned');
    sendJson(res, 200, await sessionJson(deps, user, rotated.sessionId, rotated.refreshToken), API_VERSION);
    return;
  }
  authFail(400, 'unsupported_grant_type', 'unsupported_grant_type');
}

/**
 * PUT /user (user.go UserUpdate). A new e-mail address is not applied at once: with secure e-mail change (the
 * hosted default) a link goes to the new and to the current address, and the change happens when both were
 * opened; until then the user carries new_email.
 */
async function updateSelf(deps: AuthDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const { userId, user: current } = await requireUser(deps, req);
  const body = await readJson(req);
  const password = str(body, 'password');
  if (password !== undefined) checkPassword(deps, password);
  const newEmail = body.email !== undefined && body.email !== '' ? validEmail(body.email) : undefined;
  const changing = newEmail !== undefined && newEmail !== current.email.toLowerCase();
  if (changing && (await store.emailTaken(deps.db, newEmail, userId))) authFail(422, 'email_exists', 'A user with this email address has already been registered');
  let user = await store.updateUser(deps.db, userId, {
    ...(password ? { password } : {}),
    ...(metadata(body, 'data') ? { userMetadata: metadata(body, 'data') } : {}),
    ...(changing && deps.options.autoConfirm ? { email: newEmail } : {}),
  });
  if (!user) authFail(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (changing && !deps.options.autoConfirm) {
    if (user.email_change_sent_at) {
      const left = Math.ceil(deps.options.emailMaxFrequencySeconds - (Date.now() - Date.parse(user.email_change_sent_at)) / 1000);
      if (left > 0) authFail(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${left} seconds.`, { retryAfterSeconds: left });
    }
    deps.limiter.take('emailSent', req);
    const redirectTo = allowedRedirect(deps, url.searchParams.get('redirect_to'));
    const tokenNew = newLinkToken();
    const tokenCurrent = newLinkToken();
    await sendEmailChange(deps.mail, newEmail, user.email, newEmail, verifyLink(deps.authUrl(), tokenNew, 'email_change', redirectTo));
    await sendEmailChange(deps.mail, user.email, user.email, newEmail, verifyLink(deps.authUrl(), tokenCurrent, 'email_change', redirectTo));
    user = await store.startEmailChange(deps.db, userId, newEmail, hashToken(tokenNew), hashToken(tokenCurrent));
  }
  sendJson(res, 200, user, API_VERSION);
}

export async function handleAuth(deps: AuthDeps, req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
  if (path === '/token' && req.method === 'POST') return token(deps, req, res, url.searchParams.get('grant_type'));
  if (path === '/signup' && req.method === 'POST') return signup(deps, req, res, url);
  if (path === '/verify' && req.method === 'GET') return verifyGet(deps, req, res, url);
  if (path === '/site' && req.method === 'GET') return sitePage(res);
  if (path === '/user' && req.method === 'GET') {
    const { user } = await requireUser(deps, req);
    return sendJson(res, 200, user, API_VERSION);
  }
  if (path === '/user' && req.method === 'PUT') return updateSelf(deps, req, res, url);
  if (path === '/logout' && req.method === 'POST') {
    const c = await caller(deps, req);
    if (c.role === 'authenticated' && c.userId) {
      await store.endSessions(deps.db, c.userId, c.sessionId, url.searchParams.get('scope') ?? 'global');
    }
    res.writeHead(204, API_VERSION);
    res.end();
    return;
  }
  if (path === '/health' || path === '/settings') {
    await caller(deps, req); // as on Supabase, even these need a valid apikey
    return sendJson(res, 200, { name: 'reflect-local-auth', external: { email: true }, mailer_autoconfirm: deps.options.autoConfirm, disable_signup: false });
  }
  const admin = /^\/admin\/users(?:\/([^/]+))?$/.exec(path);
  if (admin) return adminUsers(deps, req, res, admin[1], url);
  authFail(404, 'not_found', 'Not found');
}
