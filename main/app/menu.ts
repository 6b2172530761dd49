import type { MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  readonly platform: NodeJS.Platform;
  /** Reload and DevTools exist in development builds only. */
  readonly isDev: boolean;
}

/** The application menu: native roles only (copy and paste, zoom, window), no custom actions yet. */
export function applicationMenuTemplate(opts: MenuOptions): MenuItemConstructorOptions[] {
  const isMac = opts.platform === 'darwin';
  const view: MenuItemConstructorOptions[] = [
    ...(opts.isDev ? ([{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as const) : []),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(isMac ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ];
}
