// The gateway's answer when PostgREST fails a request: 503 only when the request never reached it (refused), 502
// when it was cut after reaching it (PostgREST stopped, perhaps after committing), so a client's "may have landed"
// tracking (main/core/connectivity.ts) never reads a saved change as "nothing was saved".
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { proxyRest } from '../../main/local-backend/gateway/rest-proxy.js';

const servers: http.Server[] = [];
const listen = async (handler: http.RequestListener): Promise<number> => {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
};
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((done) => s.close(done));
  }
});

/** A gateway passing every request to the upstream port; the answer's status and body. */
async function throughGateway(upstreamPort: number): Promise<{ status: number; message: string }> {
  const port = await listen((req, res) => proxyRest(new URL(`http://127.0.0.1:${upstreamPort}/coaches`), req, res, undefined));
  const res = await fetch(`http://127.0.0.1:${port}/rest/v1/coaches`, { method: 'POST', body: '{"name":"x"}' });
  return { status: res.status, message: ((await res.json()) as { message: string }).message };
}

describe('the gateway when PostgREST fails a request', () => {
  it('answers 502 when PostgREST drops the request it received', async () => {
    let received = 0;
    const upstream = await listen((req) => {
      received++;
      req.socket.destroy();
    });
    expect(await throughGateway(upstream)).toEqual({ status: 502, message: 'An invalid response was received from the database API.' });
    expect(received).toBe(1);
  });

  it('drops the connection when PostgREST stops midway through its answer (a broken reply, never half a body held open)', async () => {
    const upstream = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[{"id":');
      setTimeout(() => res.socket?.destroy(), 50);
    });
    const port = await listen((req, res) => proxyRest(new URL(`http://127.0.0.1:${upstream}/coaches`), req, res, undefined));
    const res = await fetch(`http://127.0.0.1:${port}/rest/v1/coaches`, { signal: AbortSignal.timeout(5_000) });
    expect(res.status).toBe(200);
    const read = await res.text().then(
      () => 'read whole',
      (e: unknown) => (e as Error).name,
    );
    expect(read).toBe('TypeError');
  });

  it('answers 503 when PostgREST refuses the connection (nothing passed on)', async () => {
    const closed = await listen(() => undefined);
    await new Promise((done) => servers.pop()!.close(done));
    expect(await throughGateway(closed)).toEqual({ status: 503, message: 'The database API is not available.' });
  });
});
