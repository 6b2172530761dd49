import { HttpError } from '../../gateway/http.js';
import { isUuid } from '../../../../shared/rules/users/detail.js';

/** The JSON body of a function call as an object (an absent body is an empty one). */
export function bodyOf(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'bad_request', 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

export function uuidField(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  if (typeof v !== 'string' || !isUuid(v)) throw new HttpError(400, 'bad_request', `${key} must be a user id.`);
  return v.toLowerCase();
}

export function optionalString(body: Record<string, unknown>, key: string, fallback: string): string {
  const v = body[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'string') throw new HttpError(400, 'bad_request', `${key} must be a string.`);
  return v;
}

/** Timestamps with microseconds, in UTC: exact enough to page on (keyset cursors) and readable by Date.parse. */
export const isoSql = (expr: string): string => `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
