import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { HttpError } from './http.js';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);

/**
 * PostgREST's URL for a path under /rest/v1: the path is appended to PostgREST's origin as text (never resolved
 * against it, where `//host/x` or `\\host` would name another host), and anything that still lands elsewhere is
 * refused. The apikey URL parameter is the gateway's, not a PostgREST filter, so it is dropped.
 */
export function upstreamUrl(upstream: string, path: string, search: string): URL {
  const base = new URL(upstream);
  const query = new URLSearchParams(search);
  query.delete('apikey');
  const q = query.toString();
  const target = new URL(`${base.origin}${path.startsWith('/') ? path : `/${path}`}${q ? `?${q}` : ''}`);
  if (target.origin !== base.origin) throw new HttpError(400, 'bad_path', 'The request path is not valid.');
  return target;
}

/** /rest/v1/* to PostgREST, streamed both ways. PostgREST verifies the JWT itself (as on Supabase). */
export function proxyRest(target: URL, req: IncomingMessage, res: ServerResponse, apiKey: string | undefined): void {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) headers[k] = v;
  if (!headers.authorization && apiKey) headers.authorization = `Bearer ${apiKey}`;
  const upstreamReq = http.request(target, { method: req.method, headers }, (up) => {
    const out: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(up.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) out[k] = v;
    res.writeHead(up.statusCode ?? 502, out);
    // PostgREST stopped midway through its answer: the client's connection is dropped as a gateway's would be (a
    // reply broken off), not left open with half a body.
    pipeline(up, res, (err) => {
      if (err) res.destroy(err);
    });
  });
  upstreamReq.on('error', (err) => {
    if (res.headersSent) {
      res.destroy(err);
      return;
    }
    // Refused: the request never reached PostgREST (503, as hosted Supabase's gateway with no healthy upstream).
    // Any later failure (PostgREST stopped after receiving it, perhaps after committing) may have changed data:
    // 502, which clients must treat as "may have landed", never as "not passed on".
    const refused = (err as NodeJS.ErrnoException).code === 'ECONNREFUSED';
    const body = JSON.stringify({
      code: 'PGRST000',
      message: refused ? 'The database API is not available.' : 'An invalid response was received from the database API.',
      details: err.message,
      hint: null,
    });
    res.writeHead(refused ? 503 : 502, { 'content-type': 'application/json' });
    res.end(body);
  });
  req.pipe(upstreamReq);
}
