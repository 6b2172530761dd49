import type { IncomingMessage } from 'node:http';
import { verifyToken } from '../keys.js';
import { HttpError } from './http.js';

/**
 * What the gateway checks before any route, as hosted Supabase's API gateway does: the request is addressed to
 * this computer (a loopback Host, an origin-form target: no DNS-rebinding name, no proxy-style absolute URL)
 * and carries a project API key.
 */
const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;

export class GatewayRefusal extends HttpError {
  constructor(
    status: number,
    readonly body: Record<string, string>,
  ) {
    super(status, 'refused', body.message ?? 'Refused');
  }
}

export function checkAddressed(req: IncomingMessage): void {
  const target = req.url ?? '';
  if (!target.startsWith('/') || target.startsWith('//')) {
    throw new GatewayRefusal(400, { message: 'Bad request target: the local backend accepts only paths on itself.' });
  }
  if (!LOOPBACK_HOST.test(req.headers.host ?? '')) {
    throw new GatewayRefusal(421, { message: 'This local backend answers only requests addressed to 127.0.0.1.' });
  }
}

/** Routes hosted Supabase serves without an API key: public object URLs, signed URLs and the e-mail links. */
function keyless(method: string, path: string): boolean {
  if (path === '/health') return true;
  if (/^\/auth\/v1\/(?:verify|callback|authorize|site)$/.test(path)) return true;
  return (method === 'GET' || method === 'HEAD') && /^\/storage\/v1\/object\/(?:public|sign)\//.test(path);
}

/** The apikey header, or the apikey URL parameter (which the REST proxy then strips, as Kong's hide_credentials does). */
export function apiKeyOf(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.apikey;
  if (typeof header === 'string' && header) return header;
  return url.searchParams.get('apikey') || undefined;
}

/**
 * API keys already verified, by secret and key: the anon and service-role keys come with every request, and an
 * HMAC check through WebCrypto costs about half a millisecond of main's thread each time (1.5 s in a first
 * analytics sync of 3,357 pages). A key is only remembered after its signature verified, and only until it expires.
 */
const verifiedKeys = new Map<string, { readonly role: string | undefined; readonly expiresMs: number }>();
const VERIFIED_KEYS_MAX = 32;

async function roleOfKey(jwtSecret: string, key: string): Promise<string | undefined> {
  const id = `${jwtSecret}\u0000${key}`;
  const known = verifiedKeys.get(id);
  if (known && known.expiresMs > Date.now()) return known.role;
  verifiedKeys.delete(id);
  const claims = await verifyToken(jwtSecret, key).catch(() => undefined);
  if (!claims) return undefined;
  if (verifiedKeys.size >= VERIFIED_KEYS_MAX) verifiedKeys.delete(verifiedKeys.keys().next().value!);
  verifiedKeys.set(id, { role: claims.role, expiresMs: claims.exp === undefined ? Infinity : claims.exp * 1000 });
  return claims.role;
}

export async function checkApiKey(req: IncomingMessage, url: URL, jwtSecret: string): Promise<void> {
  if (keyless(req.method ?? 'GET', url.pathname)) return;
  const key = apiKeyOf(req, url);
  if (!key) throw new GatewayRefusal(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
  const role = await roleOfKey(jwtSecret, key);
  if (role !== 'anon' && role !== 'service_role') {
    throw new GatewayRefusal(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
  }
}
