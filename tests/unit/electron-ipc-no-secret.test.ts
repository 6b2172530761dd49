import { describe, expect, it } from 'vitest';
import { err, ok, type Result } from '../../shared/contract/index.js';
import { registerIpc, type IpcMainLike, type SenderEvent } from '../../main/app/ipc.js';

/**
 * K3, the IPC side: ipc.ts adds nothing to a reply and forwards the router's Result object itself. Keeping
 * keys out of those Results is the router's and the services' job (spy-based router tests cover that).
 */
describe('IPC replies are exactly the router Result (K3)', () => {
  it('returns the very object the router answered, for successes and errors', async () => {
    const handlers = new Map<string, (e: SenderEvent, ...a: unknown[]) => Promise<unknown>>();
    const ipcMain: IpcMainLike = { handle: (c, l) => void handlers.set(c, l), removeHandler: (c) => void handlers.delete(c) };
    const replies: Result<unknown>[] = [ok({ profile: { id: 'p1', hasKeys: true } }), err('NOT_CONFIGURED', 'Enter the keys again.')];
    let next = 0;
    registerIpc({ ipcMain, router: { call: async () => replies[next++] as Result<unknown> } });
    const handler = handlers.get('admin:op:profiles.list');
    const event: SenderEvent = { senderFrame: { url: 'app://reflect/', parent: null } };
    expect(await handler?.(event, {})).toBe(replies[0]);
    expect(await handler?.(event, {})).toBe(replies[1]);
  });
});
