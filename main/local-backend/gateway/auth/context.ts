import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { signAccessToken, ACCESS_TOKEN_SECONDS } from '../../keys.js';
import { identify, type Caller } from '../caller.js';
import { HttpError } from '../http.js';
import { goUuid } from '../uuid.js';
import type { MailTarget } from '../functions.js';
import { authFail } from './errors.js';
import type { AuthOptions, RateLimits } from './options.js';
import { TokenBuckets } from './rate-limit.js';
import * as store from './store.js';

export interface AuthDeps {
  readonly db: pg.Pool;
  readonly jwtSecret: string;
  readonly options: AuthOptions;
  readonly mail?: MailTarget;
  /** This gateway's /auth/v1 address, for the links in e-mails. */
  readonly authUrl: () => string;
  readonly limiter: AuthLimiter;
}

export const API_VERSION = { 'x-supabase-api-version': '2024-01-01' };

type LimitKind = keyof RateLimits;

/** The hosted limits, each answering 429 with GoTrue's code and message (api.go limitHandler, mailer). */
export class AuthLimiter {
  private readonly buckets: Partial<Record<LimitKind, TokenBuckets>> = {};

  constructor(limits: RateLimits | false, now?: () => number) {
    if (!limits) return;
    for (const kind of Object.keys(limits) as LimitKind[]) this.buckets[kind] = new TokenBuckets(limits[kind], now);
  }

  take(kind: LimitKind, req: IncomingMessage): void {
    // GoTrue limits per client IP; e-mails for the whole project (the key "email_functions").
    const key = kind === 'emailSent' ? 'email_functions' : (req.socket.remoteAddress ?? 'unknown');
    const wait = this.buckets[kind]?.take(key);
    if (wait === undefined) return;
    if (kind === 'emailSent') authFail(429, 'over_email_send_rate_limit', 'email rate limit exceeded', { retryAfterSeconds: wait });
    authFail(429, 'over_request_rate_limit', 'Request rate limit reached', { retryAfterSeconds: wait });
  }
}

export async function sessionJson(deps: AuthDeps, user: store.AuthUserJson, sessionId: string, refreshToken: string) {
  const seconds = deps.options.accessTokenSeconds ?? ACCESS_TOKEN_SECONDS;
  const { token, expiresAt } = await signAccessToken(
    deps.jwtSecret,
    { sub: user.id, email: user.email, sessionId, appMetadata: user.app_metadata, userMetadata: user.user_metadata },
    seconds,
  );
  return { access_token: token, token_type: 'bearer', expires_in: seconds, expires_at: expiresAt, refresh_token: refreshToken, user };
}

/** The apikey or bearer as GoTrue judges it: an unusable JWT is 403 bad_jwt (auth.go parseJWTClaims). */
export async function caller(deps: AuthDeps, req: IncomingMessage): Promise<Caller> {
  try {
    return await identify(req, deps.jwtSecret);
  } catch (err) {
    if (err instanceof HttpError && err.code === 'bad_jwt') authFail(403, 'bad_jwt', err.message);
    throw err;
  }
}

/**
 * A signed-in user's request (auth.go requireAuthentication + maybeLoadUserOrSession): no sub claim is 403
 * bad_jwt, a sub that is not a UUID 400 bad_jwt; the user is looked up (gone: 403 user_not_found), then the
 * session when the token names one (gone: 403 session_not_found); a user banned since the token was issued is
 * 403 user_banned.
 */
export async function requireUser(deps: AuthDeps, req: IncomingMessage): Promise<{ userId: string; sessionId?: string; user: store.AuthUserJson }> {
  const c = await caller(deps, req);
  // An apikey (anon, service_role) as the bearer has no sub claim: GoTrue answers 403 bad_jwt.
  if (c.role !== 'authenticated' || !c.userId) authFail(403, 'bad_jwt', 'invalid claim: missing sub claim');
  const userId = goUuid(c.userId);
  if (!userId) authFail(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await store.findUser(deps.db, userId);
  if (!user) authFail(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  let sessionId: string | undefined;
  if (c.sessionId && c.sessionId !== NIL_UUID) {
    sessionId = goUuid(c.sessionId);
    if (!sessionId) authFail(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
    if (!(await store.sessionExists(deps.db, sessionId))) authFail(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  if (user.banned_until) authFail(403, 'user_banned', 'User is banned');
  return { userId, ...(sessionId ? { sessionId } : {}), user };
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export async function requireServiceRole(deps: AuthDeps, req: IncomingMessage): Promise<void> {
  const c = await caller(deps, req);
  if (c.role !== 'service_role') authFail(403, 'not_admin', 'User not allowed');
}

export function metadata(body: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const v = body[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/**
 * GoTrue's validateEmail (mail.go): required, at most 255 characters, and the address pattern of the checkmail
 * library it uses (ASCII local part of letters, digits and !#$%&'*+/=?^_`{|}~.-; host labels of letters, digits and
 * inner hyphens). Nothing is trimmed; the answer is lower-cased.
 */
const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validEmail(raw: unknown): string {
  const email = typeof raw === 'string' ? raw : '';
  if (!email) authFail(400, 'validation_failed', 'An email address is required');
  if (email.length > 255) authFail(400, 'validation_failed', 'An email address is too long');
  if (!EMAIL_PATTERN.test(email)) authFail(400, 'validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** GoTrue's checkPasswordStrength with the hosted default (length only): 422 weak_password, reasons ["length"]. */
export function checkPassword(deps: AuthDeps, password: string): void {
  const min = deps.options.minPasswordLength;
  if (password.length < min) authFail(422, 'weak_password', `Password should be at least ${min} characters.`, { reasons: ['length'] });
}

/** Where a link may send the browser: the demo's allow list is this computer (any loopback http(s) URL). */
export function allowedRedirect(deps: AuthDeps, raw: unknown): string {
  if (typeof raw === 'string' && raw) {
    try {
      const u = new URL(raw);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) return u.href;
    } catch {
      // not a URL: the site URL, as GoTrue does for a redirect outside the allow list
    }
  }
  return `${deps.authUrl()}/site`;
}
