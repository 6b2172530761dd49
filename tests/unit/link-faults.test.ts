// Faults on the simulated link (issue 31): the schedule is the same for the same seed and rate, whatever happens to
// each request, and each kind of fault does to a request what a bad network does — seen from a fetch client and
// from a backend that counts what reached it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFaultSchedule, FAULT_KINDS, parseFaultRate, seededRandom, type FaultKind } from '../../main/local-backend/link/faults.js';
import { startLinkProxy } from '../../main/local-backend/link/proxy.js';

describe('the fault schedule', () => {
  it('is the same for the same seed, and differs for another', () => {
    const draw = (seed: number) => {
      const s = createFaultSchedule({ seed, rate: 0.3 });
      return Array.from({ length: 200 }, (_, i) => s.next('POST', `/r/${i}`) ?? '-');
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    expect(seededRandom(1)()).toBe(seededRandom(1)());
  });

  it('hits about the rate asked for, with every kind', () => {
    const s = createFaultSchedule({ seed: 42, rate: 0.1 });
    for (let i = 0; i < 10_000; i++) s.next('GET', '/');
    expect(s.events().length).toBeGreaterThan(850);
    expect(s.events().length).toBeLessThan(1150);
    expect(new Set(s.events().map((e) => e.kind))).toEqual(new Set(FAULT_KINDS));
    expect(createFaultSchedule({ seed: 1, rate: 0 }).next('GET', '/')).toBeUndefined();
  });

  it('while paused faults nothing, and a pause does not shift what comes after it', () => {
    const a = createFaultSchedule({ seed: 3, rate: 0.5 });
    const b = createFaultSchedule({ seed: 3, rate: 0.5 });
    const first = Array.from({ length: 20 }, () => a.next('GET', '/'));
    b.pause(true);
    for (let i = 0; i < 20; i++) expect(b.next('GET', '/')).toBeUndefined();
    b.pause(false);
    const later = Array.from({ length: 20 }, () => a.next('GET', '/'));
    expect(Array.from({ length: 20 }, () => b.next('GET', '/'))).toEqual(later);
    expect(first.some(Boolean)).toBe(true);
  });

  it('reads a rate as a share or a percentage, and names a bad one', () => {
    expect(parseFaultRate('0.1')).toBe(0.1);
    expect(parseFaultRate('10%')).toBe(0.1);
    expect(() => parseFaultRate('150%')).toThrow(/between 0 and 1/);
    expect(() => parseFaultRate('x')).toThrow(/--fault-rate/);
    expect(() => createFaultSchedule({ seed: 1, rate: 2 })).toThrow(/between 0 and 1/);
  });
});

describe('each fault on the link', () => {
  let server: http.Server;
  let origin: string;
  let arrived = 0;
  const body = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ i, text: 'row' })) });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        arrived++;
        res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** One POST through a link whose every request meets `kind`: what the client saw and whether the backend acted. */
  async function through(kind: FaultKind): Promise<{ outcome: string; arrived: number }> {
    const link = await startLinkProxy({
      upstream: origin,
      shape: { rttMs: 0 },
      handshakeRoundTrips: 0,
      faults: createFaultSchedule({ seed: 1, rate: 1, kinds: [kind] }),
      stallMs: 1_000,
    });
    const before = arrived;
    let outcome: string;
    try {
      // Only a stall may run into the client's timeout: a loaded machine must not turn a cut into a timeout.
      const res = await fetch(`${link.url}/rest/v1/things`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(kind === 'stall' ? 300 : 10_000) });
      outcome = `${res.status}`;
      const text = await res.text();
      outcome += text === body ? ' whole' : ' partial';
    } catch (e) {
      outcome = (e as Error).name === 'TimeoutError' ? 'timeout' : 'cut';
    }
    // A stalled request reaches the backend once its stall ends (after the client gave up).
    if (kind === 'stall') await vi.waitFor(() => expect(arrived - before).toBe(1), { timeout: 5_000, interval: 20 });
    else await new Promise((r) => setTimeout(r, 50));
    await link.close();
    return { outcome, arrived: arrived - before };
  }

  it('cut before: the client loses the connection and the backend never sees the request', async () => {
    expect(await through('cut-before')).toEqual({ outcome: 'cut', arrived: 0 });
  });
  it('cut after: the backend acted, the client loses the connection', async () => {
    expect(await through('cut-after')).toEqual({ outcome: 'cut', arrived: 1 });
  });
  it('cut midway: the backend acted, the reply starts and breaks off', async () => {
    expect(await through('cut-midway')).toEqual({ outcome: 'cut', arrived: 1 });
  });
  it('502 and 503: the gateway answers without passing the request on', async () => {
    expect(await through('gateway-502')).toEqual({ outcome: '502 partial', arrived: 0 });
    expect(await through('gateway-503')).toEqual({ outcome: '503 partial', arrived: 0 });
  });
  it('504: the backend acted, the gateway answers 504', async () => {
    expect(await through('gateway-504')).toEqual({ outcome: '504 partial', arrived: 1 });
  });
  it('stall: the client times out, and the request reaches the backend afterwards', async () => {
    expect(await through('stall')).toEqual({ outcome: 'timeout', arrived: 1 });
  });
  it('without faults the link passes the answer whole', async () => {
    const link = await startLinkProxy({ upstream: origin, shape: { rttMs: 0 }, faults: createFaultSchedule({ seed: 1, rate: 0 }) });
    const res = await fetch(`${link.url}/x`, { method: 'POST', body: '{}' });
    expect(await res.text()).toBe(body);
    await link.close();
  });
});
