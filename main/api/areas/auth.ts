import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { ADMIN_ROLE, type SessionInfo } from '../../../shared/rules/auth/types.js';
import { log } from '../../ground/log.js';

/**
 * An administrator's users replica starts its sync in the background as the session begins (issue 28 §4), so the
 * command palette and the Users screen have it soon without the screen being opened first. `always` at sign-in;
 * a session restored at launch syncs only a replica never synced (Users' own opening refreshes the rest).
 */
function syncUsersInBackground(s: AppServices, session: SessionInfo | null, always: boolean): void {
  if (!session?.verified || !session.roles.includes(ADMIN_ROLE)) return;
  void (async () => {
    const { users } = await s.connections.services();
    if (!always && (users.sync.syncing || users.store.meta('last_synced_at') !== null)) return;
    await users.sync.sync();
  })().catch((err: unknown) =>
    log.info(`The users list could not sync at sign-in; Users syncs it when opened. ${err instanceof Error ? err.message : String(err)}`),
  );
}

export function authHandlers(s: AppServices): Handlers['auth'] {
  return {
    getSession: async () => {
      const session = await s.sessions.current();
      syncUsersInBackground(s, session, false);
      return session;
    },
    signIn: async ({ email, password }) => {
      const session = await s.sessions.signIn(email, password);
      syncUsersInBackground(s, session, true);
      return session;
    },
    signUp: (input) => s.sessions.signUp(input),
    signOut: () => s.sessions.signOut(),
  };
}
