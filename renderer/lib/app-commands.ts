/**
 * What each app command does in the renderer, once (shared/app-commands.ts names them): the keyboard shortcuts,
 * the command palette's actions and the Electron menu (through preload's onAppCommand) all run these.
 */
import { adminApi } from '../api/bridge.js';
import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { isAppCommand, type AppCommand } from '../../shared/app-commands.js';
import { runScreenRefresh } from './screen-refresh.js';

export type AppCommandHandlers = Readonly<Record<AppCommand, () => void>>;

export interface AppCommandDeps {
  readonly navigate: NavigateFunction;
  readonly queries: QueryClient;
  readonly openPalette: () => void;
  readonly openShortcuts: () => void;
}

/** The search box of the screen on display: the list toolbar's, or the first search field of the page. */
export function focusScreenSearch(root: ParentNode = document): boolean {
  const box = root.querySelector<HTMLInputElement>('#main input[type="search"], #main [role="searchbox"]');
  if (!box) return false;
  box.focus();
  box.select();
  return true;
}

export function appCommandHandlers(deps: AppCommandDeps): AppCommandHandlers {
  return {
    // The screen's data, never the window: every query on display is asked again, and a replica's screen syncs.
    refresh: () => {
      runScreenRefresh();
      void deps.queries.refetchQueries({ type: 'active' });
    },
    settings: () => void deps.navigate('/settings'),
    shortcuts: deps.openShortcuts,
    palette: deps.openPalette,
    find: () => void focusScreenSearch(),
    back: () => void deps.navigate(-1),
    forward: () => void deps.navigate(1),
  };
}

/**
 * The handlers of the app commands for the shell, with the menu subscribed to them (only a listed command runs).
 * Handlers are read through a ref, so the subscription is made once.
 */
export function useAppCommands(open: { readonly palette: () => void; readonly shortcuts: () => void }): AppCommandHandlers {
  const navigate = useNavigate();
  const queries = useQueryClient();
  const handlers = useMemo(
    () => appCommandHandlers({ navigate, queries, openPalette: open.palette, openShortcuts: open.shortcuts }),
    [navigate, queries, open.palette, open.shortcuts],
  );
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  }, [handlers]);
  useEffect(() => {
    // The application menu's channel (preload re-checks each id; browser mode's is a no-op).
    return adminApi().events.onAppCommand((command: unknown) => {
      if (isAppCommand(command)) current.current[command]();
    });
  }, []);
  return handlers;
}
