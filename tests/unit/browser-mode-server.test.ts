import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserModeServer, type BrowserModeServer } from '../../main/web/server.js';
import { createEventBus } from '../../main/core/events.js';
import { contentSecurityPolicy } from '../../main/core/csp.js';

/** Raw HTTP, so the test can send any Host and Origin header (fetch would not let it). */
function request(port: number, opts: { path: string; method?: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: opts.path, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** The status of an API call whose token header carries exactly these bytes. */
function rawStatus(port: number, token: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        Buffer.concat([
          Buffer.from(
            `POST /api/op/app.info HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\nx-reflect-token: `,
          ),
          token,
          Buffer.from('\r\n\r\n{}'),
        ]),
      );
    });
    let text = '';
    socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describe('browser mode endpoint (B1)', () => {
  let server: BrowserModeServer;
  let port: number;
  let root: string;
  const calls: { name: string; input: unknown; options?: unknown }[] = [];

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-web-'));
    fs.writeFileSync(path.join(root, 'index.html'), '<meta name="csp-nonce" content="__CSP_NONCE__"><div id=root></div>');
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'assets', 'app-abcdefgh.js'), 'console.log(1)');
    fs.writeFileSync(path.join(os.tmpdir(), 'outside-secret.txt'), 'secret');
    server = await startBrowserModeServer({
      router: {
        call: async (name, input, options) => (calls.push({ name, input, ...(options === undefined ? {} : { options }) }), { ok: true, data: { name } }),
      },
      events: createEventBus(),
      rendererRoot: root,
      port: 0,
      contentSecurityPolicy: (nonce) => contentSecurityPolicy({ imageOrigins: [], styleNonce: nonce }),
    });
    port = Number(new URL(server.url).port);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const host = () => ({ host: `127.0.0.1:${port}` });
  const api = (headers: Record<string, string>) =>
    request(port, { path: '/api/op/app.info', method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });

  it('listens on the loopback address only', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('refuses API calls without the token, or with a wrong one, and never calls the router', async () => {
    calls.length = 0;
    expect((await api(host())).status).toBe(401);
    expect((await api({ ...host(), 'x-reflect-token': 'wrong' })).status).toBe(401);
    expect((await api({ ...host(), cookie: `x-reflect-token=${server.token}` })).status).toBe(401);
    expect(calls).toEqual([]);
  });

  it("answers an odd token header (bytes above ASCII, of the token's length; repeated) with 401, never a 500", async () => {
    calls.length = 0;
    // Sent as raw bytes: 0xE9 is one character to Node's latin1 header reading but two bytes once UTF-8 encoded.
    const odd = Buffer.concat([Buffer.from([0xe9]), Buffer.from(server.token.slice(1))]);
    expect(await rawStatus(port, odd)).toBe(401);
    expect(await rawStatus(port, Buffer.alloc(server.token.length, 0xff))).toBe(401);
    const twice = await request(port, {
      path: '/api/op/app.info',
      method: 'POST',
      headers: { ...host(), 'x-reflect-token': [server.token, server.token] as unknown as string },
      body: '{}',
    });
    expect(twice.status).toBe(401);
    expect(calls).toEqual([]);
  });

  it('answers with the token in the header', async () => {
    const r = await api({ ...host(), 'x-reflect-token': server.token });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ ok: true, data: { name: 'app.info' } });
  });

  it('carries the call options header (percent-encoded JSON) to the router, and refuses an unreadable one', async () => {
    calls.length = 0;
    const send = (extra: Record<string, string>) =>
      request(port, {
        path: '/api/op/banners.delete',
        method: 'POST',
        headers: { ...host(), 'x-reflect-token': server.token, 'content-type': 'application/json', ...extra },
        body: '{"id":"x"}',
      });
    const name = 'Prod – Zürich';
    expect((await send({ 'x-reflect-call-options': encodeURIComponent(JSON.stringify({ confirmName: name })) })).status).toBe(200);
    expect((await send({})).status).toBe(200);
    expect(calls).toEqual([
      { name: 'banners.delete', input: { id: 'x' }, options: { confirmName: name } },
      { name: 'banners.delete', input: { id: 'x' } },
    ]);
    for (const bad of ['{confirmName', '%E0%A4%A', '']) {
      const r = await send({ 'x-reflect-call-options': bad });
      expect(r.status, bad).toBe(200);
      expect(JSON.parse(r.body), bad).toEqual({ ok: false, code: 'INVALID_INPUT', message: 'The call options must be percent-encoded JSON.' });
    }
    expect(calls).toHaveLength(2);
  });

  it('refuses another Host header (DNS rebinding), even with the token', async () => {
    calls.length = 0;
    expect((await api({ host: 'evil.example', 'x-reflect-token': server.token })).status).toBe(421);
    expect((await api({ host: `127.0.0.1.evil.example:${port}`, 'x-reflect-token': server.token })).status).toBe(421);
    expect((await request(port, { path: '/', headers: { host: 'evil.example' } })).status).toBe(421);
    expect(calls).toEqual([]);
  });

  it('refuses requests from another origin and sends no CORS headers', async () => {
    calls.length = 0;
    const cross = await api({ ...host(), origin: 'https://evil.example', 'x-reflect-token': server.token });
    expect(cross.status).toBe(403);
    const site = await api({ ...host(), 'sec-fetch-site': 'cross-site', 'x-reflect-token': server.token });
    expect(site.status).toBe(403);
    const preflight = await request(port, {
      path: '/api/op/app.info',
      method: 'OPTIONS',
      headers: { ...host(), origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('serves the renderer with a CSP whose style nonce is new on every load', async () => {
    const a = await request(port, { path: '/', headers: host() });
    const b = await request(port, { path: '/admin/users', headers: host() });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const nonceA = /content="([^"]+)"/.exec(a.body)?.[1];
    const nonceB = /content="([^"]+)"/.exec(b.body)?.[1];
    expect(nonceA).not.toBe('__CSP_NONCE__');
    expect(nonceA).not.toBe(nonceB);
    expect(a.headers['content-security-policy']).toContain(`'nonce-${nonceA}'`);
    expect(a.headers['content-security-policy']).toContain("script-src 'self'");
    expect(a.headers['x-frame-options']).toBe('DENY');
  });

  it('refuses paths that leave the renderer folder', async () => {
    for (const p of [
      '/../outside-secret.txt',
      '/%2e%2e/outside-secret.txt',
      '/assets/..%2f..%2foutside-secret.txt',
      '/assets/%5c..%5csecret',
      '/assets/missing.js',
    ]) {
      const r = await request(port, { path: p, headers: host() });
      expect(r.status, p).toBe(404);
      expect(r.body).not.toContain('secret');
    }
    expect((await request(port, { path: '/assets/app-abcdefgh.js', headers: host() })).body).toBe('console.log(1)');
  });
  /** POST a body in chunks (no content-length unless given) and resolve on the answer, even if the server stops reading. */
  function post(body: Buffer | string, headers: Record<string, string> = {}, chunk = 1024 * 1024) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/op/email.saveTrigger',
          method: 'POST',
          headers: { ...host(), 'x-reflect-token': server.token, 'content-type': 'application/json', ...headers },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        },
      );
      let answered = false;
      req.on('response', () => (answered = true));
      // Once the server has answered and closed, writing the rest fails: that is the point, not an error.
      req.on('error', (e) => (answered ? undefined : reject(e)));
      const data = Buffer.from(body);
      const write = (at: number) => {
        if (answered || req.destroyed) return;
        if (at >= data.length) return void req.end();
        if (req.write(data.subarray(at, at + chunk))) setImmediate(() => write(at + chunk));
        else req.once('drain', () => write(at + chunk));
      };
      write(0);
    });
  }

  it('answers a deeply nested body with 400 INVALID_INPUT, never a 500, and never calls the router (issue 26 item 7)', async () => {
    calls.length = 0;
    const depth = 200_000;
    const r = await post(`{"triggerName":"x","conditionParameters":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toEqual({ ok: false, code: 'INVALID_INPUT', message: 'The request nests deeper than 32 levels.' });
    expect(calls).toEqual([]);
    // 32 levels still reach the router, whose schema bounds each field further.
    expect((await post(`{"a":${'['.repeat(31)}${']'.repeat(31)}}`)).status).toBe(200);
    expect((await post('{"a":')).status).toBe(400);
  });

  it('answers an over-large body with 413 INVALID_INPUT, announced or not, without reading it all', async () => {
    calls.length = 0;
    const big = Buffer.alloc(31 * 1024 * 1024, 0x20);
    const announced = await post(big, { 'content-length': String(big.length) });
    expect(announced.status).toBe(413);
    expect(JSON.parse(announced.body)).toEqual({ ok: false, code: 'INVALID_INPUT', message: 'The request is larger than 30 MB.' });
    const streamed = await post(big);
    expect(streamed.status).toBe(413);
    expect(calls).toEqual([]);
    // The server still answers afterwards.
    expect((await api({ ...host(), 'x-reflect-token': server.token })).status).toBe(200);
  });
});
