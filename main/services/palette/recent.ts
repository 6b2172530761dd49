/** The admin's last opened palette items: one row per item with when it was opened, at most PALETTE_RECENT_MAX. */
import type Database from 'better-sqlite3';
import { PALETTE_RECENT_MAX, type PaletteItem, type PaletteKind } from '../../../shared/rules/palette/kinds.js';
import { writeTransaction } from '../../cache/transaction.js';

/** Records the item as opened now; returns it, or undefined when the index does not hold it (main builds the route). */
export function rememberOpened(db: Database.Database, userId: string, kind: PaletteKind, id: string, now: Date): PaletteItem | undefined {
  const found = db
    .prepare<[string, string, string], Omit<PaletteItem, 'recent'>>(
      'select kind, id, title, subtitle, route from palette_items where user_id = ? and kind = ? and id = ?',
    )
    .get(userId, kind, id);
  if (!found) return undefined;
  writeTransaction(db, () => {
    db.prepare(
      `insert into palette_recent (user_id, kind, id, opened_at) values (?, ?, ?, ?)
       on conflict (user_id, kind, id) do update set opened_at = excluded.opened_at`,
    ).run(userId, kind, id, now.toISOString());
    // Keep the newest; ties (the same millisecond) broken by rowid so the last write stays.
    db.prepare(
      `delete from palette_recent where user_id = ? and rowid not in
         (select rowid from palette_recent where user_id = ? order by opened_at desc, rowid desc limit ?)`,
    ).run(userId, userId, PALETTE_RECENT_MAX);
  });
  return { ...found, recent: true };
}
