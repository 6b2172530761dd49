/**
 * Actions the command palette runs on a screen through that screen's own button (issue 28 §4): the palette
 * navigates to the screen with the action in the location's state, and the screen, once ready, runs the same
 * handler its button runs (the same dialog, the same confirmation). The state is cleared as it runs, so Back,
 * a reload or a second render never runs it again.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLatest } from './useLatest.js';

export const SCREEN_ACTIONS = ['export-users', 'grant-flag', 'send-test-email'] as const;
export type ScreenAction = (typeof SCREEN_ACTIONS)[number];

export interface ScreenActionState {
  readonly screenAction: ScreenAction;
}

export function screenActionState(action: ScreenAction): ScreenActionState {
  return { screenAction: action };
}

function actionOf(state: unknown): unknown {
  return typeof state === 'object' && state !== null ? (state as { screenAction?: unknown }).screenAction : undefined;
}

/** Runs `run` once when the screen was opened for `action` and is `ready` (e.g. its list has loaded). */
export function useScreenAction(action: ScreenAction, run: () => void, ready = true): void {
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useLatest(run);
  const asked = actionOf(location.state) === action;
  useEffect(() => {
    if (!asked || !ready) return;
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
    latest.current();
  }, [asked, ready, navigate, location.pathname, location.search, location.hash, latest]);
}
