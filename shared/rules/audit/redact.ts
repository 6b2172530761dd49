/**
 * What an audit entry may hold of an operation's input and of the rows it changed: never a secret, never a
 * blob. Keys that name a secret (password, token, service role key, ...) keep their place with a marker, so
 * the entry still says the field was set; long base64 (images, audio) and very long text are summarised by size,
 * so one entry stays small and the log stays readable.
 */
import { counted } from '../common/plural.js';

export const REDACTED = '[redacted]';

/** Key names that hold secrets, in any spelling (camelCase, snake_case). */
const SECRET_KEY = /pass(word|wd|phrase)?|secret|token|service_?role|authori[sz]ation|credential|cookie|api_?key|anon_?key|private_?key|^key$|_key$|Key$/i;
/** Key names that match the pattern above but hold no secret (a feature flag's name). */
const NOT_SECRET = new Set(['featurekey', 'feature_key', 'templatekey', 'template_key']);
/** A JSON Web Token, whatever key it sits under. */
const JWT = /^eyJ[\w-]+\.[\w-]+\.[\w-]*$/;
const BASE64 = /^(data:[\w/+.-]+;base64,)?[A-Za-z0-9+/\r\n]+={0,2}$/;

/** Strings longer than this are summarised (base64) or cut (text). */
export const TEXT_LIMIT = 2000;
const BASE64_MIN = 256;
const MAX_DEPTH = 8;
const MAX_ITEMS = 200;

export function isSecretKey(key: string): boolean {
  return !NOT_SECRET.has(key.toLowerCase()) && SECRET_KEY.test(key);
}

function base64Bytes(s: string): number {
  const body = s.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  const pad = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - pad;
}

function summariseString(key: string, s: string): string {
  if (JWT.test(s)) return REDACTED;
  const looksBase64 = /base64/i.test(key) || s.startsWith('data:') || (s.length >= BASE64_MIN && !/\s/.test(s.slice(0, 200)));
  if (looksBase64 && s.length >= BASE64_MIN && BASE64.test(s)) return `[base64, ${counted(base64Bytes(s), 'byte')}]`;
  if (s.length > TEXT_LIMIT) return `${s.slice(0, TEXT_LIMIT)}… [${counted(s.length - TEXT_LIMIT, 'more character', 'more characters')}]`;
  return s;
}

/** A copy of `value` fit for the audit log: secrets replaced, blobs summarised, depth and length bounded. */
export function redact(value: unknown, key = '', depth = 0): unknown {
  if (key && isSecretKey(key) && value !== null && value !== undefined && value !== '') return REDACTED;
  if (typeof value === 'string') return summariseString(key, value);
  if (value === null || typeof value !== 'object') return value === undefined ? null : value;
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => redact(v, key, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `[${value.length - MAX_ITEMS} more items]`] : items;
  }
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redact(v, k, depth + 1)]));
}
