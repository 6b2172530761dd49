import fs from 'node:fs';
import path from 'node:path';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CALL_OPTIONS_HEADER } from '../../shared/contract/index.js';
import type { Router } from '../api/router.js';
import type { EventBus } from '../core/events.js';
import { log } from '../ground/log.js';
import { hostAllowed, newLaunchToken, originAllowed, tokenValid } from './guard.js';
import { newNonce, NONCE_PLACEHOLDER } from '../core/renderer-assets.js';
import { resolveRendererFile, sendFile } from './static-files.js';
import { INPUT_TOO_DEEP_MESSAGE, MAX_INPUT_DEPTH, nestsDeeperThan } from '../../shared/rules/common/json-bounds.js';

export interface BrowserModeOptions {
  readonly router: Router;
  readonly events: EventBus;
  /** The built renderer (dist/renderer). */
  readonly rendererRoot: string;
  readonly port: number;
  /** Computed per page load: image sources follow the active project; the nonce is new each time. */
  readonly contentSecurityPolicy: (nonce: string) => string;
  /** Extra token-guarded routes for the end-to-end tests (stopping the backend); off unless asked for. */
  readonly testHooks?: Readonly<Record<string, () => Promise<unknown>>>;
}

export interface BrowserModeServer {
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

const MAX_INPUT_BYTES = 30 * 1024 * 1024;
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
  res.end(text);
}

/** A request body refused before the router: the HTTP status and the message of its INVALID_INPUT answer. */
class BadBody extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

const TOO_LARGE = `The request is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MB.`;

async function readInput(req: IncomingMessage): Promise<unknown> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_INPUT_BYTES) throw new BadBody(413, TOO_LARGE);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_INPUT_BYTES) throw new BadBody(413, TOO_LARGE);
    chunks.push(c as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  let input: unknown;
  try {
    input = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    throw new BadBody(400, 'The request body must be JSON.');
  }
  // JSON.parse takes any depth; the steps after it would overflow their stack on a deep one (a 500).
  if (nestsDeeperThan(input, MAX_INPUT_DEPTH)) throw new BadBody(400, INPUT_TOO_DEEP_MESSAGE);
  return input;
}

/** The call options header (percent-encoded JSON), absent when the call has none; throws when unreadable. */
function readOptions(req: IncomingMessage): unknown {
  const raw = req.headers[CALL_OPTIONS_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new Error('repeated header');
  return JSON.parse(decodeURIComponent(raw)) as unknown;
}

/** The same router as the desktop app, behind a loopback HTTP endpoint guarded by a per-launch token. */
export async function startBrowserModeServer(opts: BrowserModeOptions): Promise<BrowserModeServer> {
  const token = newLaunchToken();
  let port = 0;
  const streams = new Set<ServerResponse>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hostAllowed(req, port)) return plain(res, 421, 'Misdirected request');
    if (!originAllowed(req, port)) return plain(res, 403, 'Cross-origin requests are refused');
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);

    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/__test/')) {
      if (!tokenValid(req, token)) return plain(res, 401, 'Missing or wrong launch token');
      const op = /^\/api\/op\/([A-Za-z]+\.[A-Za-z]+)$/.exec(url.pathname);
      if (op && req.method === 'POST') {
        let input: unknown;
        let options: unknown;
        try {
          input = await readInput(req);
        } catch (e) {
          if (!(e instanceof BadBody)) throw e;
          // The rest of an over-large body is not read: the connection closes after the answer.
          if (e.status === 413) res.once('finish', () => req.destroy());
          return void sendResult(res, { ok: false, code: 'INVALID_INPUT', message: e.message }, e.status, e.status === 413 ? { connection: 'close' } : {});
        }
        try {
          options = readOptions(req);
        } catch {
          return void sendResult(res, { ok: false, code: 'INVALID_INPUT', message: 'The call options must be percent-encoded JSON.' });
        }
        return void sendResult(res, await opts.router.call(op[1] as string, input, options));
      }
      if (url.pathname === '/api/events' && req.method === 'GET') return eventStream(res);
      const hook = /^\/__test\/([a-z-]+)$/.exec(url.pathname);
      const fn = hook && req.method === 'POST' && opts.testHooks ? opts.testHooks[hook[1] as string] : undefined;
      if (fn) return void sendResult(res, (await fn()) ?? {});
      return plain(res, 404, 'Not found');
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed');
    const file = resolveRendererFile(opts.rendererRoot, url.pathname);
    if (!file) return plain(res, 404, 'Not found');
    if (path.basename(file) === 'index.html') {
      const nonce = newNonce();
      const html = fs.readFileSync(file, 'utf8').split(NONCE_PLACEHOLDER).join(nonce);
      res.writeHead(200, {
        ...SECURITY_HEADERS,
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': opts.contentSecurityPolicy(nonce),
      });
      res.end(html);
      return;
    }
    sendFile(res, file, SECURITY_HEADERS);
  };

  function sendResult(res: ServerResponse, result: unknown, status = 200, extra: Record<string, string> = {}): void {
    const body = JSON.stringify(result);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS, ...extra });
    res.end(body);
  }

  /** Newline-delimited JSON events, read with fetch (so the token travels in a header). */
  function eventStream(res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store', ...SECURITY_HEADERS });
    res.write('{"type":"hello"}\n');
    streams.add(res);
    const unsubscribe = opts.events.subscribe((event) => res.write(`${JSON.stringify(event)}\n`));
    const ping = setInterval(() => res.write('{"type":"ping"}\n'), 20_000);
    res.on('close', () => {
      clearInterval(ping);
      unsubscribe();
      streams.delete(res);
    });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log.error('Browser mode request failed:', err);
      if (!res.headersSent) plain(res, 500, 'Internal error');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Loopback only: nothing on the network can reach browser mode.
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of streams) s.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
