import {
  APP_COMMAND_CHANNEL,
  EVENT_CHANNEL,
  OPERATION_CHANNEL_PREFIX,
  OPERATIONS,
  type AdminApi,
  type AppEvent,
  type OpEntry,
} from '../shared/contract/index.js';
import { isAppCommand, type AppCommand } from '../shared/app-commands.js';

/**
 * window.admin, built from the contract (E9 in SECURITY.md): one function per operation, each bound to its
 * own channel, plus events.subscribe and events.onAppCommand (the application menu's commands). There is no generic invoke(channel), no send, and listeners receive the
 * event payload only, never Electron's IpcRendererEvent (whose `sender` would hand the page ipcRenderer).
 * Pure: the Electron calls are passed in, so tests build it without Electron.
 */
/** options is passed only when the caller gave it (CallOptions; main parses it strictly). */
export type Invoke = (channel: string, input: unknown, options?: unknown) => Promise<unknown>;
export type IpcListener = (event: unknown, payload: unknown) => void;
export type On = (channel: string, listener: IpcListener) => void;
export type Off = (channel: string, listener: IpcListener) => void;
export type OperationName = Pick<OpEntry, 'name' | 'area' | 'method'>;

export function buildAdminApi(invoke: Invoke, on: On, off: Off, operations: readonly OperationName[] = OPERATIONS): AdminApi {
  const areas: Record<string, Record<string, (input?: unknown, options?: unknown) => Promise<unknown>>> = {};
  for (const op of operations) {
    const channel = OPERATION_CHANNEL_PREFIX + op.name;
    (areas[op.area] ??= {})[op.method] = (input?: unknown, options?: unknown) =>
      options === undefined ? invoke(channel, input) : invoke(channel, input, options);
  }
  const listen = (channel: string, handler: IpcListener): (() => void) => {
    on(channel, handler);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      off(channel, handler);
    };
  };
  const events = {
    subscribe(listener: (event: AppEvent) => void): () => void {
      if (typeof listener !== 'function') throw new TypeError('subscribe needs a function.');
      return listen(EVENT_CHANNEL, (_event, payload) => listener(payload as AppEvent));
    },
    /** Main sends only ids of the closed list; checked again here so nothing else ever reaches the page. */
    onAppCommand(listener: (command: AppCommand) => void): () => void {
      if (typeof listener !== 'function') throw new TypeError('onAppCommand needs a function.');
      return listen(APP_COMMAND_CHANNEL, (_event, payload) => {
        if (isAppCommand(payload)) listener(payload);
      });
    },
  };
  const api: Record<string, unknown> = {};
  for (const [area, methods] of Object.entries(areas)) api[area] = Object.freeze(methods);
  api.events = Object.freeze(events);
  return Object.freeze(api) as unknown as AdminApi;
}
