import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';

/**
 * The command palette answers from the local index only, so it answers offline too: the offline form returns
 * the same search for the admin this computer verified before.
 */
export function paletteHandlers(s: AppServices): Handlers['palette'] {
  const palette = async () => (await s.connections.services()).palette;
  return {
    search: {
      run: async ({ query }, { user }) => (await palette()).search(user.id, query),
      offline: async ({ query }, { userId }) => ({ data: await (await palette()).search(userId, query), fetchedAt: new Date().toISOString() }),
    },
    opened: async ({ kind, id }, { user }) => (await palette()).opened(user.id, kind, id),
  };
}
