import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLongWorkShell, type NotificationLike, type ProgressWindow } from '../../main/app/long-work-shell.js';
import { watchLongWork } from '../../main/core/long-work.js';
import { createEventBus } from '../../main/core/events.js';
import { DeepLinkInbox } from '../../main/core/deep-link-inbox.js';
import { MAX_REMEMBERED, SAVED_FILE_MESSAGES, SavedFiles, fileSaver } from '../../main/files/saved-files.js';
import { createFolderSaveTarget } from '../../main/files/save-target.js';
import { appHandlers } from '../../main/api/areas/app.js';
import { createRouter } from '../../main/api/router.js';
import type { AppServices } from '../../main/app-services.js';
import type { Handlers } from '../../main/api/handlers-type.js';
import { AppError } from '../../main/ground/errors.js';

/** Electron's BrowserWindow as far as the shell uses it. */
function fakeWindow(state: { focused?: boolean; minimized?: boolean; visible?: boolean } = {}) {
  const s = { focused: false, minimized: false, visible: true, destroyed: false, ...state };
  const calls: string[] = [];
  const bars: number[] = [];
  const win: ProgressWindow = {
    isFocused: () => s.focused,
    isMinimized: () => s.minimized,
    isVisible: () => s.visible,
    isDestroyed: () => s.destroyed,
    restore: () => (calls.push('restore'), (s.minimized = false)),
    show: () => (calls.push('show'), (s.visible = true)),
    focus: () => (calls.push('focus'), (s.focused = true)),
    setProgressBar: (v) => bars.push(v),
  };
  return { win, s, calls, bars };
}

/** Electron's Notification: records what was shown, and clicks on demand. */
function fakeNotifications(supported = true) {
  const shown: { title: string; body: string; click: () => void }[] = [];
  return {
    shown,
    maker: {
      isSupported: () => supported,
      create: (options: { title: string; body: string }) => {
        let onClick = () => undefined as void;
        const note: NotificationLike = {
          on: (_event, listener) => (onClick = listener),
          show: () => shown.push({ ...options, click: () => onClick() }),
        };
        return note;
      },
    },
  };
}

const savedAnswer = {
  ok: true as const,
  data: { outcome: 'saved', count: 100_002, path: '/d/users.csv', fileName: 'users.csv', file: { folder: '/d', token: null } },
};

describe('the desktop shell of long work (main/app/long-work-shell.ts, Electron faked)', () => {
  it('notifies a finished export while the window is minimised; the click restores, focuses and opens its screen', async () => {
    const { win, calls } = fakeWindow({ minimized: true, focused: false });
    const { maker, shown } = fakeNotifications();
    const events = createEventBus();
    const inbox = new DeepLinkInbox(events);
    const deepLinkEvents: string[] = [];
    events.subscribe((e) => e.type === 'deep-link' && deepLinkEvents.push(e.type));
    const shell = createLongWorkShell({ notifications: maker, window: () => win, openRoute: (route) => inbox.offer(route) });
    const router = watchLongWork(events, shell).follow({ call: async () => savedAnswer });
    await router.call('users.exportCsv', {});
    expect(shown.map(({ title, body }) => ({ title, body }))).toEqual([{ title: 'Export complete', body: 'Exported 100,002 users' }]);
    expect(calls).toEqual([]);
    shown[0]!.click();
    expect(calls).toEqual(['restore', 'focus']);
    expect(deepLinkEvents).toEqual(['deep-link']);
    expect(inbox.take()).toBe('/admin/users');
  });

  it('counts a focused but minimised or hidden window as in the background, and a focused visible one as in front', () => {
    const { maker } = fakeNotifications();
    const focused = (state: Parameters<typeof fakeWindow>[0]) =>
      createLongWorkShell({ notifications: maker, window: () => fakeWindow(state).win, openRoute: () => undefined }).windowFocused();
    expect(focused({ focused: true })).toBe(true);
    expect(focused({ focused: false })).toBe(false);
    expect(focused({ focused: true, minimized: true })).toBe(false);
    expect(focused({ focused: true, visible: false })).toBe(false);
    expect(createLongWorkShell({ notifications: maker, window: () => undefined, openRoute: () => undefined }).windowFocused()).toBe(false);
  });

  it('stays silent in front, and where the system has no notifications', async () => {
    const front = fakeNotifications();
    const { win } = fakeWindow({ focused: true });
    await watchLongWork(createEventBus(), createLongWorkShell({ notifications: front.maker, window: () => win, openRoute: () => undefined }))
      .follow({ call: async () => savedAnswer })
      .call('users.exportCsv', {});
    expect(front.shown).toEqual([]);
    const none = fakeNotifications(false);
    const shell = createLongWorkShell({ notifications: none.maker, window: () => fakeWindow().win, openRoute: () => undefined });
    shell.notify({ title: 't', body: 'b', route: '/admin/users' });
    expect(none.shown).toEqual([]);
  });

  it('sets the taskbar progress from the work under way and removes it at the end (-1)', async () => {
    const { win, bars } = fakeWindow();
    const events = createEventBus();
    const shell = createLongWorkShell({ notifications: fakeNotifications().maker, window: () => win, openRoute: () => undefined });
    let finish!: () => void;
    const router = watchLongWork(events, shell).follow({
      call: () => new Promise((resolve) => (finish = () => resolve({ ok: true, data: { deleted: 3, skipped: 0 } }))),
    });
    const call = router.call('feedback.deleteForever', { ids: [] });
    events.emit({
      type: 'analytics-sync',
      status: { lastSyncedAt: 'x', syncing: true, lastError: null, progress: { phase: 'pulling', done: 30, total: 100 } },
    });
    finish();
    await call;
    events.emit({ type: 'analytics-sync', status: { lastSyncedAt: 'x', syncing: false, lastError: null, progress: null } });
    expect(bars).toEqual([2, 0.3, -1]);
  });

  it('does not touch a closed window', () => {
    const { win, s, bars } = fakeWindow();
    s.destroyed = true;
    createLongWorkShell({ notifications: fakeNotifications().maker, window: () => win, openRoute: () => undefined }).setProgress(0.5);
    expect(bars).toEqual([]);
  });
});

describe('saved files: Show in Folder and Open by token (main/files/saved-files.ts, Electron shell faked)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-saved-files-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const fakeShell = (openError = '') => ({ showItemInFolder: vi.fn(), openPath: vi.fn(async () => openError) });
  const write = (name: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, 'a,b\n');
    return file;
  };

  it('remembers a written file under a random token and shows or opens that file, and only that one', async () => {
    const shell = fakeShell();
    const files = new SavedFiles(shell);
    const file = write('users.csv');
    const saved = files.remember(file);
    expect(saved.folder).toBe(dir);
    expect(saved.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(files.remember(file).token).not.toBe(saved.token);
    files.showInFolder(saved.token!);
    await files.open(saved.token!);
    expect(shell.showItemInFolder).toHaveBeenCalledWith(file);
    expect(shell.openPath).toHaveBeenCalledWith(file);
  });

  it('refuses an unknown or forgotten token, a file since moved, and a failed open, each with its message', async () => {
    const shell = fakeShell();
    const files = new SavedFiles(shell);
    expect(() => files.showInFolder('AAAAAAAAAAAAAAAAAAAAAA')).toThrow(new AppError('NOT_FOUND', SAVED_FILE_MESSAGES.unknown));
    const first = files.remember(write('first.csv')).token!;
    for (let i = 0; i < MAX_REMEMBERED; i++) files.remember(path.join(dir, 'other.csv'));
    expect(() => files.showInFolder(first)).toThrow(SAVED_FILE_MESSAGES.unknown);
    const gone = write('gone.csv');
    const goneToken = files.remember(gone).token!;
    fs.rmSync(gone);
    await expect(files.open(goneToken)).rejects.toThrow(SAVED_FILE_MESSAGES.gone('gone.csv'));
    const failing = new SavedFiles(fakeShell('No application knows this type.'));
    const token = failing.remember(write('x.wav')).token!;
    await expect(failing.open(token)).rejects.toThrow('x.wav could not be opened: No application knows this type.');
    expect(shell.showItemInFolder).not.toHaveBeenCalled();
  });

  it('in browser mode (no file manager) names the folder and gives no token', async () => {
    const files = new SavedFiles(undefined);
    const saver = fileSaver(createFolderSaveTarget(dir), files);
    const target = await saver.choose({ defaultName: 'users.csv', filters: [] });
    expect(saver.saved(target!)).toEqual({ folder: dir, token: null });
    expect(() => files.showInFolder('AAAAAAAAAAAAAAAAAAAAAA')).toThrow(SAVED_FILE_MESSAGES.notHere);
  });

  it('crosses the contract with the token only: a path, an extra field or a malformed token is refused as invalid input', async () => {
    const shell = fakeShell();
    const files = new SavedFiles(shell);
    const token = files.remember(write('users.csv')).token!;
    const handlers = { app: appHandlers({ savedFiles: files } as unknown as AppServices) } as unknown as Handlers;
    const router = createRouter({
      handlers,
      gate: { requireAdmin: async () => never(), requireSession: async () => never(), offlineAdminId: async () => undefined },
      readCache: async () => undefined,
    });
    expect(await router.call('app.showSavedFile', { token })).toEqual({ ok: true, data: { shown: true } });
    expect(await router.call('app.openSavedFile', { token })).toEqual({ ok: true, data: { opened: true } });
    expect(await router.call('app.showSavedFile', { token: 'AAAAAAAAAAAAAAAAAAAAAA' })).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: SAVED_FILE_MESSAGES.unknown,
    });
    for (const input of [{ token: '/etc/passwd' }, { token, path: '/etc/passwd' }, { path: '/etc/passwd' }, {}]) {
      const answer = await router.call('app.openSavedFile', input);
      expect(answer).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    }
    expect(shell.openPath).toHaveBeenCalledTimes(1);
  });
});

function never(): never {
  throw new Error('the saved-file operations need no check with the server');
}
