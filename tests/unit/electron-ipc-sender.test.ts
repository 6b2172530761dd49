import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNEL, OPERATIONS, ok, type AppEvent } from '../../shared/contract/index.js';
import { createOperationHandler, forwardEvents, isTrustedSender, registerIpc, type IpcMainLike, type SenderEvent } from '../../main/app/ipc.js';
import { createEventBus } from '../../main/core/events.js';
import { setLogSink } from '../../main/ground/log.js';

const logged: string[] = [];
beforeAll(() => setLogSink((_level, line) => void logged.push(line)));

const top = (url: string): SenderEvent => ({ senderFrame: { url, parent: null } });
const GOOD = top('app://reflect/users');

function fakeIpcMain() {
  const handlers = new Map<string, (event: SenderEvent, ...args: unknown[]) => Promise<unknown>>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => void handlers.delete(channel),
  };
  return { ipcMain, handlers };
}

// I1: every handler checks its sender before anything else runs.
describe('IPC sender check (I1)', () => {
  const forged: [string, SenderEvent | null | undefined][] = [
    ['no event', undefined],
    ['null event', null],
    ['no senderFrame', {}],
    ['a null senderFrame', { senderFrame: null }],
    ['a subframe', { senderFrame: { url: 'app://reflect/', parent: { url: 'app://reflect/' } } }],
    ['another origin', top('https://evil.example/')],
    ['file://', top('file:///home/user/index.html')],
    ['a look-alike host', top('app://reflect.evil/')],
    ['credentials before the host', top('app://reflect@evil/')],
    ['another app host', top('app://other/')],
    ['http loopback', top('http://127.0.0.1:5173/')],
    ['about:blank', top('about:blank')],
    ['an empty URL', top('')],
    [
      'a frame that throws',
      {
        get senderFrame(): never {
          throw new Error('Render frame was disposed');
        },
      },
    ],
  ];

  it.each(forged)('refuses %s without calling the router', async (_label, event) => {
    const router = { call: vi.fn(async () => ok('data')) };
    expect(isTrustedSender(event)).toBe(false);
    const reply = await createOperationHandler('app.info', router)(event as SenderEvent, {});
    expect(reply).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(router.call).not.toHaveBeenCalled();
    expect(logged.at(-1)).toMatch(/^Refused app\.info/);
  });

  it('passes a good sender through to the router with the name and input', async () => {
    const router = { call: vi.fn(async () => ok({ fine: true })) };
    expect(isTrustedSender(GOOD)).toBe(true);
    await expect(createOperationHandler('auth.signIn', router)(GOOD, { email: 'a@b.c' })).resolves.toEqual(ok({ fine: true }));
    expect(router.call).toHaveBeenCalledExactlyOnceWith('auth.signIn', { email: 'a@b.c' }, undefined);
  });

  it("hands the call options (confirm mode's typed name) to the router with the call, from the registered channel too", async () => {
    const router = { call: vi.fn(async () => ok({ fine: true })) };
    const options = { confirmName: 'Reflect Demo' };
    await createOperationHandler('banners.delete', router)(GOOD, { id: 'x' }, options);
    expect(router.call).toHaveBeenLastCalledWith('banners.delete', { id: 'x' }, options);
    const { ipcMain, handlers } = fakeIpcMain();
    registerIpc({ ipcMain, router });
    await handlers.get('admin:op:wisdom.delete')?.(GOOD, { id: 'y' }, options);
    expect(router.call).toHaveBeenLastCalledWith('wisdom.delete', { id: 'y' }, options);
    // A forged sender's options reach nothing.
    await handlers.get('admin:op:wisdom.delete')?.(top('https://evil.example/'), { id: 'z' }, options);
    expect(router.call).toHaveBeenCalledTimes(2);
  });

  it('answers a Result even when the router throws', async () => {
    const router = { call: vi.fn(async () => Promise.reject(new Error('boom with details'))) };
    const reply = await createOperationHandler('app.info', router)(GOOD, {});
    expect(reply).toMatchObject({ ok: false, code: 'INTERNAL' });
    expect(JSON.stringify(reply)).not.toContain('boom with details');
  });

  it('registers exactly one handler per operation, each checked, and removes them', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const router = { call: vi.fn(async (name: string) => ok(name)) };
    const undo = registerIpc({ ipcMain, router });
    expect([...handlers.keys()].sort()).toEqual(OPERATIONS.map((o) => `admin:op:${o.name}`).sort());
    for (const op of OPERATIONS) {
      const handler = handlers.get(`admin:op:${op.name}`);
      await expect(handler?.(top('https://evil.example/'), {})).resolves.toMatchObject({ ok: false, code: 'FORBIDDEN' });
      await expect(handler?.(GOOD, {})).resolves.toEqual(ok(op.name));
    }
    expect(router.call).toHaveBeenCalledTimes(OPERATIONS.length);
    undo();
    expect(handlers.size).toBe(0);
  });

  it('forwards events to live windows on the app origin only', () => {
    const bus = createEventBus();
    const mk = (url: string, destroyed = false) => ({ isDestroyed: () => destroyed, getURL: () => url, send: vi.fn() });
    const good = mk('app://reflect/'),
      gone = mk('app://reflect/', true),
      away = mk('https://evil.example/');
    const throwing = {
      isDestroyed: () => false,
      getURL: () => 'app://reflect/',
      send: vi.fn(() => {
        throw new Error('closing');
      }),
    };
    const unsubscribe = forwardEvents(bus, () => [throwing, good, gone, away]);
    const event: AppEvent = { type: 'connectivity', online: true };
    bus.emit(event);
    expect(good.send).toHaveBeenCalledExactlyOnceWith(EVENT_CHANNEL, event);
    expect(gone.send).not.toHaveBeenCalled();
    expect(away.send).not.toHaveBeenCalled();
    unsubscribe();
    bus.emit(event);
    expect(good.send).toHaveBeenCalledTimes(1);
  });
});
