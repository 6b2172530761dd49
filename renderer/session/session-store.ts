import { create } from 'zustand';
import type { SessionInfo } from '../../shared/rules/auth/types.js';
import { callOp } from '../api/hooks.js';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut' | 'error';

interface SessionState {
  readonly status: SessionStatus;
  readonly session: SessionInfo | null;
  readonly error: string | null;
  /** Asks main for the session (main verifies it with the server). */
  load(): Promise<void>;
  set(session: SessionInfo | null): void;
}

export const useSessionStore = create<SessionState>((set) => ({
  status: 'loading',
  session: null,
  error: null,
  async load() {
    set({ status: 'loading', error: null });
    try {
      const { data } = await callOp('auth', 'getSession', {});
      set({ status: data ? 'signedIn' : 'signedOut', session: data, error: null });
    } catch (err) {
      set({ status: 'error', session: null, error: (err as Error).message });
    }
  },
  set(session) {
    set({ status: session ? 'signedIn' : 'signedOut', session, error: null });
  },
}));
