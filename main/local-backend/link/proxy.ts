import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import zlib from 'node:zlib';
import { LinkPipe } from './pipe.js';
import type { LinkShape } from './shape.js';
import type { FaultKind, FaultSchedule } from './faults.js';

/** One request that crossed the link, timed at the client's end (ms on performance.now()'s clock). */
export interface LinkRecord {
  readonly method: string;
  readonly path: string;
  /** The query string, with its '?' (empty when none). */
  readonly search: string;
  readonly startMs: number;
  /** When the answer's headers reached the client. */
  readonly firstByteMs: number;
  readonly endMs: number;
  readonly status: number;
  readonly bytesUp: number;
  /** Bytes of the answer's body on the wire (compressed when content-encoding says so). */
  readonly bytesDown: number;
  /** Bytes of the answer's body once decoded (equal to bytesDown when not compressed; counted when `countDecoded`). */
  readonly decodedBytesDown: number;
  readonly encoding: string | undefined;
  /** The client's connection it came on, numbered as they were opened (1, 2, ...). */
  readonly connection: number;
  /** It was the first request on a connection the client had just opened, so it paid the handshakes. */
  readonly newConnection: boolean;
}

export interface LinkProxyOptions {
  /** The backend's origin, e.g. the embedded gateway's URL. */
  readonly upstream: string;
  readonly shape: LinkShape;
  /**
   * Round trips a new connection costs before its first request goes out: TCP's handshake and TLS 1.3's, as to a
   * hosted project over HTTPS. Default 2.
   */
  readonly handshakeRoundTrips?: number;
  /** Also decode compressed answers to count their size before compression (costs CPU; the benchmarks want it). */
  readonly countDecoded?: boolean;
  /** Faults to inject (faults.ts); absent, every request crosses untouched. */
  readonly faults?: FaultSchedule;
  /** How long a stalled request waits before it reaches the backend; longer than the client's timeout. Default 35 s. */
  readonly stallMs?: number;
}

export interface LinkProxy {
  readonly url: string;
  readonly shape: LinkShape;
  /** Everything answered so far, in the order the answers completed. */
  records(): readonly LinkRecord[];
  /** Connections the client has opened so far. */
  connectionsOpened(): number;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);
/** Cloudflare, in front of hosted Supabase, closes a client's idle HTTP/1.1 connection after 400 s. */
const IDLE_CLOSE_MS = 400_000;
/** Above this many bytes waiting for the simulated link, the backend's side is paused (memory stays bounded). */
const HIGH_WATER = 4 * 1024 * 1024;
const LOW_WATER = 1024 * 1024;

function headerBytes(raw: readonly string[]): number {
  let n = 16;
  for (const h of raw) n += Buffer.byteLength(h) + 2;
  return n;
}

/** Actions run in order at their times (a single timer, so two chunks never swap places). */
class Timeline {
  private readonly queue: { at: number; run: () => void; bytes: number }[] = [];
  private timer: NodeJS.Timeout | undefined;
  queuedBytes = 0;

  constructor(private readonly onDrain: () => void) {}

  at(at: number, bytes: number, run: () => void): void {
    this.queue.push({ at, run, bytes });
    this.queuedBytes += bytes;
    if (!this.timer) this.next();
  }

  private next(): void {
    const head = this.queue[0];
    if (!head) {
      this.timer = undefined;
      return;
    }
    this.timer = setTimeout(
      () => {
        this.queue.shift();
        this.queuedBytes -= head.bytes;
        head.run();
        if (this.queuedBytes < LOW_WATER) this.onDrain();
        this.next();
      },
      Math.max(0, head.at - performance.now()),
    );
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.queue.length = 0;
    this.queuedBytes = 0;
  }
}

function decoderFor(encoding: string | undefined): zlib.Gunzip | zlib.BrotliDecompress | zlib.Inflate | undefined {
  if (encoding === 'gzip') return zlib.createGunzip();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  if (encoding === 'deflate') return zlib.createInflate();
  return undefined;
}

/**
 * The backend has answered `r`; the client gets the answer as `fault` spoils it. The whole answer is read first, so
 * the backend has finished acting before the client learns anything.
 */
function faultedReply(fault: FaultKind, r: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  r.on('data', (c: Buffer) => chunks.push(c));
  r.on('error', () => res.destroy());
  r.on('end', () => {
    if (fault === 'stall' || fault === 'cut-after' || res.destroyed) return void res.destroy();
    if (fault === 'gateway-504') {
      res.writeHead(504, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ message: 'Gateway timeout' }));
    }
    const body = Buffer.concat(chunks);
    const out: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(r.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) out[k] = v;
    // Headers and half the body, then the connection drops (a body of 0 or 1 byte: after the headers).
    delete out['content-length'];
    res.writeHead(r.statusCode ?? 200, out);
    res.write(body.subarray(0, Math.floor(body.length / 2)));
    setTimeout(() => res.destroy(), 5);
  });
}

/**
 * A loopback HTTP proxy that makes the backend behind it as far away as `shape` says: each request arrives half a
 * round trip after it was sent (after its bytes went out at the link's bandwidth), each answer likewise, a new
 * connection first pays its handshakes, and the bandwidth is shared by everything on the link. Answers stream
 * through as they come (compressed ones stay compressed: the client decodes them).
 */
export async function startLinkProxy(opts: LinkProxyOptions): Promise<LinkProxy> {
  const oneWay = opts.shape.rttMs / 2;
  const up = new LinkPipe(oneWay, opts.shape.bitsPerSecond);
  const down = new LinkPipe(oneWay, opts.shape.bitsPerSecond);
  const handshakeMs = (opts.handshakeRoundTrips ?? 2) * opts.shape.rttMs;
  const upstream = new URL(opts.upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const readyAt = new WeakMap<Socket, number>();
  const connectionOf = new WeakMap<Socket, { n: number; requests: number }>();
  let opened = 0;
  const done: LinkRecord[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const startMs = performance.now();
    const conn = connectionOf.get(req.socket) ?? { n: 0, requests: 0 };
    const newConnection = conn.requests++ === 0;
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    // The request leaves once the connection is open, and arrives after its headers and body crossed the link.
    const sentAt = Math.max(performance.now(), readyAt.get(req.socket) ?? 0);
    const bytesUp = headerBytes(req.rawHeaders) + body.length;
    const arrives = up.deliver(sentAt, bytesUp);
    await new Promise((r) => setTimeout(r, Math.max(0, arrives - performance.now())));

    const fault: FaultKind | undefined = opts.faults?.next(req.method ?? 'GET', new URL(req.url ?? '/', upstream).pathname);
    if (fault === 'cut-before') return void req.socket.destroy();
    if (fault === 'gateway-502' || fault === 'gateway-503') {
      const status = fault === 'gateway-502' ? 502 : 503;
      const text = JSON.stringify({ message: status === 502 ? 'Bad gateway' : 'Service unavailable' });
      res.writeHead(status, { 'content-type': 'application/json' });
      return void res.end(text);
    }
    if (fault === 'stall') {
      // The client gives up first; the request still reaches the backend afterwards, as a slow network delivers it.
      await new Promise((r) => setTimeout(r, opts.stallMs ?? 35_000));
      res.destroy();
    }

    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) headers[k] = v;
    headers.host = upstream.host;
    const target = new URL(req.url ?? '/', upstream);
    let firstByteMs = 0;
    let bytesDown = 0;
    let decodedBytesDown = 0;
    let status = 502;
    let encoding: string | undefined;
    let upstreamRes: IncomingMessage | undefined;
    const timeline = new Timeline(() => upstreamRes?.resume());
    res.on('close', () => {
      if (!res.writableFinished) {
        timeline.cancel();
        upstreamRes?.destroy();
      }
    });

    const finish = () => {
      const endMs = performance.now();
      done.push({
        method: req.method ?? 'GET',
        path: target.pathname,
        search: target.search,
        startMs,
        firstByteMs: firstByteMs || endMs,
        endMs,
        status,
        bytesUp,
        bytesDown,
        decodedBytesDown: encoding ? decodedBytesDown : bytesDown,
        encoding,
        connection: conn.n,
        newConnection,
      });
    };

    const upReq = http.request(target, { method: req.method, headers, agent }, (r) => {
      if (fault === 'stall' || fault === 'cut-after' || fault === 'cut-midway' || fault === 'gateway-504') return void faultedReply(fault, r, res);
      upstreamRes = r;
      status = r.statusCode ?? 502;
      const ce = r.headers['content-encoding'];
      encoding = typeof ce === 'string' ? ce.toLowerCase() : undefined;
      const decoder = opts.countDecoded ? decoderFor(encoding) : undefined;
      decoder?.on('data', (d: Buffer) => (decodedBytesDown += d.length));
      decoder?.on('error', () => undefined);
      const out: http.OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(r.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) out[k] = v;
      const hb = headerBytes(r.rawHeaders);
      timeline.at(down.deliver(performance.now(), hb), 0, () => {
        firstByteMs = performance.now();
        res.writeHead(status, out);
        res.flushHeaders();
      });
      r.on('data', (chunk: Buffer) => {
        bytesDown += chunk.length;
        decoder?.write(chunk);
        timeline.at(down.deliver(performance.now(), chunk.length), chunk.length, () => res.write(chunk));
        if (timeline.queuedBytes > HIGH_WATER) r.pause();
      });
      r.on('end', () => {
        const last = Math.max(down.deliver(performance.now(), 0), 0);
        timeline.at(last, 0, () => {
          const settle = () => {
            finish();
            res.end();
          };
          if (decoder) {
            decoder.once('end', settle);
            decoder.end();
          } else settle();
        });
      });
      r.on('error', () => res.destroy());
    });
    upReq.on('error', (e) => {
      if (res.headersSent) return void res.destroy(e);
      const text = JSON.stringify({ message: `The link could not reach the backend: ${e.message}` });
      timeline.at(down.deliver(performance.now(), text.length), 0, () => {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(text);
        finish();
      });
    });
    upReq.end(body);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket: Socket) => {
    readyAt.set(socket, performance.now() + handshakeMs);
    connectionOf.set(socket, { n: ++opened, requests: 0 });
    socket.setTimeout(IDLE_CLOSE_MS, () => socket.destroy());
  });
  // As hosted Supabase's edge: no idle timeout announced (no Keep-Alive header), an idle connection closed after 400 s.
  server.keepAliveTimeout = 0;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    shape: opts.shape,
    records: () => done,
    connectionsOpened: () => opened,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
