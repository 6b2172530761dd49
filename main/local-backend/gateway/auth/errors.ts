import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, sendJson } from '../http.js';

/**
 * GoTrue's error answers (internal/api/errors.go HandleResponseError). A client that sends
 * X-Supabase-Api-Version 2024-01-01 or later (supabase-js does) gets `{ code: "<error_code>", message }` and the
 * header echoed; an older client gets `{ code: <status>, error_code, msg }`. weak_password adds
 * `weak_password: { reasons }`. 429s carry Retry-After (hosted GoTrue does not; the app reads it when present).
 */
export const API_VERSION_HEADER = 'x-supabase-api-version';
export const API_VERSION_2024 = '2024-01-01';

export class AuthError extends HttpError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly extra: { readonly reasons?: readonly string[]; readonly retryAfterSeconds?: number } = {},
  ) {
    super(status, code, message);
  }
}

export function authFail(status: number, code: string, message: string, extra?: AuthError['extra']): never {
  throw new AuthError(status, code, message, extra);
}

function wantsDatedErrors(req: IncomingMessage): boolean {
  const v = req.headers[API_VERSION_HEADER];
  const s = typeof v === 'string' ? v.trim() : '';
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && s >= API_VERSION_2024;
}

export function sendAuthError(req: IncomingMessage, res: ServerResponse, e: HttpError): void {
  const extra = e instanceof AuthError ? e.extra : {};
  const headers: Record<string, string> = {};
  if (extra.retryAfterSeconds !== undefined) headers['retry-after'] = String(extra.retryAfterSeconds);
  const weak = extra.reasons ? { weak_password: { reasons: extra.reasons } } : {};
  if (wantsDatedErrors(req)) {
    headers[API_VERSION_HEADER] = API_VERSION_2024;
    sendJson(res, e.status, { code: e.code, message: e.message, ...weak }, headers);
  } else {
    sendJson(res, e.status, { code: e.status, error_code: e.code, msg: e.message, ...weak }, headers);
  }
}
