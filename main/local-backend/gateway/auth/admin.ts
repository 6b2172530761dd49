import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendJson, str } from '../http.js';
import { goUuid } from '../uuid.js';
import { API_VERSION, checkPassword, metadata, requireServiceRole, validEmail, type AuthDeps } from './context.js';
import { authFail } from './errors.js';
import * as store from './store.js';

/** Go's time.ParseDuration, as ban_duration is read (admin.go): "24h", "1h30m", "90s", "none" lifts the ban. */
export function banSeconds(raw: string): number | null {
  if (raw === 'none') return null;
  const unit: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
  const m = /^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/.exec(raw);
  if (!m) authFail(400, 'validation_failed', `invalid format for ban duration: time: invalid duration "${raw}"`);
  let total = 0;
  for (const part of raw.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) total += Number(part[1]) * (unit[part[2] as string] ?? 0);
  return total > 0 ? total : null;
}

const UINT64_MAX = 18446744073709551615n;

/**
 * GoTrue's paginate (pagination.go): page and per_page are read as unsigned integers (strconv.ParseUint), so "-1"
 * or "x" is 400 "Bad Pagination Parameters"; page 0 is the first page (the query layer counts pages from 1).
 * per_page 0 is refused here: GoTrue divides by it (a 500), and a clear 400 is the one answer worth giving.
 */
function pageParam(url: URL, name: string, fallback: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\+?\d+$/.test(raw)) authFail(400, 'validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`);
  const n = BigInt(raw);
  if (n > UINT64_MAX) authFail(400, 'validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": value out of range`);
  if (name === 'per_page' && n === 0n) authFail(400, 'validation_failed', 'Bad Pagination Parameters: per_page must be 1 or more');
  return n > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(n);
}

/** GET /admin/users: newest first, with X-Total-Count and GoTrue's Link header (next while pages remain, last). */
async function listUsers(deps: AuthDeps, res: ServerResponse, url: URL): Promise<void> {
  const page = pageParam(url, 'page', 1);
  const perPage = Math.min(1000, pageParam(url, 'per_page', 50));
  const { users, total } = await store.listUsers(deps.db, Math.max(1, page), perPage);
  const last = Math.ceil(total / perPage);
  const links = [`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`];
  if (last > page) links.unshift(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  sendJson(res, 200, { users, aud: 'authenticated' }, { ...API_VERSION, 'x-total-count': String(total), link: links.join(', ') });
}

/**
 * POST /admin/users (admin.go adminUserCreate): an e-mail address or a phone is required (400); the address is
 * validated as at sign-up; the password is not held to the strength rules (an admin sets what it likes).
 */
async function createUser(deps: AuthDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req);
  if (!body.email && !body.phone) authFail(400, 'validation_failed', 'Cannot create a user without either an email or phone');
  const email = validEmail(body.email);
  if (await store.emailTaken(deps.db, email)) authFail(422, 'email_exists', 'A user with this email address has already been registered');
  const given = str(body, 'password');
  const ban = typeof body.ban_duration === 'string' && body.ban_duration ? banSeconds(body.ban_duration) : undefined;
  const user = await store.insertUser(deps.db, {
    email,
    password: given || crypto.randomBytes(32).toString('base64url'),
    userMetadata: metadata(body, 'user_metadata') ?? {},
    appMetadata: metadata(body, 'app_metadata') ?? {},
    confirmed: body.email_confirm === true,
    signedIn: false,
  });
  if (ban !== undefined) await store.setBan(deps.db, user.id, ban);
  sendJson(res, 200, ban !== undefined ? await store.findUser(deps.db, user.id) : user, API_VERSION);
}

function decodedSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The admin user endpoints (admin.go), service role only. */
export async function adminUsers(deps: AuthDeps, req: IncomingMessage, res: ServerResponse, rawId: string | undefined, url: URL): Promise<void> {
  await requireServiceRole(deps, req);
  if (req.method === 'GET' && rawId === undefined) return listUsers(deps, res, url);
  if (req.method === 'POST' && rawId === undefined) return createUser(deps, req, res);
  if (rawId === undefined) authFail(405, 'method_not_allowed', 'Method not allowed');
  // admin.go loadUser, before every /admin/users/{user_id} route: not a UUID is 404 validation_failed, no such
  // user 404 user_not_found.
  const id = goUuid(decodedSegment(rawId));
  if (!id) authFail(404, 'validation_failed', 'user_id must be an UUID');
  const found = await store.findUser(deps.db, id);
  if (!found) authFail(404, 'user_not_found', 'User not found');
  if (req.method === 'GET') {
    sendJson(res, 200, found, API_VERSION);
    return;
  }
  if (req.method === 'PUT') {
    const body = await readJson(req);
    const email = body.email ? validEmail(body.email) : undefined;
    if (email && (await store.emailTaken(deps.db, email, id))) authFail(422, 'email_exists', 'A user with this email address has already been registered');
    const password = str(body, 'password');
    if (password !== undefined) checkPassword(deps, password);
    if (typeof body.ban_duration === 'string' && body.ban_duration) await store.setBan(deps.db, id, banSeconds(body.ban_duration));
    const user = await store.updateUser(deps.db, id, {
      ...(email ? { email } : {}),
      ...(password ? { password } : {}),
      ...(metadata(body, 'user_metadata') ? { userMetadata: metadata(body, 'user_metadata') } : {}),
      ...(metadata(body, 'app_metadata') ? { appMetadata: metadata(body, 'app_metadata') } : {}),
      confirm: body.email_confirm === true,
    });
    if (!user) authFail(404, 'user_not_found', 'User not found');
    sendJson(res, 200, user, API_VERSION);
    return;
  }
  if (req.method === 'DELETE') {
    if (!(await store.deleteUser(deps.db, id))) authFail(404, 'user_not_found', 'User not found');
    // adminUserDelete answers an empty object.
    sendJson(res, 200, {}, API_VERSION);
    return;
  }
  authFail(405, 'method_not_allowed', 'Method not allowed');
}
