import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { ADMIN_ROLE, type SessionInfo } from '../../../shared/rules/auth/types.js';
import { log } from '../../ground/log.js';

/**
 * An administrator's users replica starts its first sync in the background as the session begins (issue 28 §4),
 * at sign-in or a session restored at launch, so the command palette and the Users screen have it without the
 * screen being opened first. A replica synced before is left to Users' own opening and Refresh, as before.
 */
function syncUsersInBackground(s: AppServices, session: SessionInfo | null): void {
  if (!session?.verified || !session.roles.includes(ADMIN_ROLE)) return;
  void (async () => {
    const { users } = await s.connections.services();
    if (users.sync.syncing || users.store.meta('last_synced_at') !== null) return;
    await users.sync.sync();
  })().catch((err: unknown) =>
    log.info(`The users list could not sync at sign-in; Users syncs it when opened. ${err instanceof Error ? err.message : String(err)}`),
  );
}

export function authHandlers(s: AppServices): Handlers['auth'] {
  return {
    getSession: async () => {
      const session = await s.sessions.current();
      syncUsersInBackground(s, session);
      return session;
    },
    signIn: async ({ email, password }) => {
      const session = await s.sessions.signIn(email, password);
      syncUsersInBackground(s, session);
      return session;
    },
    signUp: (input) => s.sessions.signUp(input),
    signOut: () => s.sessions.signOut(),
  };
}
