import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../core/app-services.js';
import { readAllUsers } from '../../services/users/list.js';
import { userDetail } from '../../services/users/detail.js';
import { exportUsersCsv } from '../../services/users/export.js';
import { deleteUser, deletionPreview } from '../../services/users/deletion.js';
import { UserListSnapshot } from '../../services/users/list-snapshot.js';

export function usersHandlers(s: AppServices): Handlers['users'] {
  const shown = new UserListSnapshot();
  return {
    async list(_input, ctx) {
      const conn = await s.connections.current();
      const users = await readAllUsers(conn.user);
      shown.remember(conn, ctx.user.id, users);
      return { users };
    },
    async exportCsv(query, ctx) {
      const conn = await s.connections.current();
      return exportUsersCsv(conn.user, s.saveTarget, query, shown.take(conn, ctx.user.id));
    },
    detail: async ({ userId }) => {
      const conn = await s.connections.current();
      return userDetail(conn.user, conn.service, userId);
    },
    deletionPreview: async ({ userId }) => deletionPreview((await s.connections.current()).user, userId),
    async deleteUser(input, ctx) {
      // The deleted account must not reappear in an export made before the screen reloads.
      shown.clear();
      return deleteUser(await s.connections.current(), ctx.user.id, input);
    },
  };
}
