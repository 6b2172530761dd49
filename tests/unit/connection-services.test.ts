// What main builds on a connection (main/connection-services.ts): the users and analytics replicas, the palette
// and the speech generator are made once per connection, each on first use, and disposed with the connection
// before its files close; a new connection (a restarted demo backend, a profile switch) gets its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppServices } from '../../main/app-services.js';
import { testAppServices } from '../support/test-app-services.js';
import { createConnectionServices } from '../../main/connection-services.js';
import type { Connection } from '../../main/core/connections.js';
import { createEventBus } from '../../main/core/events.js';
import type { FileSaver } from '../../main/files/saved-files.js';
import { CANCELLED_MESSAGE } from '../../main/services/tts/chunk-loop.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-connection-services-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const deps = () => ({ events: createEventBus(), saveTarget: {} as FileSaver, scratchDir: path.join(dir, 'scratch') });

describe('the services of a connection', () => {
  const apps: AppServices[] = [];
  afterEach(async () => {
    for (const s of apps.splice(0)) await s.dispose();
  });

  it('are built once per connection and disposed with it, before its cache closes', async () => {
    let generation = 1;
    const app = testAppServices(dir, { generation: () => generation });
    apps.push(app);
    const first = await app.connections.services();
    const conn = await app.connections.current();
    expect(await app.connections.services()).toBe(first);
    expect(first.users).toBe(first.users);
    expect(first.analytics).toBe(first.analytics);
    expect(first.palette).toBe(first.palette);
    expect(first.speech).toBe(first.speech);
    // Both replicas live in the connection's cache.
    expect(first.users.store.db).toBe(conn.cache!.db);
    expect(first.analytics.store.db).toBe(conn.cache!.db);

    let cacheOpenAtDispose: boolean | undefined;
    const dispose = vi.spyOn(first, 'dispose').mockImplementation(async () => {
      cacheOpenAtDispose = conn.cache!.db.open;
    });
    // The demo backend restarted: a new connection, with services of its own.
    generation = 2;
    const second = await app.connections.services();
    expect(second).not.toBe(first);
    expect(second.users).not.toBe(first.users);
    await vi.waitFor(() => expect(conn.cache!.db.open).toBe(false));
    expect(dispose).toHaveBeenCalledOnce();
    expect(cacheOpenAtDispose).toBe(true);
  });

  it('makes each part on first use; without a cache both replicas share a memory database closed on dispose', async () => {
    const conn = { cache: undefined, user: {}, service: {} } as unknown as Connection;
    const d = deps();
    const services = createConnectionServices(conn, d);
    const { db } = services.users.store;
    expect(db.memory).toBe(true);
    expect(services.analytics.store.db).toBe(db);
    // The speech generator was never used: its scratch folder was never made (nor emptied).
    expect(fs.existsSync(d.scratchDir)).toBe(false);
    await services.dispose();
    expect(db.open).toBe(false);
    expect(fs.existsSync(d.scratchDir)).toBe(false);
  });

  it('stops the running generations of the speech generator when disposed', async () => {
    let fail: (err: Error) => void = () => undefined;
    const user = { functions: { invoke: () => new Promise((_resolve, reject) => (fail = reject)) } };
    const services = createConnectionServices({ cache: undefined, user, service: {} } as unknown as Connection, deps());
    const generation = services.speech.generator.generate('admin-1', 'job-1', 'One sentence to speak.', 'Puck');
    await vi.waitFor(() => expect(fs.readdirSync(path.join(dir, 'scratch', 'tts-generated'))).toHaveLength(1));
    await services.dispose();
    fail(new Error('the connection closed'));
    await expect(generation).rejects.toThrow(CANCELLED_MESSAGE);
  });

  it("stops both replicas' syncs when disposed, before the cache closes", async () => {
    const services = createConnectionServices({ cache: undefined, user: {}, service: {} } as unknown as Connection, deps());
    const users = vi.spyOn(services.users.sync, 'stop');
    const analytics = vi.spyOn(services.analytics.sync, 'stop');
    const { db } = services.users.store;
    let openWhenStopped: boolean | undefined;
    users.mockImplementation(async () => void (openWhenStopped = db.open));
    await services.dispose();
    expect(users).toHaveBeenCalledOnce();
    expect(analytics).toHaveBeenCalledOnce();
    expect(openWhenStopped).toBe(true);
    expect(db.open).toBe(false);
  });
});
