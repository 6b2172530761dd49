import { EventEmitter } from 'node:events';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createUpdateFlow, type UpdaterPort, type UpdateUi } from '../../main/app/update-flow.js';
import { choiceOf, failure, progressValue, promptFor, updateSupport, type InstallFacts } from '../../main/app/update-rules.js';

/** The updater's decisions (SECURITY.md U1) and their flow over a fake electron-updater. */
const INSTALLED: InstallFacts = {
  isPackaged: true,
  platform: 'win32',
  appImage: undefined,
  userData: path.join('/home', 'ada', 'AppData', 'Roaming', 'Reflect Admin'),
  installDir: path.join('/home', 'ada', 'AppData', 'Local', 'Programs', 'Reflect Admin'),
};

describe('which installs update themselves', () => {
  it('an installed Windows, macOS or AppImage build does', () => {
    expect(updateSupport(INSTALLED)).toEqual({ supported: true });
    expect(updateSupport({ ...INSTALLED, platform: 'linux', appImage: '/home/ada/Reflect-Admin.AppImage' })).toEqual({ supported: true });
  });

  it('a development run, the deb, and an install whose data lives in the program folder do not, saying why', () => {
    expect(updateSupport({ ...INSTALLED, isPackaged: false })).toMatchObject({
      supported: false,
      reason: expect.stringContaining('development run') as unknown,
    });
    expect(updateSupport({ ...INSTALLED, platform: 'linux' })).toMatchObject({
      supported: false,
      reason: expect.stringContaining('install the new .deb') as unknown,
    });
    expect(updateSupport({ ...INSTALLED, userData: path.join(INSTALLED.installDir, 'data') })).toMatchObject({
      supported: false,
      reason: expect.stringContaining('which an update replaces') as unknown,
    });
  });
});

describe('what the administrator is asked and told', () => {
  it('asks before installing, and only the first button restarts', () => {
    const p = promptFor('1.3.0', '1.2.3');
    expect(p.message).toBe('Reflect Admin 1.3.0 is ready to install.');
    expect(p.detail).toContain('Connection profiles, saved keys, caches and audit logs are kept.');
    expect(p.buttons).toEqual(['Restart now', 'Install when I quit', 'Not now']);
    expect([0, 1, 2, -1, 7].map(choiceOf)).toEqual(['restart', 'on-quit', 'later', 'later', 'later']);
    expect(p.buttons[p.cancelId]).toBe('Not now');
  });

  it('explains a failure in one line and says the installed version stays', () => {
    expect(failure(new Error('sha512 checksum mismatch, expected abc, got def'), 'download', '1.2.3')).toEqual({
      kind: 'error',
      message: 'The update could not be downloaded.',
      detail: 'The downloaded file does not match the release’s digest, so it was refused. Reflect Admin 1.2.3 stays installed and works as before.',
    });
    expect(failure(new Error('getaddrinfo ENOTFOUND github.com\n    at x'), 'check', '1.2.3').detail).toBe(
      'The update server could not be reached. Reflect Admin 1.2.3 stays installed and works as before.',
    );
    expect(progressValue(42.5)).toBe(0.425);
    expect(progressValue(null)).toBe(-1);
  });
});

class FakeUpdater extends EventEmitter implements UpdaterPort {
  autoDownload = false;
  autoInstallOnAppQuit = true;
  allowDowngrade = true;
  allowPrerelease = true;
  quitAndInstall = vi.fn();
  next: (u: FakeUpdater) => void = () => undefined;
  checkForUpdates = vi.fn(async () => this.next(this));
}

function ui(answer = 0): UpdateUi & { told: string[]; asked: string[]; progress: ReturnType<typeof vi.fn<(value: number) => void>> } {
  const told: string[] = [];
  const asked: string[] = [];
  return {
    told,
    asked,
    ask: async (p) => (asked.push(p.message), answer),
    tell: (m) => told.push(`${m.message}${m.detail ? ` ${m.detail}` : ''}`),
    progress: vi.fn<(value: number) => void>(),
    log: () => undefined,
  };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the update flow', () => {
  it('downloads by itself but never installs by itself', () => {
    const u = new FakeUpdater();
    createUpdateFlow(u, ui(), '1.2.3', { supported: true });
    expect([u.autoDownload, u.autoInstallOnAppQuit, u.allowDowngrade, u.allowPrerelease]).toEqual([true, false, false, false]);
  });

  it('newer version found: downloads with progress, asks, and restarts into it only when told to', async () => {
    const u = new FakeUpdater();
    u.next = (x) => {
      x.emit('update-available', { version: '1.3.0' });
      x.emit('download-progress', { percent: 50 });
      x.emit('update-downloaded', { version: '1.3.0' });
    };
    const screen = ui(0);
    await createUpdateFlow(u, screen, '1.2.3', { supported: true }).check('launch');
    await flush();
    expect(screen.progress.mock.calls).toEqual([[0.5], [-1]]);
    expect(screen.asked).toEqual(['Reflect Admin 1.3.0 is ready to install.']);
    expect(screen.told).toEqual([]); // the launch check is silent until there is something to ask
    expect(u.quitAndInstall).toHaveBeenCalledWith(false, true);
  });

  it('"Install when I quit" installs on quit; "Not now" installs nothing, and the menu asks again', async () => {
    for (const [answer, onQuit] of [
      [1, true],
      [2, false],
    ] as const) {
      const u = new FakeUpdater();
      u.next = (x) => x.emit('update-downloaded', { version: '1.3.0' });
      const screen = ui(answer);
      const flow = createUpdateFlow(u, screen, '1.2.3', { supported: true });
      await flow.check('launch');
      await flush();
      expect(u.autoInstallOnAppQuit).toBe(onQuit);
      expect(u.quitAndInstall).not.toHaveBeenCalled();
      await flow.check('menu');
      expect(screen.asked).toHaveLength(2);
      expect(u.checkForUpdates).toHaveBeenCalledTimes(1);
    }
  });

  it('none found: the menu says so; the launch check stays silent', async () => {
    const u = new FakeUpdater();
    u.next = (x) => x.emit('update-not-available', { version: '1.2.3' });
    const screen = ui();
    const flow = createUpdateFlow(u, screen, '1.2.3', { supported: true });
    await flow.check('launch');
    expect(screen.told).toEqual([]);
    await flow.check('menu');
    expect(screen.told).toEqual(['Reflect Admin 1.2.3 is the latest version.']);
  });

  it('a failed download asks nothing, installs nothing, and the menu check says the installed version stays', async () => {
    const u = new FakeUpdater();
    u.next = (x) => {
      x.emit('update-available', { version: '1.3.0' });
      x.emit('error', new Error('Cannot download "http://127.0.0.1/x": socket hang up'));
    };
    const screen = ui();
    const flow = createUpdateFlow(u, screen, '1.2.3', { supported: true });
    await flow.check('menu');
    expect(screen.told).toEqual([
      'Reflect Admin 1.3.0 is available. It is downloading in the background; you will be asked before it is installed.',
      'The update could not be downloaded. Cannot download "http://127.0.0.1/x": socket hang up. Reflect Admin 1.2.3 stays installed and works as before.',
    ]);
    expect(screen.asked).toEqual([]);
    expect(u.quitAndInstall).not.toHaveBeenCalled();
    expect(flow.state()).toBe('idle');
  });

  it('an install that does not update itself never checks, and the menu says why', async () => {
    const u = new FakeUpdater();
    const screen = ui();
    const flow = createUpdateFlow(u, screen, '1.2.3', { supported: false, reason: 'Installed from the .deb package.' });
    await flow.check('launch');
    await flow.check('menu');
    expect(u.checkForUpdates).not.toHaveBeenCalled();
    expect(screen.told).toEqual(['This copy of Reflect Admin does not update itself. Installed from the .deb package.']);
  });
});
