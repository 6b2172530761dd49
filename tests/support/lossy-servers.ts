import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { setRequestTimeout } from '../../main/core/connectivity.js';

/**
 * Two local servers for a describe block's lost replies: `hangUp` reads the request and drops the connection; `status`
 * answers the status its path names (`${status}/504`). Started before the block's tests, closed after them (the
 * request timeout a test shortened is set back).
 */
export function lossyServers(): { readonly hangUp: string; readonly status: string } {
  const urls = { hangUp: '', status: '' };
  const servers: http.Server[] = [];
  beforeAll(async () => {
    const silent = http.createServer((req) => req.on('data', () => undefined).on('end', () => req.socket.destroy()));
    const answering = http.createServer((req, res) => {
      req.resume();
      res.writeHead(Number(req.url?.slice(1)) || 200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    for (const s of [silent, answering]) {
      await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
      servers.push(s);
    }
    [urls.hangUp, urls.status] = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`) as [string, string];
  });
  afterAll(async () => {
    setRequestTimeout(30_000);
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise<void>((r) => s.close(() => r()));
    }
  });
  return urls;
}
