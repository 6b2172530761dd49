import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from './app-origin.js';

/**
 * The renderer is served from `app://reflect/` (E7 in SECURITY.md), not file://: the page gets a real origin,
 * the CSP travels as a response header, and only files inside the built renderer folder can be read.
 */

/** For protocol.registerSchemesAsPrivileged, before the app is ready. No bypassCSP, no CORS exemptions. */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
} as const;

/** index.html carries this placeholder; each load gets a new nonce in its place and in the CSP's style-src. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

const MAX_URL_LENGTH = 4096;
/** Literal or percent-encoded dot segments, backslashes and NUL, anywhere in the raw URL. */
const RAW_REFUSED = /(^|[/\\])(\.|%2e){1,2}([/\\?#]|$)|\\|%5c|%00|\0/i;
const SEGMENT_OK = /^[A-Za-z0-9_][A-Za-z0-9._@+~-]*$/;

/**
 * Maps an `app://reflect/...` request URL to a file inside rendererRoot, or null. Refused: other schemes and
 * hosts, credentials or ports, dot segments (literal or encoded), backslashes, NUL, empty segments (`//`),
 * drive letters and anything else that is not a plain file name. A last segment without an extension is a
 * client-side route and gets index.html.
 */
export function resolveAppAsset(rendererRoot: string, requestUrl: string): string | null {
  if (typeof requestUrl !== 'string' || requestUrl.length > MAX_URL_LENGTH || RAW_REFUSED.test(requestUrl)) return null;
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST || url.port || url.username || url.password) return null;

  const segments: string[] = [];
  const raw = url.pathname === '/' || url.pathname === '' ? [] : url.pathname.slice(1).split('/');
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

export interface AppProtocolOptions {
  readonly rendererRoot: string;
  /** Computed per document load: the nonce is new each time and image origins follow the projects. */
  readonly contentSecurityPolicy: (styleNonce: string | undefined) => string;
  readonly readFile?: (file: string) => Promise<Buffer>;
  readonly newNonce?: () => string;
}

const plain = (status: number, text: string, csp: string): Response =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'content-security-policy': csp, 'x-content-type-options': 'nosniff' } });

/** The protocol.handle handler, written against the Fetch API's Request/Response so Node tests can call it. */
export function createAppProtocolHandler(opts: AppProtocolOptions): (request: Request) => Promise<Response> {
  const readFile = opts.readFile ?? ((file: string) => fs.readFile(file));
  const newNonce = opts.newNonce ?? (() => crypto.randomBytes(18).toString('base64'));
  return async (request) => {
    const baseCsp = opts.contentSecurityPolicy(undefined);
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed', baseCsp);
    const file = resolveAppAsset(opts.rendererRoot, request.url);
    if (!file) return plain(404, 'Not found', baseCsp);
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return plain(404, 'Not found', baseCsp);
    }
    const headers: Record<string, string> = {
      'content-type': contentTypeOf(file),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    };
    if (path.basename(file) === 'index.html') {
      const nonce = newNonce();
      headers['content-security-policy'] = opts.contentSecurityPolicy(nonce);
      headers['cache-control'] = 'no-store';
      return new Response(body.toString('utf8').split(NONCE_PLACEHOLDER).join(nonce), { status: 200, headers });
    }
    headers['content-security-policy'] = baseCsp;
    headers['cache-control'] = 'no-cache';
    return new Response(new Uint8Array(body), { status: 200, headers });
  };
}

/** Serves the renderer on the default session's `app:` scheme. Returns an undo for tests and shutdown. */
export function registerAppProtocol(protocol: Pick<Protocol, 'handle' | 'unhandle'>, opts: AppProtocolOptions): () => void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(opts));
  return () => protocol.unhandle(APP_SCHEME);
}
