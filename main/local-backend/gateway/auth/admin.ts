import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendJson, str } from '../http.js';
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

/** GoTrue's paginate: page and per_page are unsigned integers; page 0 or less, or not a number, is 400. */
function pageParam(url: URL, name: string, fallback: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) authFail(400, 'validation_failed', `Bad Pagination Parameters: ${name} must be a whole number of 1 or more`);
  return n;
}

/** The admin user endpoints (admin.go), service role only. */
export async function adminUsers(deps: AuthDeps, req: IncomingMessage, res: ServerResponse, id: string | undefined, url: URL): Promise<void> {
  await requireServiceRole(deps, req);
  if (id !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) authFail(400, 'validation_failed', 'user_id must be an UUID');
  if (req.method === 'GET' && !id) {
    const page = pageParam(url, 'page', 1);
    const perPage = Math.min(1000, pageParam(url, 'per_page', 50));
    const { users, total } = await store.listUsers(deps.db, page, perPage);
    const last = Math.max(1, Math.ceil(total / perPage));
    const links = [`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`];
    if (page < last) links.unshift(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    sendJson(res, 200, { users, aud: 'authenticated' }, { ...API_VERSION, 'x-total-count': String(total), link: links.join(', ') });
    return;
  }
  if (req.method === 'POST' && !id) {
    const body = await readJson(req);
    if (!body.email && !body.phone) authFail(422, 'validation_failed', 'Cannot create a user without either an email or phone');
    const email = validEmail(body.email);
    if (await store.emailTaken(deps.db, email)) authFail(422, 'email_exists', 'A user with this email address has already been registered');
    const given = str(body, 'password');
    if (given) checkPassword(deps, given);
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
    return;
  }
  if (!id) authFail(405, 'method_not_allowed', 'Method not allowed');
  if (req.method === 'GET') {
    const user = await store.findUser(deps.db, id);
    if (!user) authFail(404, 'user_not_found', 'User not found');
    sendJson(res, 200, user, API_VERSION);
    return;
  }
  if (req.method === 'PUT') {
    const body = await readJson(req);
    if (!(await store.findUser(deps.db, id))) authFail(404, 'user_not_found', 'User not found');
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
