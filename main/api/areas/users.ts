import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import type { UserListPage, users } from '../../../shared/contract/areas/users.js';
import type { ParsedInputOf } from '../../../shared/contract/define.js';
import { userDetail } from '../../services/users/detail.js';
import { exportUsersCsv } from '../../services/users/export.js';
import { deleteUser, deletionPreview } from '../../services/users/deletion.js';
import type { UsersReplica } from '../../services/users/replica.js';

type PageInput = ParsedInputOf<typeof users.page>;

function pageOf(replica: UsersReplica, input: PageInput): UserListPage {
  const { rows, matched, total } = replica.store.page(input, input.offset, input.limit);
  return { rows, offset: input.offset, matched, total, sync: replica.sync.status() };
}

export function usersHandlers(s: AppServices): Handlers['users'] {
  const replica = async () => (await s.connections.services()).users;
  // Offline, the list is the replica as last synced (none before a first sync), under the offline notice.
  const fromReplica = async <T>(answer: (r: UsersReplica) => T) => {
    const r = await replica();
    return r.sync.offline(() => answer(r));
  };
  return {
    page: {
      async run(input) {
        const r = await replica();
        await r.ensureFirstSync();
        return pageOf(r, input);
      },
      offline: (input) => fromReplica((r) => pageOf(r, input)),
    },
    syncStatus: {
      async run({ start }) {
        const r = await replica();
        // The screen opening: a sync in the background; its progress and end arrive as 'users-sync' events.
        if (start) r.sync.sync().catch(() => undefined);
        return r.sync.status();
      },
      offline: () => fromReplica((r) => r.sync.status()),
    },
    refresh: async () => (await replica()).sync.refresh(),
    async exportCsv(query) {
      const r = await replica();
      await r.ensureFirstSync();
      return exportUsersCsv(r.store.db, s.saveTarget, query);
    },
    detail: async ({ userId }) => {
      const conn = await s.connections.current();
      return userDetail(conn.user, conn.service, userId);
    },
    deletionPreview: async ({ userId }) => deletionPreview((await s.connections.current()).user, userId),
    async deleteUser(input, ctx) {
      const result = await deleteUser(await s.connections.current(), ctx.user.id, input);
      // The account is gone on the server: it leaves the list (and every export) at once, without a sync.
      (await replica()).store.remove(input.targetUserId);
      return result;
    },
  };
}
