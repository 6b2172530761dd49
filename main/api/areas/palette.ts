import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { log } from '../../ground/log.js';
import { serverSearchable, serverUserItems, withServerUsers } from '../../services/palette/server-users.js';

/**
 * The command palette answers from the local index, so it answers offline too: the offline form returns the same
 * search for the admin this computer verified before. Online, until the index holds any user (the users replica's
 * first sync, started at sign-in, has not reached it yet), users are also asked of the server, so an e-mail typed
 * right after sign-in is found.
 */
export function paletteHandlers(s: AppServices): Handlers['palette'] {
  const palette = async () => (await s.connections.services()).palette;
  return {
    search: {
      run: async ({ query }, { user }) => {
        const p = await palette();
        const found = await p.search(user.id, query);
        if (!serverSearchable(query) || p.hasUsers(user.id)) return found;
        const users = await serverUserItems((await s.connections.current()).user, query).catch((err: unknown) => {
          // The server is an aid here: the index's own answer still stands.
          log.warn(`The command palette could not ask the server for users: ${err instanceof Error ? err.message : String(err)}`);
          return [];
        });
        return withServerUsers(found, users);
      },
      offline: async ({ query }, { userId }) => ({ data: await (await palette()).search(userId, query), fetchedAt: new Date().toISOString() }),
    },
    opened: async ({ kind, id }, { user }) => (await palette()).opened(user.id, kind, id),
  };
}
