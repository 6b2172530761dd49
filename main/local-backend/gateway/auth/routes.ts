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
    const found = await store.passwordCheck(deps.db, email, password);
    if (!found) authFail(400, 'invalid_credentials', 'Invalid login credentials');
    // token.go ResourceOwnerPasswordGrant: a ban is told before the password is checked (whatever the password);
    // an unconfirmed address only after it, so that one does not reveal an account.
    if (found.banned) authFail(400, 'user_banned', 'User is banned');
    if (!found.matches) authFail(400, 'invalid_credentials', 'Invalid login credentials');
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
    if (rotated.kind === 'not-found') authFail(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (rotated.kind === 'already-used') authFail(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    const user = await store.findUser(deps.db, rotated.userId);
    if (!user) authFail(400, 'user_not_found', 'User not found');
    if (await store.isBanned(deps.db, user.id)) authFail(400, 'user_banned', 'User is banned');
    sendJson(res, 200, await sessionJson(deps, user, rotated.sessionId, rotated.refreshToken), API_VERSION);
    return;
  }
  authFail(400, 'unsupported_grant_type', 'unsupported_grant_type');
}

/**
 * PUT /user (user.go UserUpdate), in GoTrue's order: the address and password are validated, app_metadata needs
 * an admin (403 not_admin), a taken address is 422 email_exists, the current password again is 422 same_password.
 * A new address is never applied at once, auto-confirm or not (GoTrue confirms only an anonymous user's first
 * address that way): with secure e-mail change (the hosted default) a link goes to the new and to the current
 * address, and the change happens when both were opened; until then the user carries new_email.
 */
async function updateSelf(deps: AuthDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const { userId, user: current } = await requireUser(deps, req);
  const body = await readJson(req);
  const newEmail = body.email !== undefined && body.email !== '' ? validEmail(body.email) : undefined;
  const password = str(body, 'password');
  if (password !== undefined) checkPassword(deps, password);
  // helpers.go isAdmin: the user's own role is the admin group ("admin"), which a signed-up user's never is.
  if (body.app_metadata !== undefined && body.app_metadata !== null && current.role !== 'admin') {
    authFail(403, 'not_admin', 'Updating app_metadata requires admin privileges');
  }
  const changing = newEmail !== undefined && newEmail !== current.email.toLowerCase();
  if (changing && (await store.emailTaken(deps.db, newEmail, userId)))
    authFail(422, 'email_exists', 'A user with this email address has already been registered');
  if (password && (await store.isCurrentPassword(deps.db, userId, password))) {
    authFail(422, 'same_password', 'New password should be different from the old password.');
  }
  let user = await store.updateUser(deps.db, userId, {
    ...(password ? { password } : {}),
    ...(metadata(body, 'data') ? { userMetadata: metadata(body, 'data') } : {}),
    ...(metadata(body, 'app_metadata') ? { appMetadata: metadata(body, 'app_metadata') } : {}),
  });
  if (!user) authFail(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (changing) {
    if (user.email_change_sent_at) {
      const left = Math.ceil(deps.options.emailMaxFrequencySeconds - (Date.now() - Date.parse(user.email_change_sent_at)) / 1000);
      if (left > 0)
        authFail(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${left} seconds.`, { retryAfterSeconds: left });
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

/** POST /logout (logout.go), after the same checks as GET /user; without a session in the token it is global. */
async function logout(deps: AuthDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const { userId, sessionId } = await requireUser(deps, req);
  const scope = url.searchParams.get('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(scope)) authFail(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
  await store.endSessions(deps.db, userId, sessionId, scope || 'global');
  res.writeHead(204, API_VERSION);
  res.end();
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
  if (path === '/logout' && req.method === 'POST') return logout(deps, req, res, url);
  if (path === '/health' || path === '/settings') {
    await caller(deps, req); // as on Supabase, even these need a valid apikey
    return sendJson(res, 200, { name: 'reflect-local-auth', external: { email: true }, mailer_autoconfirm: deps.options.autoConfirm, disable_signup: false });
  }
  const admin = /^\/admin\/users(?:\/([^/]+))?$/.exec(path);
  if (admin) return adminUsers(deps, req, res, admin[1], url);
  authFail(404, 'not_found', 'Not found');
}
