/**
 * Users: the users replica's rep_users (issue 17 part 1; read only when the table exists) and every user detail
 * kept for offline review. Both give the id and the e-mail; the detail route is /admin/users/:userId.
 */
import type Database from 'better-sqlite3';
import { keptData, keptStamp, text } from './kept.js';
import { termsOf, type IndexRow, type PaletteSource } from './types.js';

const OPS = ['users.detail'] as const;

function hasReplica(db: Database.Database): boolean {
  return db.prepare("select 1 from sqlite_master where type = 'table' and name = 'rep_users'").get() !== undefined;
}

const row = (id: string, email: string | null): IndexRow => ({
  id,
  title: email ?? id,
  subtitle: email ? id : 'User',
  route: `/admin/users/${encodeURIComponent(id)}`,
  terms: termsOf(email, id),
});

/**
 * Whether an index built for this stamp holds the users of a finished replica sync: rows indexed while the first sync
 * is still writing its key ranges are only some of the users, so until then the palette also asks the server.
 */
export function stampHasSyncedUsers(stamp: string | undefined): boolean {
  const replica = stamp?.slice(stamp.lastIndexOf('|') + 1) ?? '-';
  // `n:rowid:syncedAt`; the sync time (an ISO time, colons included) is empty until a sync has finished.
  return replica !== '-' && replica.split(':').slice(2).join(':') !== '';
}

export const usersSource: PaletteSource = {
  kind: 'user',
  ops: OPS,
  stamp(db, userId) {
    // The replica is shared by the admins of the profile; its size and last rowid move when a sync adds or removes rows.
    // The sync time too: a sync that changes an e-mail in place moves neither the count nor the last rowid.
    const replica = hasReplica(db)
      ? db
          .prepare<[], { n: number; r: number | null; at: string | null }>(
            "select count(*) as n, max(rowid) as r, (select value from rep_users_meta where key = 'last_synced_at') as at from rep_users",
          )
          .get()
      : undefined;
    return `${keptStamp(db, userId, OPS)}|${replica ? `${replica.n}:${replica.r ?? 0}:${replica.at ?? ''}` : '-'}`;
  },
  *rows(db, userId) {
    const seen = new Set<string>();
    if (hasReplica(db)) {
      // In whole pages by rowid: the caller pauses between rows, and an open iterator would block the connection.
      const page = db.prepare<[number], { k: number; user_id: unknown; email: unknown }>(
        'select rowid as k, user_id, email from rep_users where rowid > ? order by rowid limit 5000',
      );
      for (let after = 0; ;) {
        const rows = page.all(after);
        for (const r of rows) {
          const id = text(r.user_id);
          if (!id || seen.has(id)) continue;
          seen.add(id);
          yield row(id, text(r.email));
        }
        if (rows.length < 5000) break;
        after = rows[rows.length - 1]!.k;
      }
    }
    for (const detail of keptData(db, userId, 'users.detail')) {
      const user = detail?.user;
      const id = text(user?.user_id);
      if (!id || seen.has(id)) continue;
      seen.add(id);
      yield row(id, text(user?.user_email));
    }
  },
};
