/**
 * Each connection profile's last admin screen (issue 28 §2), address and query, so a sign-in opens where the
 * administrator left off on that project. Kept by main (app.rememberScreen, answered in app.info), so it survives a
 * relaunch in both modes (browser mode's address changes with its port, and the window's storage with it), and in
 * the window's storage for this session. A screen address is not a secret; every read is checked against the route
 * table, so a value naming a screen that no longer exists, or anything else, falls back to the dashboard.
 */
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { useOp } from '../api/hooks.js';
import { adminApi } from '../api/bridge.js';
import { ADMIN_ROUTES } from './route-table.js';
import { isScreenAddressShape } from '../../shared/rules/common/screen-address.js';

const KEY = 'reflect-admin:last-screen:';

/** Whether an address is an admin screen of the route table (with any query), so it may be opened after sign-in. */
export function isRestorableScreen(address: string): boolean {
  if (!isScreenAddressShape(address)) return false;
  const { pathname } = new URL(address, 'http://x');
  return ADMIN_ROUTES.some((r) => matchPath({ path: `/admin/${r.path}`, end: true }, pathname) !== null);
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readLastScreen(profileId: string): string | null {
  const value = storage()?.getItem(KEY + profileId) ?? null;
  return value !== null && isRestorableScreen(value) ? value : null;
}

export function writeLastScreen(profileId: string, address: string): void {
  if (!isRestorableScreen(address)) return;
  try {
    storage()?.setItem(KEY + profileId, address);
  } catch {
    // Storage full or refused: the next sign-in opens the dashboard, as before.
  }
}

/** The active profile's remembered screen: undefined while the app's info loads, null when none is kept. */
export function useLastScreen(): string | null | undefined {
  const info = useOp('app', 'info', {});
  if (info.isPending) return undefined;
  const data = info.data?.data;
  if (!data) return null;
  // This session's latest first (app.info was read at launch); then what main kept from an earlier launch.
  const kept = data.lastScreen !== null && isRestorableScreen(data.lastScreen) ? data.lastScreen : null;
  return readLastScreen(data.profile.id) ?? kept;
}

/** Mounted in the admin shell: remembers every admin screen shown, with its query, under the active profile. */
export function useRememberScreen(): void {
  const info = useOp('app', 'info', {});
  const id = info.data?.data.profile.id;
  const { pathname, search } = useLocation();
  useEffect(() => {
    const address = pathname + search;
    if (!id || !isRestorableScreen(address)) return;
    writeLastScreen(id, address);
    // Best effort: a failure only means the next launch opens the dashboard.
    void adminApi().app.rememberScreen({ address });
  }, [id, pathname, search]);
}
