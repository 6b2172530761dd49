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

export async function checkApiKey(req: IncomingMessage, url: URL, jwtSecret: string): Promise<void> {
  if (keyless(req.method ?? 'GET', url.pathname)) return;
  const key = apiKeyOf(req, url);
  if (!key) throw new GatewayRefusal(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
  const role = await verifyToken(jwtSecret, key).then(
    (claims) => claims.role,
    () => undefined,
  );
  if (role !== 'anon' && role !== 'service_role') {
    throw new GatewayRefusal(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
  }
}
