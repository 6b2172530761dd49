import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendJson, str } from '../http.js';
import { allowedRedirect, API_VERSION, caller, checkPassword, metadata, sessionJson, validEmail, type AuthDeps } from './context.js';
import { authFail } from './errors.js';
import { sendConfirmation, verifyLink } from './mail.js';
import * as store from './store.js';
import { hashToken, newLinkToken, obfuscatedUser } from './user-json.js';

/** "For security purposes, you can only request this after N seconds." (GoTrue SMTP_MAX_FREQUENCY). */
function checkFrequency(deps: AuthDeps, sentAt: string | undefined): void {
  if (!sentAt) return;
  const left = Math.ceil(deps.options.emailMaxFrequencySeconds - (Date.now() - Date.parse(sentAt)) / 1000);
  if (left > 0)
    authFail(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${left} seconds.`, { retryAfterSeconds: left });
}

/** Sends a new confirmation link for an unconfirmed user and records it (signup.go sendConfirmation). */
async function confirmationMail(deps: AuthDeps, req: IncomingMessage, user: store.AuthUserJson, redirectTo: string): Promise<store.AuthUserJson> {
  checkFrequency(deps, user.confirmation_sent_at);
  deps.limiter.take('emailSent', req);
  const token = newLinkToken();
  await sendConfirmation(deps.mail, user.email, verifyLink(deps.authUrl(), token, 'signup', redirectTo));
  return store.setConfirmationToken(deps.db, user.id, hashToken(token));
}

/**
 * POST /signup (signup.go). Confirmation required (the hosted default): the answer is the user, without a
 * session, and a confirmation link goes out by e-mail. An unconfirmed address signing up again gets a new link;
 * a confirmed one gets a made-up user (no identities) so the answer reveals nothing. With auto-confirm the answer
 * is a session, and a registered address is 422 user_already_exists.
 */
export async function signup(deps: AuthDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  await caller(deps, req);
  const body = await readJson(req);
  const given = str(body, 'email') ?? '';
  const phone = str(body, 'phone') ?? '';
  // api.go: neither address nor phone asks for an anonymous sign-in, off on hosted projects by default.
  if (!given && !phone) authFail(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  deps.limiter.take('signInSignUp', req);
  // signup.go validateSignupParams, then the provider (the demo, like a hosted default, has no phone provider).
  const password = str(body, 'password') ?? '';
  if (!password) authFail(400, 'validation_failed', 'Signup requires a valid password');
  checkPassword(deps, password);
  if (given && phone) authFail(400, 'validation_failed', 'Only an email address or phone number should be provided on signup.');
  if (!given) authFail(400, 'phone_provider_disabled', 'Phone signups are disabled');
  const email = validEmail(given);
  const data = metadata(body, 'data') ?? {};
  // supabase-js sends emailRedirectTo as the redirect_to query parameter.
  const redirectTo = allowedRedirect(deps, url.searchParams.get('redirect_to'));
  const existing = await store.findUserByEmail(deps.db, email);
  if (deps.options.autoConfirm) {
    if (existing) authFail(422, 'user_already_exists', 'User already registered');
    const user = await store.insertUser(deps.db, { email, password, userMetadata: data, confirmed: true, signedIn: true });
    const { sessionId, refreshToken } = await store.createSession(deps.db, user.id);
    sendJson(res, 200, await sessionJson(deps, user, sessionId, refreshToken), API_VERSION);
    return;
  }
  if (existing?.email_confirmed_at) {
    sendJson(res, 200, obfuscatedUser(email, data), API_VERSION);
    return;
  }
  const user = existing ?? (await store.insertUser(deps.db, { email, password, userMetadata: data, confirmed: false, signedIn: false }));
  try {
    sendJson(res, 200, await confirmationMail(deps, req, user, redirectTo), API_VERSION);
  } catch (err) {
    // GoTrue creates the user and sends in one transaction: no mail, no new user.
    if (!existing) await store.deleteUser(deps.db, user.id);
    throw err;
  }
}

const LINK_INVALID = { error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' };

function redirect(res: ServerResponse, to: string, fragment: Record<string, string>): void {
  res.writeHead(303, { location: `${to.split('#')[0]}#${new URLSearchParams(fragment).toString()}` });
  res.end();
}

/** GET /verify (verify.go): the e-mailed link. Confirms, then redirects with a session (or the error) in the hash. */
export async function verifyGet(deps: AuthDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  deps.limiter.take('verify', req);
  const type = url.searchParams.get('type');
  const token = url.searchParams.get('token') ?? '';
  const to = allowedRedirect(deps, url.searchParams.get('redirect_to'));
  if (type !== 'signup' && type !== 'email_change') authFail(400, 'validation_failed', 'Verify requires a verification type');
  if (!token) authFail(400, 'validation_failed', 'Verify requires a token or a token hash');
  if (type === 'email_change') {
    const changed = await store.verifyEmailChange(deps.db, hashToken(token), deps.options.linkExpirySeconds);
    if (!changed) return redirect(res, to, LINK_INVALID);
    if (changed.outcome === 'accepted') {
      return redirect(res, to, { message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email' });
    }
    return redirect(res, to, await sessionFragment(deps, changed.user, 'email_change'));
  }
  const user = await store.confirmByToken(deps.db, hashToken(token), deps.options.linkExpirySeconds);
  if (!user) return redirect(res, to, LINK_INVALID);
  redirect(res, to, await sessionFragment(deps, user, 'signup'));
}

async function sessionFragment(deps: AuthDeps, user: store.AuthUserJson, type: string): Promise<Record<string, string>> {
  const { sessionId, refreshToken } = await store.createSession(deps.db, user.id);
  const s = await sessionJson(deps, await store.touchSignIn(deps.db, user.id), sessionId, refreshToken);
  return {
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    refresh_token: s.refresh_token,
    token_type: 'bearer',
    type,
  };
}

/** The demo's site URL: where a link lands when the sign-up gave no redirect on this computer. */
export function sitePage(res: ServerResponse): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reflect demo backend</title></head><body>
<main><h1>Reflect demo backend</h1><p id="m">The link was processed. Return to Reflect Admin and sign in.</p></main>
<script>const p=new URLSearchParams(location.hash.slice(1));const e=p.get('error_description');if(e)document.getElementById('m').textContent=e;else if(p.get('message'))document.getElementById('m').textContent=p.get('message');else if(p.get('type'))document.getElementById('m').textContent='Your e-mail address is confirmed. Return to Reflect Admin and sign in.';</script>
</body></html>`;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
  res.end(html);
}
