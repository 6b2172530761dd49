import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';

export function authHandlers(s: AppServices): Handlers['auth'] {
  return {
    getSession: () => s.sessions.current(),
    signIn: ({ email, password }) => s.sessions.signIn(email, password),
    signUp: (input) => s.sessions.signUp(input),
    signOut: () => s.sessions.signOut(),
  };
}
