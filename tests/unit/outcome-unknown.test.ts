import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createRouter, type AccessGate } from '../../main/api/router.js';
import type { Handlers } from '../../main/api/handlers-type.js';
import { trackedFetch } from '../../main/core/connectivity.js';
import { AppError, OFFLINE_WRITE_MESSAGE, OUTCOME_UNKNOWN_MESSAGE } from '../../main/ground/errors.js';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createAuditRecorder } from '../../main/audit/recorder.js';
import type { Connection } from '../../main/core/connections.js';
import { setLogSink } from '../../main/ground/log.js';
import { OpError, refreshAfterError } from '../../renderer/api/hooks.js';
import { contract } from '../../shared/contract/index.js';

const ADMIN = { id: 'admin-id', email: 'a@x.io', username: null, roles: ['admin' as const] };

/** A server that reads the request and hangs up without answering; another that answers a given status. */
let hangUp = '';
let status = '';
let refused = '';
let brokenReply = '';
const servers: Array<http.Server | net.Server> = [];

beforeAll(async () => {
  const silent = http.createServer((req) => req.on('data', () => undefined).on('end', () => req.socket.destroy()));
  // /503 answers 503 with {}; /503-08006 with PostgREST's body for a database connection lost mid-request.
  const answering = http.createServer((req, res) => {
    const [code, sqlState] = (req.url?.slice(1) ?? '').split('-');
    res.writeHead(Number(code) || 200, { 'content-type': 'application/json' });
    res.end(sqlState ? JSON.stringify({ code: sqlState, message: 'connection lost', details: null, hint: null }) : '{}');
  });
  // Answers 201 and half a body, then drops the connection (issue 31: a reply cut midway).
  const breaking = http.createServer((req, res) => {
    req.resume();
    res.writeHead(201, { 'content-type': 'application/json' });
    res.write('[{"id":"row-1","ti');
    setTimeout(() => res.destroy(), 5);
  });
  const closed = net.createServer();
  for (const s of [silent, answering, breaking, closed]) {
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    servers.push(s);
  }
  hangUp = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  status = `http://127.0.0.1:${(answering.address() as AddressInfo).port}`;
  brokenReply = `http://127.0.0.1:${(breaking.address() as AddressInfo).port}`;
  // A port that was just free: nothing listens there, so the connection is refused before anything is sent.
  refused = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((r) => closed.close(() => r()));
  servers.pop();
});
afterAll(async () => {
  for (const s of servers) await new Promise<void>((r) => s.close(() => r()));
});

async function must(url: string, method = 'POST'): Promise<void> {
  const res = await trackedFetch(url, { method, body: method === 'GET' ? undefined : '{}' });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}

/** A router whose every handler runs `steps` (requests of the operation) and whose gate may refresh a token. */
function routerFor(steps: () => Promise<void>, gateRequest?: () => Promise<void>) {
  const handlers = new Proxy({}, { get: () => new Proxy({}, { get: () => async () => (await steps(), { done: true }) }) }) as unknown as Handlers;
  const gate: AccessGate = {
    requireAdmin: async () => (await gateRequest?.(), ADMIN),
    requireSession: async () => ADMIN,
    offlineAdminId: async () => undefined,
  };
  return createRouter({ handlers, gate, readCache: async () => undefined });
}

const write = (r: ReturnType<typeof routerFor>) => r.call('dashboard.setDemoPassword', { password: 'secret-2' });

describe('a write whose reply was lost does not say that nothing was saved (issue 9, item 3)', () => {
  it('nothing sent (connection refused): the offline message stays', async () => {
    expect(await write(routerFor(() => must(`${refused}/rest/v1/x`)))).toEqual({ ok: false, code: 'OFFLINE', message: OFFLINE_WRITE_MESSAGE });
  });

  it('sent, then the connection dropped without a reply: the outcome is unknown', async () => {
    expect(await write(routerFor(() => must(`${hangUp}/rest/v1/x`)))).toEqual({ ok: false, code: 'OUTCOME_UNKNOWN', message: OUTCOME_UNKNOWN_MESSAGE });
  });

  it('a hosted 502 or 504 after sending is unknown, a 503 is offline, and reads count all three as offline', async () => {
    expect(await write(routerFor(() => must(`${status}/502`)))).toMatchObject({ code: 'OUTCOME_UNKNOWN' });
    expect(await write(routerFor(() => must(`${status}/504`)))).toMatchObject({ code: 'OUTCOME_UNKNOWN' });
    expect(await write(routerFor(() => must(`${status}/503`)))).toMatchObject({ code: 'OFFLINE', message: OFFLINE_WRITE_MESSAGE });
    // PostgREST's own 503 for a database connection lost during the request: the commit may have happened.
    expect(await write(routerFor(() => must(`${status}/503-08006`)))).toMatchObject({ code: 'OUTCOME_UNKNOWN' });
    expect(await write(routerFor(() => must(`${status}/503-PGRST000`)))).toMatchObject({ code: 'OFFLINE' });
    for (const s of [502, 503, 504])
      expect(await routerFor(() => must(`${status}/${s}`, 'GET')).call('dashboard.overview', {})).toMatchObject({ code: 'OFFLINE' });
  });

  it('a change that landed before the connection was lost is not reported as nothing saved', async () => {
    const r = routerFor(async () => {
      await must(`${status}/200`);
      await must(`${refused}/rest/v1/reread`, 'GET');
    });
    expect(await write(r)).toMatchObject({ code: 'OUTCOME_UNKNOWN' });
  });

  it('a reply cut midway through its body is unknown, though the client library made it an ordinary error', async () => {
    // supabase-js catches the broken body and returns { error }, which the service turns into its own refusal.
    const r = routerFor(async () => {
      const res = await trackedFetch(`${brokenReply}/rest/v1/x`, { method: 'POST', body: '{}' });
      const text = await res.text().catch(() => undefined);
      if (text === undefined) throw new Error('TypeError: terminated');
    });
    expect(await write(r)).toMatchObject({ code: 'OUTCOME_UNKNOWN' });
  });

  it('requests of the access check (a token refresh) do not count as the change', async () => {
    const r = routerFor(
      () => must(`${refused}/rest/v1/x`),
      () => must(`${status}/200`),
    );
    expect(await write(r)).toMatchObject({ code: 'OFFLINE', message: OFFLINE_WRITE_MESSAGE });
  });

  // Issue 31, `npm run faults -- --ops 400 --seed 2611 --fault-rate 0.1 --token-seconds 20`, steps 0-43: a write whose
  // access check sent a request that reached the server, then found it unreachable, was answered unknown though its
  // handler never ran (and the audit log rightly had nothing).
  it('a write cut off during its access check, after a request of the check reached the server, saved nothing', async () => {
    const r = routerFor(
      () => must(`${status}/200`),
      async () => {
        await must(`${status}/200`);
        await must(`${refused}/rest/v1/rpc/roles`, 'GET');
      },
    );
    expect(await write(r)).toMatchObject({ code: 'OFFLINE', message: OFFLINE_WRITE_MESSAGE });
  });

  it('a token refresh inside the operation is not its change: a later request refused before sending saved nothing', async () => {
    const r = routerFor(async () => {
      await must(`${status}/auth/v1/token?grant_type=refresh_token`);
      await must(`${refused}/rest/v1/x`);
    });
    expect(await write(r)).toMatchObject({ code: 'OFFLINE' });
  });

  it('a write that changes only this computer (a sign-in) is never in doubt: its lost reply is the offline answer', async () => {
    const r = routerFor(() => must(`${hangUp}/auth/v1/token?grant_type=password`));
    expect(await r.call('auth.signIn', { email: 'a@x.io', password: 'secret-password' })).toMatchObject({ code: 'OFFLINE' });
  });

  // Issue 31, seed 2611 steps 1351 and 1395 (`npm run faults -- --ops 1400 --seed 2611 --fault-rate 0.1 --checkpoint 250`):
  // the audit log's read of the target after a refused write met a cut, and the refusal was answered as unknown.
  it("the audit log's reads of the target never turn a refused write's answer into outcome unknown", async () => {
    const handlers = new Proxy(
      {},
      {
        get: () =>
          new Proxy(
            {},
            {
              get: () => async () => {
                await (await trackedFetch(`${status}/404`, { method: 'PATCH', body: '{}' })).text();
                throw new AppError('NOT_FOUND', 'That banner no longer exists.');
              },
            },
          ),
      },
    ) as unknown as Handlers;
    const gate: AccessGate = { requireAdmin: async () => ADMIN, requireSession: async () => ADMIN, offlineAdminId: async () => undefined };
    // The service client reads the target through a gateway whose service is down (502); no audit file is open.
    const down = http.createServer((req, res) => {
      req.resume();
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((r) => down.listen(0, '127.0.0.1', r));
    servers.push(down);
    const service = createClient(`http://127.0.0.1:${(down.address() as AddressInfo).port}`, 'service-key', {
      global: { fetch: trackedFetch },
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const audit = createAuditRecorder({ connection: async () => ({ service }) as unknown as Connection });
    setLogSink(() => undefined);
    const r = createRouter({ handlers, gate, readCache: async () => undefined, audit });
    const input = { id: '00000000-0000-4000-8000-000000000001', category: 'info', title: 't', message: 'm', actionText: '', actionUrl: '' };
    const answer = await r.call('banners.update', { ...input, active: true, startDate: null, endDate: null, targetAudience: 'all' });
    expect(answer).toEqual({ ok: false, code: 'NOT_FOUND', message: 'That banner no longer exists.' });
  });

  it('the renderer refreshes the reads a write affects when its outcome is unknown, as after a success', async () => {
    const client = new QueryClient();
    client.setQueryData(['users', 'list'], { users: [] });
    client.setQueryData(['coaches', 'list'], []);
    const spec = contract.users.deleteUser;
    await refreshAfterError(client, spec, new OpError('OFFLINE', OFFLINE_WRITE_MESSAGE));
    expect(client.getQueryState(['users', 'list'])?.isInvalidated).toBe(false);
    await refreshAfterError(client, spec, new OpError('OUTCOME_UNKNOWN', OUTCOME_UNKNOWN_MESSAGE));
    expect(client.getQueryState(['users', 'list'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['coaches', 'list'])?.isInvalidated).toBe(false);
  });
});
