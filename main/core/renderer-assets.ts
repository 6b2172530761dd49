import crypto from 'node:crypto';
import path from 'node:path';

/**
 * The built renderer's files as both shells serve them (app:// in the desktop app, the loopback server in
 * browser mode): which file a path names, its content type, and the nonce placeholder of index.html.
 */
/** index.html carries this placeholder; each load gets a new nonce in its place and in the CSP's style-src. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** A fresh nonce for one page load (18 random bytes, base64). */
export function newNonce(): string {
  return crypto.randomBytes(18).toString('base64');
}

const MAX_URL_LENGTH = 4096;
/** Literal or percent-encoded dot segments, backslashes and NUL, anywhere in the raw URL. */
const RAW_REFUSED = /(^|[/\\])(\.|%2e){1,2}([/\\?#]|$)|\\|%5c|%00|\0/i;
const SEGMENT_OK = /^[A-Za-z0-9_][A-Za-z0-9._@+~-]*$/;

/** Whether a raw request URL or path carries anything a file path must never contain (checked before parsing). */
export function refusedRawUrl(raw: string): boolean {
  return typeof raw !== 'string' || raw.length > MAX_URL_LENGTH || RAW_REFUSED.test(raw);
}

/**
 * Maps a URL path (`/assets/x.js`, `/admin/users`) to a file inside rendererRoot, or null. Refused: dot
 * segments (literal or encoded), backslashes, NUL, empty segments (`//`), drive letters and anything else that
 * is not a plain file name. A last segment without an extension is a client-side route and gets index.html.
 */
export function resolveRendererPath(rendererRoot: string, pathname: string): string | null {
  if (refusedRawUrl(pathname)) return null;
  const segments: string[] = [];
  const raw = pathname === '/' || pathname === '' ? [] : pathname.replace(/^\//, '').split('/');
  for (const part of raw) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (!SEGMENT_OK.test(decoded)) return null;
    segments.push(decoded);
  }

  const last = segments.at(-1);
  const rel = last === undefined || path.extname(last) === '' ? ['index.html'] : segments;
  const root = path.resolve(rendererRoot);
  const file = path.resolve(root, ...rel);
  return file.startsWith(root + path.sep) ? file : null;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}
