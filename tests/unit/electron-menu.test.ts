import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { applicationMenuTemplate, menuItems, type MenuOptions } from '../../main/app/menu.js';
import { aboutDetail, showAbout } from '../../main/app/about.js';
import { sendAppCommand } from '../../main/app/app-command.js';
import { APP_COMMAND_CHANNEL } from '../../shared/contract/index.js';
import { APP_COMMANDS } from '../../shared/app-commands.js';

function template(platform: NodeJS.Platform, extra: Partial<MenuOptions> = {}) {
  const opts = { platform, isDev: false, appName: 'Reflect Admin', send: vi.fn(), showAbout: vi.fn(), openLogsFolder: vi.fn() };
  return { opts, menu: applicationMenuTemplate({ ...opts, ...extra }) };
}
const labelOf = (item: MenuItemConstructorOptions) => item.label ?? item.role ?? item.type;
const sub = (item: MenuItemConstructorOptions | undefined) => (Array.isArray(item?.submenu) ? item.submenu : []);
const find = (menu: MenuItemConstructorOptions[], label: string) => menuItems(menu).find((i) => i.label === label);
const click = (item: MenuItemConstructorOptions | undefined) => (item?.click as unknown as () => void)();

describe('the application menu', () => {
  it('follows Windows and Linux conventions: File, Edit, View, Window, Help, Settings and Exit under File', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const { menu } = template(platform);
      expect(menu.map(labelOf)).toEqual(['File', 'Edit', 'View', 'windowMenu', 'help']);
      expect(sub(menu[0]).map(labelOf)).toEqual(['Settings…', 'separator', platform === 'win32' ? 'Exit' : 'Quit']);
      expect(sub(menu[4]).map(labelOf)).toEqual(['Keyboard Shortcuts', 'Open Logs Folder', 'separator', 'About Reflect Admin']);
    }
  });

  it('puts the app menu first on macOS, with About, Settings and Quit, and no About under Help', () => {
    const { menu } = template('darwin');
    expect(menu.map(labelOf)).toEqual(['Reflect Admin', 'File', 'Edit', 'View', 'windowMenu', 'help']);
    expect(sub(menu[0]).map(labelOf)).toEqual([
      'About Reflect Admin',
      'separator',
      'Settings…',
      'separator',
      'services',
      'separator',
      'hide',
      'hideOthers',
      'unhide',
      'separator',
      'quit',
    ]);
    expect(sub(menu[1]).map(labelOf)).toEqual(['close']);
    expect(sub(menu[5]).map(labelOf)).toEqual(['Keyboard Shortcuts', 'Open Logs Folder']);
    expect(sub(menu[2]).map(labelOf)).toContain('pasteAndMatchStyle');
  });

  it('gives every text field undo, redo, cut, copy, paste and select all through the standard roles', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const edit = sub(template(platform).menu.find((m) => m.label === 'Edit'));
      for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll'])
        expect(
          edit.map((i) => i.role),
          `${platform} ${role}`,
        ).toContain(role);
    }
  });

  it('refreshes data with Ctrl/Cmd+R and has no window reload or DevTools in a packaged build', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const { menu, opts } = template(platform);
      const refresh = find(menu, 'Refresh');
      expect(refresh?.accelerator).toBe('CmdOrCtrl+R');
      click(refresh);
      expect(opts.send).toHaveBeenCalledWith('refresh');
      const roles = menuItems(menu).map((i) => i.role);
      for (const role of ['reload', 'forceReload', 'toggleDevTools']) expect(roles).not.toContain(role);
      expect(menuItems(menu).filter((i) => i.accelerator === 'CmdOrCtrl+R')).toHaveLength(1);
    }
  });

  it('offers Reload Window (not on Ctrl/Cmd+R) and DevTools in development builds', () => {
    const { menu } = template('linux', { isDev: true });
    const roles = menuItems(menu).map((i) => i.role);
    expect(roles).toContain('forceReload');
    expect(roles).toContain('toggleDevTools');
    expect(roles).not.toContain('reload');
  });

  it('zooms in, out and back, and toggles full screen, from View', () => {
    const view = sub(template('win32').menu.find((m) => m.label === 'View')).map((i) => i.role);
    for (const role of ['zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen']) expect(view).toContain(role);
  });

  it('sends each renderer command of the closed list from its item, with its shortcut', () => {
    const { menu, opts } = template('linux');
    const expected: [string, string, string | undefined][] = [
      ['Settings…', 'settings', 'CmdOrCtrl+,'],
      ['Find…', 'find', 'CmdOrCtrl+F'],
      ['Back', 'back', 'CmdOrCtrl+['],
      ['Forward', 'forward', 'CmdOrCtrl+]'],
      ['Command Palette…', 'palette', 'CmdOrCtrl+K'],
      ['Keyboard Shortcuts', 'shortcuts', undefined],
    ];
    for (const [label, id, accelerator] of expected) {
      const item = find(menu, label);
      expect(item?.accelerator, label).toBe(accelerator);
      click(item);
      expect(opts.send).toHaveBeenLastCalledWith(id);
    }
    expect(new Set(opts.send.mock.calls.map((c) => c[0]))).toEqual(new Set(APP_COMMANDS.filter((c) => c !== 'refresh')));
  });

  it('opens About and the logs folder from Help', () => {
    const { menu, opts } = template('win32');
    click(find(menu, 'About Reflect Admin'));
    click(find(menu, 'Open Logs Folder'));
    expect(opts.showAbout).toHaveBeenCalledTimes(1);
    expect(opts.openLogsFolder).toHaveBeenCalledTimes(1);
  });

  it('has a place for Check for Updates, shown only when the updater is wired in', () => {
    expect(find(template('win32').menu, 'Check for Updates…')).toBeUndefined();
    for (const platform of ['darwin', 'win32'] as const) {
      const onCheckForUpdates = vi.fn();
      const item = find(template(platform, { onCheckForUpdates }).menu, 'Check for Updates…');
      click(item);
      expect(onCheckForUpdates, platform).toHaveBeenCalledTimes(1);
    }
  });
});

describe('About Reflect Admin', () => {
  const versions = { app: '1.2.3', electron: '45.4.1', chrome: '142.0.1', node: '22.20.0' };

  it('names the app, Electron, Chromium and Node versions', () => {
    expect(aboutDetail(versions)).toBe('Version 1.2.3\nElectron 45.4.1\nChromium 142.0.1\nNode.js 22.20.0');
  });

  it('copies every version with Copy, and nothing with OK', async () => {
    const copy = vi.fn();
    await showAbout('Reflect Admin', versions, { show: async () => 0, copy });
    expect(copy).toHaveBeenCalledWith('Reflect Admin\nVersion 1.2.3\nElectron 45.4.1\nChromium 142.0.1\nNode.js 22.20.0');
    copy.mockClear();
    await showAbout('Reflect Admin', versions, { show: async () => 1, copy });
    expect(copy).not.toHaveBeenCalled();
  });
});

describe('sendAppCommand', () => {
  const target = (url = 'app://reflect/admin/users') => ({ isDestroyed: () => false, getURL: () => url, send: vi.fn() });

  it('sends the id on its own channel to the app page', () => {
    const t = target();
    expect(sendAppCommand(t, 'refresh')).toBe(true);
    expect(t.send).toHaveBeenCalledWith(APP_COMMAND_CHANNEL, 'refresh');
  });

  it('sends nothing that is not in the list, nor to a page off the app origin, a closed window or no window', () => {
    const t = target();
    expect(sendAppCommand(t, 'reload' as never)).toBe(false);
    const away = target('https://evil.example/');
    expect(sendAppCommand(away, 'refresh')).toBe(false);
    expect(sendAppCommand({ ...target(), isDestroyed: () => true }, 'refresh')).toBe(false);
    expect(sendAppCommand(undefined, 'refresh')).toBe(false);
    expect(t.send).not.toHaveBeenCalled();
    expect(away.send).not.toHaveBeenCalled();
  });
});
