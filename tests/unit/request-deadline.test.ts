import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { runTracked, setRequestTimeout, trackedFetch } from '../../main/core/connectivity.js';
import { readTargetRows } from '../../main/core/target-rows.js';

/**
 * Issue 31's calls that never answered (the fault run's watchdog, 90 s): a request the server never answers must
 * still fail at the app's timeout after garbage collection. Node 20's fetch follows the signal it is given through
 * weak references, so AbortSignal.any(...) with AbortSignal.timeout(...) lost its abort once collected, and the
 * request waited for ever. Collected here on purpose, every 20 ms.
 */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let silent: http.Server;
let url = '';
beforeAll(async () => {
  silent = http.createServer((req, res) => {
    // /body: the headers and the start of a body, then nothing; anything else: nothing at all.
    if (req.url === '/body') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"rows":[');
    }
  });
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(async () => {
  setRequestTimeout(30_000);
  silent.closeAllConnections();
  await new Promise<void>((r) => silent.close(() => r()));
});

/** How the call ended, or 'no answer' after 3 s, with garbage collected meanwhile. */
async function endOf(path: string, withSignal: boolean): Promise<string> {
  setRequestTimeout(300);
  const started = performance.now();
  const call = runTracked(async () => {
    const res = await trackedFetch(`${url}${path}`, withSignal ? { signal: new AbortController().signal } : {});
    await res.text();
  }).promise.then(
    () => 'answered',
    (e: unknown) => `${(e as Error).name} after ${performance.now() - started < 2_000 ? 'less than 2 s' : 'too long'}`,
  );
  const collecting = setInterval(gc, 20);
  try {
    return await Promise.race([call, new Promise<string>((r) => setTimeout(() => r('no answer'), 3_000))]);
  } finally {
    clearInterval(collecting);
  }
}

describe("a request's deadline under garbage collection", () => {
  it('fails at the timeout when the server never answers, with or without a signal of the caller', async () => {
    expect(await endOf('/', true)).toBe('TimeoutError after less than 2 s');
    expect(await endOf('/', false)).toBe('TimeoutError after less than 2 s');
  });

  it("the audit log's settling read keeps its own 300 ms bound (the app's deadline far away)", async () => {
    setRequestTimeout(30_000);
    const db = createClient(url, 'anon-key', {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: trackedFetch },
      realtime: { transport: WebSocket as never },
    });
    const started = performance.now();
    const read = readTargetRows(db, { table: 'coaches', match: { eq: { id: 'x' } } }, { timeoutMs: 300, retry: false }).then(
      () => 'answered',
      () => (performance.now() - started < 2_000 ? 'failed in time' : 'failed late'),
    );
    const collecting = setInterval(gc, 20);
    try {
      expect(await Promise.race([read, new Promise((r) => setTimeout(() => r('no answer'), 3_000))])).toBe('failed in time');
    } finally {
      clearInterval(collecting);
    }
  });

  it('fails at the timeout when the body stops midway', async () => {
    expect(await endOf('/body', true)).toBe('TimeoutError after less than 2 s');
    expect(await endOf('/body', false)).toBe('TimeoutError after less than 2 s');
  });
});
