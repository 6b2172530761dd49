import { EVENT_CHANNEL, OPERATION_CHANNEL_PREFIX, OPERATIONS, err, type AppEvent, type OpEntry, type Result } from '../../shared/contract/index.js';
import type { Router } from '../api/router.js';
import type { EventBus } from '../core/events.js';
import { log } from '../ground/log.js';
import { isAppUrl } from './app-origin.js';

/**
 * The IPC layer (I1 and K3 in SECURITY.md): one `ipcMain.handle` per contract operation, on the channel
 * `admin:op:<area>.<method>`. Each handler checks its sender before the router sees anything and answers a
 * Result, never an exception (a thrown error would reach the page as "Error invoking remote method ...").
 * What the router answers goes back unchanged: the router and services are where keys are kept out.
 *
 * This file and preload/index.ts are the only places that touch ipcMain / ipcRenderer.
 */

/** The part of Electron's IpcMainInvokeEvent the check reads. */
export interface SenderEvent {
  readonly senderFrame?: { readonly url: string; readonly parent: unknown } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: SenderEvent, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface EventTarget {
  isDestroyed(): boolean;
  getURL(): string;
  send(channel: string, payload: AppEvent): void;
}

export interface IpcDeps {
  readonly ipcMain: IpcMainLike;
  readonly router: Pick<Router, 'call'>;
  readonly operations?: readonly OpEntry[];
}

export const FORBIDDEN_SENDER_MESSAGE = 'This request did not come from the Reflect Admin window.';
const FAILED_MESSAGE = 'Something went wrong in Reflect Admin. The details are in the log.';

/** The sender is our page: a frame is present, it is the top-level frame, and it is on the app origin. */
export function isTrustedSender(event: SenderEvent | null | undefined): boolean {
  try {
    const frame = event?.senderFrame;
    if (!frame) return false;
    if (frame.parent !== null) return false;
    return isAppUrl(frame.url);
  } catch {
    // a destroyed frame throws on access
    return false;
  }
}

export function operationChannel(name: string): string {
  return OPERATION_CHANNEL_PREFIX + name;
}

/** The handler for one operation; exported so tests can call it with forged events. */
export function createOperationHandler(name: string, router: Pick<Router, 'call'>) {
  return async (event: SenderEvent, input?: unknown, options?: unknown): Promise<Result<unknown>> => {
    if (!isTrustedSender(event)) {
      log.warn(`Refused ${name}: the IPC sender is not the app's top-level page.`);
      return err('FORBIDDEN', FORBIDDEN_SENDER_MESSAGE);
    }
    try {
      return await router.call(name, input, options);
    } catch (e) {
      log.error(`Operation ${name} threw past the router:`, e);
      return err('INTERNAL', FAILED_MESSAGE);
    }
  };
}

/** Registers every operation's handler; returns an undo (tests, window teardown). */
export function registerIpc(deps: IpcDeps): () => void {
  const ops = deps.operations ?? OPERATIONS;
  const channels = ops.map((op) => {
    const channel = operationChannel(op.name);
    const handler = createOperationHandler(op.name, deps.router);
    deps.ipcMain.handle(channel, (event, input, options) => handler(event, input, options));
    return channel;
  });
  return () => {
    for (const c of channels) deps.ipcMain.removeHandler(c);
  };
}

/** Sends main's events to every live window still on the app origin; returns the unsubscribe. */
export function forwardEvents(events: Pick<EventBus, 'subscribe'>, targets: () => readonly EventTarget[]): () => void {
  return events.subscribe((event) => {
    for (const t of targets()) {
      try {
        if (!t.isDestroyed() && isAppUrl(t.getURL())) t.send(EVENT_CHANNEL, event);
      } catch {
        // a window closing while we send
      }
    }
  });
}

/** The Electron wiring, loaded lazily so the functions above stay testable without the Electron runtime. */
export async function installElectronIpc(router: Pick<Router, 'call'>, events: Pick<EventBus, 'subscribe'>): Promise<() => void> {
  const { ipcMain, BrowserWindow } = await import('electron');
  const unregister = registerIpc({ ipcMain, router });
  const unsubscribe = forwardEvents(events, () => BrowserWindow.getAllWindows().map((w) => w.webContents));
  return () => {
    unsubscribe();
    unregister();
  };
}
