// The link simulator that puts a hosted project's distance between the app and the embedded backend: its spec
// parser, its per-direction timing (pure, on given times), the count of round trips made one after another, and the
// proxy itself (never faster than the link allows, answers intact, compressed answers passed through and counted).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLinkSpec } from '../../main/local-backend/link/shape.js';
import { LinkPipe } from '../../main/local-backend/link/pipe.js';
import { roundTripsInSequence } from '../../main/local-backend/link/sequence.js';
import { startLinkProxy, type LinkProxy } from '../../main/local-backend/link/proxy.js';

describe('link spec', () => {
  it('reads a round trip and an optional bandwidth', () => {
    expect(parseLinkSpec('100ms')).toEqual({ rttMs: 100 });
    expect(parseLinkSpec('100ms,50mbit')).toEqual({ rttMs: 100, bitsPerSecond: 50e6 });
    expect(parseLinkSpec('0.15s, 512kbit')).toEqual({ rttMs: 150, bitsPerSecond: 512e3 });
    expect(parseLinkSpec('0ms,1gbit')).toEqual({ rttMs: 0, bitsPerSecond: 1e9 });
  });

  it('names what is wrong', () => {
    expect(() => parseLinkSpec('100')).toThrow(/"100" is not a round-trip time/);
    expect(() => parseLinkSpec('100ms,50mb')).toThrow(/"50mb" is not a bandwidth/);
    expect(() => parseLinkSpec('100ms,50mbit,x')).toThrow(/--link takes/);
    expect(() => parseLinkSpec('120s')).toThrow(/more than a minute/);
    expect(() => parseLinkSpec('10ms,0mbit')).toThrow(/out of range/);
  });
});

describe('one direction of the link', () => {
  it('delivers half a round trip later, after the bytes before it went out at the bandwidth', () => {
    const pipe = new LinkPipe(50, 8_000_000); // 1 MB/s: a 100 kB chunk takes 100 ms to send
    expect(pipe.deliver(0, 100_000)).toBe(150);
    // Handed over while the first is still going out: waits for it.
    expect(pipe.deliver(10, 100_000)).toBe(250);
    expect(pipe.backlogMs(10)).toBe(190);
    // Handed over once the link is idle again: only its own time.
    expect(pipe.deliver(1000, 0)).toBe(1050);
  });

  it('without a bandwidth, only the latency counts', () => {
    const pipe = new LinkPipe(25, undefined);
    expect(pipe.deliver(0, 1e9)).toBe(25);
    expect(pipe.deliver(0, 1e9)).toBe(25);
  });
});

describe('round trips in sequence', () => {
  it('counts requests in flight together once, and each that waited for another once more', () => {
    expect(roundTripsInSequence([])).toBe(0);
    expect(roundTripsInSequence([{ startMs: 0, endMs: 100 }])).toBe(1);
    // getUser and the role lookup together, then the read: two in sequence.
    expect(
      roundTripsInSequence([
        { startMs: 0, endMs: 100 },
        { startMs: 1, endMs: 101 },
        { startMs: 102, endMs: 202 },
      ]),
    ).toBe(2);
    // Today's waterfall: getUser, then roles, then the read.
    expect(
      roundTripsInSequence([
        { startMs: 0, endMs: 100 },
        { startMs: 100, endMs: 200 },
        { startMs: 200, endMs: 300 },
      ]),
    ).toBe(3);
    // A long request beside a chain of short ones: the chain's length.
    expect(
      roundTripsInSequence([
        { startMs: 0, endMs: 500 },
        { startMs: 0, endMs: 100 },
        { startMs: 110, endMs: 200 },
      ]),
    ).toBe(2);
  });
});

describe('link proxy', () => {
  const big = JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ id: i, text: `row ${i}` })));
  let upstream: http.Server;
  let proxy: LinkProxy;

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      if (req.url === '/gz') {
        const body = zlib.gzipSync(big);
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': body.length });
        return void res.end(body);
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(req.method === 'POST' ? Buffer.concat(chunks) : big);
      });
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    proxy = await startLinkProxy({
      upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      shape: { rttMs: 60, bitsPerSecond: 8_000_000 },
      handshakeRoundTrips: 1,
      countDecoded: true,
    });
  });
  afterAll(async () => {
    await proxy.close();
    upstream.closeAllConnections();
    await new Promise((r) => upstream.close(r));
  });

  it('answers intact, never sooner than the round trip, handshake and bandwidth allow', async () => {
    const t0 = performance.now();
    const r = await fetch(`${proxy.url}/rows`);
    const text = await r.text();
    const elapsed = performance.now() - t0;
    expect(text).toBe(big);
    // A new connection: one handshake round trip, one round trip for the request, and the body at 1 MB/s.
    expect(elapsed).toBeGreaterThanOrEqual(60 + 60 + (big.length / 1e6) * 1000 - 2);
    const rec = proxy.records().at(-1)!;
    expect(rec).toMatchObject({ method: 'GET', path: '/rows', search: '', status: 200, bytesDown: big.length, decodedBytesDown: big.length });
    expect(rec.endMs - rec.startMs).toBeGreaterThanOrEqual(120);

    const posted = await fetch(`${proxy.url}/echo?a=1&b=2`, { method: 'POST', body: 'x'.repeat(10_000) });
    expect(await posted.text()).toBe('x'.repeat(10_000));
    expect(proxy.records().at(-1)).toMatchObject({ method: 'POST', path: '/echo', search: '?a=1&b=2' });
    expect(proxy.records().at(-1)!.bytesUp).toBeGreaterThan(10_000);
  });

  it('passes a compressed answer through compressed, counting its size on the wire and decoded', async () => {
    const r = await fetch(`${proxy.url}/gz`);
    expect(await r.text()).toBe(big);
    const rec = proxy.records().at(-1)!;
    expect(rec.encoding).toBe('gzip');
    expect(rec.bytesDown).toBe(zlib.gzipSync(big).length);
    expect(rec.decodedBytesDown).toBe(big.length);
  });

  it('runs requests sent together side by side, so they count as one round trip in sequence', async () => {
    const before = proxy.records().length;
    await Promise.all([1, 2, 3].map((i) => fetch(`${proxy.url}/echo`, { method: 'POST', body: String(i) }).then((r) => r.text())));
    const after = proxy.records().slice(before);
    expect(after).toHaveLength(3);
    expect(roundTripsInSequence(after)).toBe(1);
  });
});
