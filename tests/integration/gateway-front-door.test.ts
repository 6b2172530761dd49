import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';

const backend = sharedBackend();
const gateway = new URL(backend.url);

interface Reply {
  status: number;
  body: string;
}

/** A raw request, so the path and headers go out exactly as written (fetch would normalise them). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: gateway.hostname, port: gateway.port, path, method, headers: { apikey: backend.anonKey, ...headers }, setHost: !('host' in headers) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const NO_KEY = { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' };

describe('the demo gateway forwards only to PostgREST and only for callers with an API key (issue 9, item 2)', () => {
  let received: string[];
  let foreign: http.Server;
  let host: string;
  beforeAll(async () => {
    received = [];
    foreign = http.createServer((req, res) => {
      received.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)}`);
      res.end('{}');
    });
    await new Promise<void>((r) => foreign.listen(0, '127.0.0.1', r));
    host = `127.0.0.1:${(foreign.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => foreign.close(() => r())));

  it('never forwards a REST request to another host, however the path is spelled', async () => {
    const paths = [
      `/rest/v1//${host}/x`,
      `/rest/v1///${host}/x`,
      `/rest/v1/\\\\${host}/x`,
      `/rest/v1/\\/${host}/x`,
      `/rest/v1/%2F%2F${host}/x`,
      `/rest/v1/%2f%2f${host}%2fx`,
      `/rest/v1/..//${host}/x`,
      `/rest/v1/%2e%2e//${host}/x`,
      `/rest/v1/./../rest/v1//${host}/x`,
      `/rest/v1@${host}/x`,
      `/rest/v1/@${host}/x`,
      `/rest/v1//user@${host}/x`,
      `/rest/v1/http://${host}/x`,
      `/rest/v1/http:${host}/x`,
      `/rest/v1?x=1//${host}/x`,
      `/rest/v1//${host}:80/x`,
    ];
    for (const path of paths) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const r = await raw(
          path,
          { authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
          method,
          method === 'POST' ? '{"a":1}' : undefined,
        );
        expect(r.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(r.status, `${method} ${path}`).not.toBe(200);
      }
    }
    expect(received).toEqual([]);
  });

  it('answers only requests addressed to this computer: a foreign Host or an absolute-form target is refused', async () => {
    for (const h of [
      '127.0.0.1.evil.example',
      'evil.example',
      `127.0.0.1.evil.example:${gateway.port}`,
      'localhost.',
      '127.0.0.1@evil.example',
      `127.0.0.1:${gateway.port}@evil.example`,
      '127.1',
      '0.0.0.0',
      '[::ffff:127.0.0.1]',
      '',
    ]) {
      const r = await raw('/rest/v1/admin_settings?select=key', { host: h });
      expect(r.status, `Host: ${h}`).toBe(421);
    }
    for (const target of [`http://${host}/rest/v1/x`, `http://${gateway.host}/rest/v1/admin_settings`, `//${host}/rest/v1/x`, '*']) {
      const r = await raw(target);
      expect(r.status, target).toBe(400);
    }
    for (const h of [`localhost:${gateway.port}`, `LOCALHOST:${gateway.port}`, `[::1]:${gateway.port}`, '127.0.0.1']) {
      expect((await raw('/rest/v1/admin_settings?select=key', { host: h, authorization: `Bearer ${backend.serviceRoleKey}` })).status, `Host: ${h}`).toBe(200);
    }
    // A forwarded host is not an address: it changes nothing.
    expect(
      (await raw('/rest/v1/admin_settings?select=key', { 'x-forwarded-host': 'evil.example', authorization: `Bearer ${backend.serviceRoleKey}` })).status,
    ).toBe(200);
    expect(received).toEqual([]);
  });

  it('refuses a request without an API key on every service with 401, as hosted Supabase does', async () => {
    const routes: Array<[string, string]> = [
      ['GET', '/rest/v1/admin_settings?select=key'],
      ['GET', '/rest/v1/'],
      ['GET', '/auth/v1/settings'],
      ['GET', '/auth/v1/user'],
      ['GET', '/auth/v1/admin/users'],
      ['POST', '/auth/v1/token?grant_type=password'],
      ['GET', '/storage/v1/bucket'],
      ['POST', '/storage/v1/object/list/coach-avatars'],
      ['GET', '/storage/v1/object/authenticated/coach-avatars/x.jpg'],
      ['POST', '/storage/v1/object/coach-avatars/x.jpg'],
      ['POST', '/functions/v1/admin-delete-user'],
    ];
    for (const [method, path] of routes) {
      const r = await raw(path, { apikey: '', authorization: `Bearer ${backend.serviceRoleKey}` }, method);
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(JSON.parse(r.body), `${method} ${path}`).toEqual(NO_KEY);
      const wrong = await raw(path, { apikey: 'not-a-key', authorization: `Bearer ${backend.serviceRoleKey}` }, method);
      expect(wrong.status, `${method} ${path} with a wrong key`).toBe(401);
    }
    // The key as a URL parameter counts, and is not passed on to PostgREST as a filter.
    const byParam = await raw(`/rest/v1/admin_settings?select=key&apikey=${backend.serviceRoleKey}`, { apikey: '' });
    expect(byParam.status).toBe(200);
    // Public object URLs stay open, as on hosted Supabase (images load in <img>).
    expect((await raw('/storage/v1/object/public/coach-avatars/none.jpg', { apikey: '' })).status).toBe(400);
  });

  it('a badly percent-encoded object name is a 400, not a 500', async () => {
    for (const name of ['%E0%A4%A', 'a/%E0%A4%A.jpg', '%', 'x%zz']) {
      for (const path of [`/storage/v1/object/public/coach-avatars/${name}`, `/storage/v1/object/authenticated/coach-avatars/${name}`]) {
        const r = await raw(path, { authorization: `Bearer ${backend.serviceRoleKey}` });
        expect(r.status, path).toBe(400);
        expect(r.body).not.toMatch(/at .*\.js|URIError/);
      }
    }
  });
});
