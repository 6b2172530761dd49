import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_ORIGIN_MESSAGE, createServiceClient, projectFetch } from '../../main/core/supabase-clients.js';

/** Two loopback servers: the project, which redirects /moved to the other, and a foreign host that records. */
describe('the one fetch that carries keys goes only to the project origin (issue 9, item 1)', () => {
  const received: string[] = [];
  let project: http.Server;
  let foreign: http.Server;
  let projectUrl = '';
  let foreignUrl = '';
  beforeAll(async () => {
    foreign = http.createServer((req, res) => {
      received.push(`${req.url} ${JSON.stringify(req.headers)}`);
      res.end('{}');
    });
    await new Promise<void>((r) => foreign.listen(0, '127.0.0.1', r));
    foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
    project = http.createServer((req, res) => {
      res.writeHead(307, { location: `${foreignUrl}${req.url}` });
      res.end();
    });
    await new Promise<void>((r) => project.listen(0, '127.0.0.1', r));
    projectUrl = `http://127.0.0.1:${(project.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => project.close(() => r()));
    await new Promise<void>((r) => foreign.close(() => r()));
  });

  it('refuses any other origin before sending, and never follows a redirect', async () => {
    const f = projectFetch({ url: projectUrl });
    for (const url of [`${foreignUrl}/auth/v1/settings`, `http://localhost:${new URL(projectUrl).port}/x`, `http://user@${new URL(projectUrl).host}/x`]) {
      await expect(f(url, { headers: { apikey: 'secret-key' } }), url).rejects.toThrow(FOREIGN_ORIGIN_MESSAGE);
    }
    const redirected = await f(`${projectUrl}/rest/v1/x`, { headers: { apikey: 'secret-key' } });
    expect(redirected.status).toBe(307);
    const client = createServiceClient({ url: projectUrl, anonKey: 'anon-key', serviceRoleKey: 'service-role-secret' });
    await client.from('x').select('*');
    await client.auth.admin.listUsers();
    await client.storage.from('b').download('x');
    await client.functions.invoke('f', { body: {} });
    expect(received).toEqual([]);
  });

  it('asks for compressed answers from a project across a network, and for none from one on this computer', async () => {
    const seen: (string | undefined)[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers['accept-encoding']);
      if (/\bbr\b/.test(req.headers['accept-encoding'] ?? '')) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' });
        res.end(zlib.brotliCompressSync('{"compressed":true}'));
      } else res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // Brotli as well as gzip, as fetch asks of an https origin, and the answer arrives decoded.
      expect(await (await projectFetch({ url })(`${url}/rest/v1/x`)).json()).toEqual({ compressed: true });
      await (await projectFetch({ url, onThisComputer: true })(`${url}/rest/v1/x`, { headers: { apikey: 'k' } })).text();
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
    expect(seen[0]).toMatch(/br.*gzip/);
    expect(seen[1]).toBe('identity');
  });
});
