import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient, projectFetch, warmProject, warmProjectIfCold } from '../../main/core/supabase-clients.js';
import { WARM_CONNECTIONS, connectionsMayBeCold, projectAgent } from '../../main/core/warm-connections.js';
import { SessionService } from '../../main/services/auth/session-service.js';
import type { Connection, Connections } from '../../main/core/connections.js';
import type { EventBus } from '../../main/core/events.js';
import { changeMayHaveLandedInThisCall, runTracked, unreachableInThisCall } from '../../main/core/connectivity.js';

/**
 * Connections to the project stay warm (issue 30): every request of a screen after the first finds an open
 * connection, a count included (fetch closes the connection after a HEAD, so a count goes as a GET of no rows), and a
 * connection the server has closed is replaced without the request failing or being sent twice.
 */
interface Project {
  readonly url: string;
  readonly requests: { method: string; url: string; connection: number }[];
  connections(): number;
  /** Closes every idle connection from the server's side, as a server whose keep-alive ran out does. */
  closeIdle(): void;
  /** Drops the connection of the next POST as it arrives, unanswered (as a server that closed it meanwhile). */
  dropNextPost(): void;
  /** The POSTs that arrived, dropped or not. */
  postsArrived(): number;
  close(): Promise<void>;
}

/** keepAliveMs 0: a server that announces no idle timeout (as hosted Supabase) and closes none. */
async function startProject(keepAliveMs = 60_000): Promise<Project> {
  const requests: Project['requests'] = [];
  const sockets = new Map<Socket, { n: number; busy: boolean }>();
  let opened = 0;
  let drop = false;
  let posts = 0;
  const server = http.createServer((req, res) => {
    if (req.method === 'POST') posts += 1;
    if (req.method === 'POST' && drop) {
      drop = false;
      return void req.socket.destroy();
    }
    const conn = sockets.get(req.socket)!;
    conn.busy = true;
    req.resume();
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', connection: conn.n });
      const headers = { 'content-type': 'application/json', 'content-range': '0-0/4321' };
      res.on('finish', () => (conn.busy = false));
      if (req.method === 'HEAD') {
        res.writeHead(200, headers);
        return void res.end();
      }
      if (req.url?.includes('missing')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ code: '42P01', message: 'relation "missing" does not exist' }));
      }
      // A GET of no rows answers `[]` and the count, as PostgREST does for limit=0.
      res.writeHead(200, { ...headers, 'content-range': req.url?.includes('limit=0') ? '*/4321' : '0-0/4321' });
      res.end(req.url?.includes('limit=0') ? '[]' : '[{"id":1}]');
    });
  });
  server.keepAliveTimeout = keepAliveMs;
  server.on('connection', (s: Socket) => sockets.set(s, { n: ++opened, busy: false }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    connections: () => opened,
    dropNextPost: () => (drop = true),
    postsArrived: () => posts,
    closeIdle: () => {
      for (const [s, c] of sockets) if (!c.busy) s.destroy();
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let project: Project | undefined;
afterEach(async () => {
  await project?.close();
  project = undefined;
});

describe('warm connections to the project', () => {
  it('a screen read again opens no connection: its counts go as GETs of no rows and keep theirs open', async () => {
    project = await startProject();
    const db = createServiceClient({ url: project.url, anonKey: 'anon', serviceRoleKey: 'service' });
    // A screen as main reads it: a count and the first page side by side, beside two more requests.
    const screen = () =>
      Promise.all([
        db.from('items').select('id', { count: 'exact', head: true }),
        db.from('items').select('id').range(0, 999),
        db.from('other').select('id', { count: 'exact', head: true }).eq('status', 'sent'),
        db.from('other').select('id'),
      ]);
    const [count, , filtered] = await screen();
    expect(count).toMatchObject({ error: null, data: null, count: 4321 });
    expect(filtered).toMatchObject({ error: null, count: 4321 });
    const warm = project.connections();
    expect(warm).toBeLessThanOrEqual(4);
    for (let i = 0; i < 5; i++) {
      await sleep(5); // the next click: the connections are back in the pool
      await screen();
    }
    expect(project.connections()).toBe(warm);
    // The counts reached the server as GETs of no rows, the filter kept; no HEAD was sent.
    expect(project.requests.filter((r) => r.method === 'HEAD')).toEqual([]);
    expect(project.requests.some((r) => r.method === 'GET' && r.url === '/rest/v1/other?select=id&status=eq.sent&limit=0')).toBe(true);
  });

  it("a count's refusal still says what went wrong, and a HEAD outside the table API is sent as it is", async () => {
    project = await startProject();
    const db = createServiceClient({ url: project.url, anonKey: 'anon', serviceRoleKey: 'service' });
    const refused = await db.from('missing').select('id', { count: 'exact', head: true });
    expect(refused.error?.message).toBe('relation "missing" does not exist');
    const f = projectFetch({ url: project.url });
    expect((await f(`${project.url}/storage/v1/object/b/x`, { method: 'HEAD' })).status).toBe(200);
    // One that names its own window is left alone as well.
    await f(`${project.url}/rest/v1/items?select=id&limit=5`, { method: 'HEAD' });
    expect(project.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /rest/v1/missing?select=id&limit=0',
      'HEAD /storage/v1/object/b/x',
      'HEAD /rest/v1/items?select=id&limit=5',
    ]);
  });

  it('a GET on a connection the server has closed goes out on a new one and answers, the backend still online', async () => {
    project = await startProject();
    const f = projectFetch({ url: project.url });
    await (await f(`${project.url}/rest/v1/items?select=id`)).text();
    project.closeIdle();
    await sleep(20);
    const { promise, unreachable } = runTracked(async () => (await f(`${project!.url}/rest/v1/items?select=id`)).json());
    expect(await promise).toEqual([{ id: 1 }]);
    expect(unreachable()).toBe(false);
    expect(project.connections()).toBe(2);
  });

  it('a write after the server closed the connection is sent once, on a new connection, and known to have landed', async () => {
    project = await startProject();
    const f = projectFetch({ url: project.url });
    await (await f(`${project.url}/rest/v1/items?select=id`)).text();
    project.closeIdle();
    await sleep(20);
    const tracked = runTracked(async () => {
      const res = await f(`${project!.url}/rest/v1/items`, { method: 'POST', body: '{"name":"x"}', headers: { 'content-type': 'application/json' } });
      await res.text();
      return { unreachable: unreachableInThisCall(), landed: changeMayHaveLandedInThisCall() };
    });
    expect(await tracked.promise).toEqual({ unreachable: false, landed: true });
    expect(project.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(project.requests.at(-1)!.connection).toBe(2);
  });

  it('a write whose connection drops as it arrives is never sent again: it fails as one that may have landed', async () => {
    project = await startProject();
    const f = projectFetch({ url: project.url });
    await (await f(`${project.url}/rest/v1/items?select=id`)).text();
    project.dropNextPost();
    const tracked = runTracked(() => f(`${project!.url}/rest/v1/items`, { method: 'POST', body: '{"name":"x"}' }));
    await expect(tracked.promise).rejects.toThrow('fetch failed');
    await sleep(50);
    // Sent once, not retried on a new connection: the router answers "outcome unknown", never a duplicate.
    expect(project.postsArrived()).toBe(1);
    expect(tracked.changeMayHaveLanded()).toBe(true);
  });

  it('a server whose keep-alive is shorter than the wait: its announced timeout is kept, the next request opens a connection and answers', async () => {
    project = await startProject(1_000);
    const f = projectFetch({ url: project.url });
    await (await f(`${project.url}/rest/v1/items?select=id`)).text();
    // The server announces 1 s; the client gives the connection up before the server does.
    await sleep(1_100);
    const res = await f(`${project.url}/rest/v1/items`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    await res.text();
    expect(project.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(project.connections()).toBe(2);
  });

  it('opened ahead, as many connections as a screen sends at once: its requests then open none', async () => {
    project = await startProject();
    await warmProject({ url: project.url, anonKey: 'anon' });
    expect(project.connections()).toBe(WARM_CONNECTIONS);
    expect(project.requests.every((r) => r.url === '/auth/v1/health')).toBe(true);
    expect(connectionsMayBeCold()).toBe(false);
    const f = projectFetch({ url: project.url });
    await Promise.all(Array.from({ length: WARM_CONNECTIONS }, async (_, i) => (await f(`${project!.url}/rest/v1/t${i}?select=id`)).text()));
    expect(project.connections()).toBe(WARM_CONNECTIONS);
    // None for the backend on this computer, where a connection costs nothing.
    await warmProject({ url: project.url, anonKey: 'anon', onThisComputer: true });
    expect(project.requests).toHaveLength(2 * WARM_CONNECTIONS);
  });

  it('the window back after a pause opens them again once they may have gone cold, and not while they are warm', async () => {
    project = await startProject();
    const current = async () => ({ credentials: { url: project!.url, anonKey: 'anon' } });
    // A minute after the last answer (the pool keeps an idle connection 30 s): opened again.
    expect(await warmProjectIfCold(current, performance.now() + 60_000)).toBe(true);
    expect(project.connections()).toBe(WARM_CONNECTIONS);
    // Just answered: nothing more.
    expect(await warmProjectIfCold(current)).toBe(false);
    expect(project.requests).toHaveLength(WARM_CONNECTIONS);
  });

  it("keeps a connection through an administrator's pause when the server announces no timeout (fetch alone gives it up after 4 s)", async () => {
    project = await startProject(0);
    let connects = 0;
    const onConnect = () => (connects += 1);
    projectAgent.on('connect', onConnect);
    try {
      const f = projectFetch({ url: project.url });
      await (await f(`${project.url}/rest/v1/items?select=id`)).text();
      await sleep(4_300);
      await (await f(`${project.url}/rest/v1/items?select=id`)).text();
      expect(project.connections()).toBe(1);
      expect(connects).toBe(1); // the project's own connections, not the global ones
    } finally {
      projectAgent.off('connect', onConnect);
    }
  });

  it("a sign-in opens the project's connections while the password travels", async () => {
    project = await startProject();
    const url = project.url;
    const order: string[] = [];
    const conn = {
      credentials: { url, anonKey: 'anon', serviceRoleKey: 'service' },
      user: {
        auth: {
          signInWithPassword: async () => {
            order.push(`password sent, ${project!.requests.length} requests in`);
            await sleep(30);
            return { data: { user: { id: 'u', email: 'a@x.io', user_metadata: {} } }, error: null };
          },
          startAutoRefresh: async () => undefined,
        },
      },
      service: { from: () => ({ select: () => ({ eq: async () => ({ data: [], error: null }) }) }) },
      cache: undefined,
    } as unknown as Connection;
    let warming: Promise<void> | undefined;
    const sessions = new SessionService({ current: async () => conn } as unknown as Connections, { emit: () => undefined } as unknown as EventBus, {
      onSigningIn: (c) => {
        warming = warmProject(c.credentials);
      },
    });
    await sessions.signIn('a@x.io', 'pw');
    await warming;
    order.push(`warm, ${project.connections()} connections`);
    expect(order).toEqual([`password sent, 0 requests in`, `warm, ${WARM_CONNECTIONS} connections`]);
  });
});
