import type { MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '../../shared/app-commands.js';

export interface MenuOptions {
  readonly platform: NodeJS.Platform;
  /** Reload Window and DevTools exist in development builds only. */
  readonly isDev: boolean;
  readonly appName: string;
  /** Sends one command of the closed list to the window (main/app/app-command.ts). */
  readonly send: (command: AppCommand) => void;
  readonly showAbout: () => void;
  readonly openLogsFolder: () => void;
  /** Help → Check for Updates…: present only when the updater is wired in. */
  readonly onCheckForUpdates?: () => void;
}

const separator = { type: 'separator' } as const;

/**
 * The application menu, per platform convention: on macOS the app menu first (About, Settings, Services, Hide,
 * Quit) and no Help → About; elsewhere File, Edit, View, Window, Help with Settings and Exit under File.
 *
 * Items that act in the renderer send a command instead of doing the work here. Their accelerators are the same
 * keys the renderer's shortcut table handles: the page sees a key first and the menu's accelerator runs only for a
 * key the page left unhandled (Chromium's unhandled-key path), so a command never runs twice. Ctrl/Cmd+R refreshes
 * the screen's data; nothing in a packaged build reloads the window or opens DevTools.
 */
export function applicationMenuTemplate(opts: MenuOptions): MenuItemConstructorOptions[] {
  const isMac = opts.platform === 'darwin';
  const command = (label: string, id: AppCommand, accelerator?: string): MenuItemConstructorOptions => ({
    label,
    ...(accelerator ? { accelerator } : {}),
    click: () => opts.send(id),
  });
  const settings = command('Settings…', 'settings', 'CmdOrCtrl+,');
  const about: MenuItemConstructorOptions = { label: `About ${opts.appName}`, click: () => opts.showAbout() };
  const updates: MenuItemConstructorOptions[] = opts.onCheckForUpdates ? [{ label: 'Check for Updates…', click: opts.onCheckForUpdates }] : [];

  const appMenu: MenuItemConstructorOptions = {
    label: opts.appName,
    submenu: [
      about,
      ...updates,
      separator,
      settings,
      separator,
      { role: 'services' },
      separator,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit' },
    ],
  };
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: isMac ? [{ role: 'close' }] : [settings, separator, { role: 'quit', label: opts.platform === 'win32' ? 'Exit' : 'Quit' }],
  };
  const edit: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(isMac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      { role: 'selectAll' },
      separator,
      command('Find…', 'find', 'CmdOrCtrl+F'),
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      command('Refresh', 'refresh', 'CmdOrCtrl+R'),
      ...(opts.isDev ? ([{ role: 'forceReload', label: 'Reload Window' }, { role: 'toggleDevTools' }] as const) : []),
      separator,
      command('Back', 'back', 'CmdOrCtrl+['),
      command('Forward', 'forward', 'CmdOrCtrl+]'),
      separator,
      command('Command Palette…', 'palette', 'CmdOrCtrl+K'),
      separator,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      command('Keyboard Shortcuts', 'shortcuts'),
      { label: 'Open Logs Folder', click: () => opts.openLogsFolder() },
      ...(isMac ? [] : [...(updates.length ? [separator, ...updates] : []), separator, about]),
    ],
  };
  return [...(isMac ? [appMenu] : []), file, edit, view, { role: 'windowMenu' }, help];
}

/** Every item of a template, submenus included (tests and the DevTools check walk it). */
export function menuItems(template: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? menuItems(item.submenu) : [])]);
}
