// Issue 30: every change of reachability main finds reaches the windows as an event (not only the background admin
// check's), so screens on local answers take the offline form, and screens in the offline form fetch again once the
// backend answers.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testAppServices } from '../support/test-app-services.js';
import { markUnreachable, trackedFetch } from '../../main/core/connectivity.js';
import type { AppEvent } from '../../shared/contract/events.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function server(): Promise<string> {
  const s = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => s.close(() => r())));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/`;
}

function app() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-connectivity-events-'));
  const services = testAppServices(dir);
  const events: AppEvent[] = [];
  const stop = services.events.subscribe((e) => events.push(e));
  cleanups.push(async () => {
    stop();
    await services.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { services, connectivity: () => events.filter((e) => e.type === 'connectivity') };
}

describe('connectivity events', () => {
  it('tells the windows each time the backend is found unreachable or reachable again, once per change', async () => {
    const url = await server();
    await (await trackedFetch(url)).text(); // reachable to begin with
    const { connectivity } = app();
    markUnreachable();
    markUnreachable();
    await (await trackedFetch(url)).text();
    await (await trackedFetch(url)).text();
    expect(connectivity()).toEqual([
      { type: 'connectivity', online: false },
      { type: 'connectivity', online: true },
    ]);
  });

  it('stops telling once the services are disposed', async () => {
    const url = await server();
    await (await trackedFetch(url)).text();
    const { services, connectivity } = app();
    await services.dispose();
    markUnreachable();
    await (await trackedFetch(url)).text();
    expect(connectivity()).toEqual([]);
  });
});
