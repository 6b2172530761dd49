/**
 * The refresh of the screen on display, where it is more than asking its queries again: a replica's screen
 * (users, analytics) syncs from the server, as its Refresh button does. View → Refresh, Ctrl/Cmd+R and the
 * palette's "Refresh this screen" run it beside the queries' refetch (renderer/lib/app-commands.ts).
 */
import { useEffect } from 'react';
import { useLatest } from './useLatest.js';

let current: (() => void) | null = null;

/** Makes `run` the screen's refresh until the returned function is called (the screen leaves). */
export function registerScreenRefresh(run: () => void): () => void {
  current = run;
  return () => {
    if (current === run) current = null;
  };
}

/** Runs the screen's own refresh, if it has one; whether it had. */
export function runScreenRefresh(): boolean {
  if (!current) return false;
  current();
  return true;
}

/** The screen's Refresh button's handler, run by the app's refresh command while the screen is shown. */
export function useScreenRefresh(run: () => void): void {
  const latest = useLatest(run);
  useEffect(() => registerScreenRefresh(() => latest.current()), [latest]);
}
