import { describe, expect, it, vi } from 'vitest';
import { APP_COMMAND_CHANNEL, contract, EVENT_CHANNEL, OPERATION_CHANNEL_PREFIX, OPERATIONS, type AppEvent } from '../../shared/contract/index.js';
import { buildAdminApi, type IpcListener } from '../../preload/build-api.js';

function setup() {
  const invoke = vi.fn(async (_channel: string, _input: unknown, _options?: unknown) => ({ ok: true, data: 'reply' }));
  const listeners = new Map<string, Set<IpcListener>>();
  const on = vi.fn((channel: string, l: IpcListener) => void (listeners.get(channel) ?? listeners.set(channel, new Set()).get(channel))?.add(l));
  const off = vi.fn((channel: string, l: IpcListener) => void listeners.get(channel)?.delete(l));
  const emit = (channel: string, payload: unknown) => {
    const fakeEvent = { sender: { send: () => undefined, invoke: () => undefined }, senderId: 0, ports: [] };
    for (const l of listeners.get(channel) ?? []) l(fakeEvent, payload);
  };
  return { api: buildAdminApi(invoke, on, off), invoke, on, off, emit, listeners };
}

// E9: window.admin offers the contract's operations, events.subscribe and events.onAppCommand, nothing else.
describe('buildAdminApi (E9)', () => {
  it("has exactly the contract's areas plus events, each with exactly its operations", () => {
    const { api } = setup();
    expect(Object.keys(api).sort()).toEqual([...Object.keys(contract), 'events'].sort());
    for (const [area, methods] of Object.entries(contract)) {
      expect(Object.keys((api as unknown as Record<string, object>)[area] ?? {}).sort(), area).toEqual(Object.keys(methods).sort());
    }
    expect(Object.keys(api.events)).toEqual(['subscribe', 'onAppCommand']);
  });

  it('calls invoke on each operation’s own channel with the input', async () => {
    const { api, invoke } = setup();
    for (const op of OPERATIONS) {
      invoke.mockClear();
      const fn = (api as unknown as Record<string, Record<string, (i: unknown) => Promise<unknown>>>)[op.area]?.[op.method];
      const input = { probe: op.name };
      await expect(fn?.(input)).resolves.toEqual({ ok: true, data: 'reply' });
      expect(invoke).toHaveBeenCalledExactlyOnceWith(`${OPERATION_CHANNEL_PREFIX}${op.name}`, input);
    }
    expect(OPERATION_CHANNEL_PREFIX).toBe('admin:op:');
  });

  it('passes call options as a third argument only when given', async () => {
    const { api, invoke } = setup();
    await api.banners.delete({ id: 'x' }, { confirmName: 'Reflect Demo' });
    expect(invoke).toHaveBeenLastCalledWith(`${OPERATION_CHANNEL_PREFIX}banners.delete`, { id: 'x' }, { confirmName: 'Reflect Demo' });
    await api.banners.delete({ id: 'x' });
    expect(invoke.mock.lastCall).toEqual([`${OPERATION_CHANNEL_PREFIX}banners.delete`, { id: 'x' }]);
  });

  it('hands listeners the payload only, never the IPC event, and unsubscribes', () => {
    const { api, emit, on, off } = setup();
    const listener = vi.fn();
    const unsubscribe = api.events.subscribe(listener);
    expect(on).toHaveBeenCalledWith(EVENT_CHANNEL, expect.any(Function));
    const payload: AppEvent = { type: 'connectivity', online: false };
    emit(EVENT_CHANNEL, payload);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]).toEqual([payload]);
    unsubscribe();
    unsubscribe();
    expect(off).toHaveBeenCalledTimes(1);
    emit(EVENT_CHANNEL, payload);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('exposes no generic IPC function anywhere in the object', () => {
    const { api } = setup();
    const forbidden = /^(invoke|send|sendSync|sendTo|on|once|off|postMessage|ipcRenderer|removeListener|removeAllListeners)$/;
    const names = new Set(OPERATIONS.map((o) => o.name));
    for (const [area, value] of Object.entries(api)) {
      expect(forbidden.test(area), area).toBe(false);
      expect(Object.isFrozen(value), area).toBe(true);
      for (const [key, fn] of Object.entries(value as Record<string, unknown>)) {
        expect(typeof fn, `${area}.${key}`).toBe('function');
        // a key that is not an operation of the contract must not be there at all (the two event listeners aside)
        expect(names.has(`${area}.${key}`) || (area === 'events' && (key === 'subscribe' || key === 'onAppCommand')), `${area}.${key}`).toBe(true);
      }
    }
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('refuses a listener that is not a function', () => {
    const { api } = setup();
    expect(() => api.events.subscribe('x' as unknown as () => void)).toThrow(TypeError);
  });

  it('hands onAppCommand listeners only ids of the closed list, never the IPC event, and unsubscribes', () => {
    const { api, emit, on, off } = setup();
    const listener = vi.fn();
    const unsubscribe = api.events.onAppCommand(listener);
    expect(on).toHaveBeenCalledWith(APP_COMMAND_CHANNEL, expect.any(Function));
    emit(APP_COMMAND_CHANNEL, 'refresh');
    for (const forged of ['reload', 'openDevTools', { command: 'refresh' }, ['refresh'], null, 1]) emit(APP_COMMAND_CHANNEL, forged);
    expect(listener.mock.calls).toEqual([['refresh']]);
    unsubscribe();
    unsubscribe();
    expect(off).toHaveBeenCalledTimes(1);
    emit(APP_COMMAND_CHANNEL, 'find');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(() => api.events.onAppCommand(7 as unknown as () => void)).toThrow(TypeError);
  });
});
