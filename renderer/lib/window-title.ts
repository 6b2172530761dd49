/**
 * The window's title names the screen and the connection, "Users — Production — Reflect Admin" (issue 28 §2):
 * document.title, which Electron shows as the window's title and the taskbar's. Admin screens are named as the
 * navigation names them, other screens by their route table title.
 */
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { useOp } from '../api/hooks.js';
import { ADMIN_ROUTES } from './route-table.js';

export const APP_NAME = 'Reflect Admin';

const OTHER_SCREENS: Readonly<Record<string, string>> = {
  '/auth': 'Sign in',
  '/settings': 'Settings',
  '/dashboard': 'Dashboard',
  '/toolkit': 'Toolkit',
};

/** The screen's name for a pathname, or undefined for an address that is no screen. */
export function screenName(pathname: string): string | undefined {
  if (OTHER_SCREENS[pathname]) return OTHER_SCREENS[pathname];
  // Most specific first: 'coaches/new' before 'coaches/:id'.
  const route =
    ADMIN_ROUTES.find((r) => !r.path.includes(':') && matchPath({ path: `/admin/${r.path}`, end: true }, pathname)) ??
    ADMIN_ROUTES.find((r) => matchPath({ path: `/admin/${r.path}`, end: true }, pathname));
  return route ? (route.nav?.label ?? route.title) : undefined;
}

export function windowTitle(pathname: string, connection: string | undefined): string {
  return [screenName(pathname), connection, APP_NAME].filter((part): part is string => Boolean(part)).join(' — ');
}

/** Mounted once under the router: keeps document.title in step with the screen and the active connection. */
export function useWindowTitle(): void {
  const { pathname } = useLocation();
  const info = useOp('app', 'info', {});
  const connection = info.data?.data.profile.name;
  useEffect(() => {
    document.title = windowTitle(pathname, connection);
  }, [pathname, connection]);
}
