import { useLayoutEffect } from 'react';
import type { BlockerFunction } from 'react-router-dom';

import { LEAVE_QUESTION } from '../../shared/rules/common/unsaved.js';

export { LEAVE_QUESTION };

/**
 * The editors with unsaved changes on display. A router honours one blocker only, and a page can have several
 * editors (a coach: form, prompt, knowledge base), so editors register here and one LeaveGuardHost blocks for all.
 */
const unsavedEditors = new Set<symbol>();

/**
 * Asks before leaving a page with unsaved changes: closing or reloading the window (beforeunload) here, and every
 * route change (links, navigate(), browser back and forward) through LeaveGuardHost (renderer/components/LeaveGuard.tsx).
 */
export function useLeaveGuard(dirty: boolean): void {
  // Registered in the commit that shows Unsaved Changes, before it is painted: a passive effect runs in a task of its
  // own, and a browser Back handled before that task (a loaded machine, a quick Alt+Left) left without asking.
  useLayoutEffect(() => {
    if (!dirty) return undefined;
    const id = Symbol('unsaved editor');
    unsavedEditors.add(id);
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => {
      unsavedEditors.delete(id);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [dirty]);
}

/**
 * Another page, while an editor has unsaved changes. The same page with other search parameters is not leaving;
 * /auth is where a sign-out (here or in another window) goes, and the session is already gone by then.
 */
export const blocksLeaving: BlockerFunction = ({ currentLocation, nextLocation }) =>
  unsavedEditors.size > 0 && currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== '/auth';
