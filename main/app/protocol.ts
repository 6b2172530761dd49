import fs from 'node:fs/promises';
import path from 'node:path';
import type { Protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from './app-origin.js';
import { contentTypeOf, newNonce, NONCE_PLACEHOLDER, refusedRawUrl, resolveRendererPath } from '../core/renderer-assets.js';

export { NONCE_PLACEHOLDER };

/**
 * The renderer is served from `app://reflect/` (E7 in SECURITY.md), not file://: the page gets a real origin,
 * the CSP travels as a response header, and only files inside the built renderer folder can be read.
 */

/** For protocol.registerSchemesAsPrivileged, before the app is ready. No bypassCSP, no CORS exemptions. */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
} as const;

/** Maps an `app://reflect/...` request URL to a file of the renderer, or null (other schemes, hosts, ports). */
export function resolveAppAsset(rendererRoot: string, requestUrl: string): string | null {
  if (refusedRawUrl(requestUrl)) return null;
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST || url.port || url.username || url.password) return null;
  return resolveRendererPath(rendererRoot, url.pathname);
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
  const nonceFor = opts.newNonce ?? newNonce;
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
      const nonce = nonceFor();
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
