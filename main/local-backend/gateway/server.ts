import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { AuthLimiter, handleAuth } from './auth/routes.js';
import { sendAuthError } from './auth/errors.js';
import { authOptions, type AuthOptions } from './auth/options.js';
import { handleStorage } from './storage.js';
import { sendStorageError, storageErrorOfDatabase } from './storage-errors.js';
import { handleFunction, type FunctionRegistry, type MailTarget } from './functions.js';
import { HttpError, sendJson } from './http.js';
import { proxyRest, upstreamUrl } from './rest-proxy.js';
import { compressResponses } from './compression.js';
import { apiKeyOf, checkAddressed, checkApiKey, GatewayRefusal } from './front-door.js';

export interface GatewayOptions {
  readonly db: pg.Pool;
  readonly jwtSecret: string;
  readonly postgrestUrl: string;
  readonly storageRoot: string;
  readonly functions: FunctionRegistry;
  readonly mail?: MailTarget;
  /** How /auth/v1 behaves where hosted projects have settings; hosted defaults when left out. */
  readonly auth?: Partial<AuthOptions>;
  readonly log?: (line: string) => void;
}

export interface Gateway {
  readonly url: string;
  close(): Promise<void>;
}

/** Each Supabase service answers errors in its own shape; supabase-js reads them that way. */
function sendError(req: IncomingMessage, res: ServerResponse, service: string, err: unknown, log?: (line: string) => void): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (err instanceof GatewayRefusal) return sendJson(res, err.status, err.body);
  // storage-api answers some database errors as the caller's (a sub that is not a UUID meets a uuid cast).
  const known = err instanceof HttpError ? err : service === 'storage' ? storageErrorOfDatabase(err) : undefined;
  const e = known ?? new HttpError(500, 'unexpected_failure', 'Unexpected failure in the local backend.');
  if (!known) log?.(`gateway ${service}: ${(err as Error)?.stack ?? String(err)}`);
  if (service === 'auth') sendAuthError(req, res, e);
  else if (service === 'storage') sendStorageError(res, e);
  else if (service === 'rest') sendJson(res, e.status, { code: e.code, message: e.message, details: null, hint: null });
  else sendJson(res, e.status, { error: e.message, code: e.code });
}

export async function startGateway(opts: GatewayOptions): Promise<Gateway> {
  let baseUrl = '';
  const options = authOptions(opts.auth);
  const authDeps = {
    db: opts.db,
    jwtSecret: opts.jwtSecret,
    options,
    limiter: new AuthLimiter(options.rateLimits),
    authUrl: () => `${baseUrl}/auth/v1`,
    ...(opts.mail ? { mail: opts.mail } : {}),
  };
  const storageDeps = { db: opts.db, jwtSecret: opts.jwtSecret, root: opts.storageRoot };
  const fnDeps = { db: opts.db, jwtSecret: opts.jwtSecret, storageRoot: opts.storageRoot, functions: opts.functions, mail: opts.mail };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let service = 'gateway';
    compressResponses(req, res);
    try {
      checkAddressed(req);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const p = url.pathname;
      await checkApiKey(req, url, opts.jwtSecret);
      if (p.startsWith('/rest/v1/') || p === '/rest/v1') {
        service = 'rest';
        proxyRest(upstreamUrl(opts.postgrestUrl, p.slice('/rest/v1'.length), url.search), req, res, apiKeyOf(req, url));
        return;
      }
      if (p.startsWith('/auth/v1/')) {
        service = 'auth';
        return await handleAuth(authDeps, req, res, p.slice('/auth/v1'.length), url);
      }
      if (p.startsWith('/storage/v1/')) {
        service = 'storage';
        return await handleStorage(storageDeps, req, res, p.slice('/storage/v1'.length), url);
      }
      const fn = /^\/functions\/v1\/([A-Za-z0-9_-]+)\/?$/.exec(p);
      if (fn) {
        service = 'functions';
        return await handleFunction(fnDeps, req, res, fn[1] as string, url);
      }
      if (p === '/health') return sendJson(res, 200, { ok: true });
      throw new HttpError(404, 'not_found', 'Not found');
    } catch (err) {
      sendError(req, res, service, err, opts.log);
    }
  };

  const server = http.createServer((req, res) => {
    void route(req, res);
  });
  // Idle keep-alive sockets are closed by the clients (Node's fetch after 4 s, Chromium after minutes), never by us
  // first: a server closing at 5 s races a client reusing the socket at that moment (ECONNRESET on a healthy call).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
