import http, { type IncomingMessage, type ServerResponse } from 'node:http';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);

/** /rest/v1/* to PostgREST, streamed both ways. PostgREST verifies the JWT itself (as on Supabase). */
export function proxyRest(upstream: string, req: IncomingMessage, res: ServerResponse, pathAndQuery: string): void {
  const target = new URL(pathAndQuery, upstream);
  const headers: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) headers[k] = v;
  if (!headers.authorization && typeof req.headers.apikey === 'string') headers.authorization = `Bearer ${req.headers.apikey}`;
  const upstreamReq = http.request(target, { method: req.method, headers }, (up) => {
    const out: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(up.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) out[k] = v;
    res.writeHead(up.statusCode ?? 502, out);
    up.pipe(res);
  });
  upstreamReq.on('error', (err) => {
    if (res.headersSent) {
      res.destroy(err);
      return;
    }
    const body = JSON.stringify({ code: 'PGRST000', message: 'The database API is not available.', details: err.message, hint: null });
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end(body);
  });
  req.pipe(upstreamReq);
}
