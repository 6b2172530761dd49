/** Coaches from the kept coach list and coach details; each opens its edit screen, /admin/coaches/:id. */
import type { Coach } from '../../../../shared/rules/coaches/types.js';
import { keptData, keptStamp, text } from './kept.js';
import { termsOf, type IndexRow, type PaletteSource } from './types.js';

const OPS = ['coaches.list', 'coaches.get'] as const;

/** Every coach the cache holds, by id (a detail read later than the list wins only when the list lacks it). */
export function keptCoaches(db: Parameters<PaletteSource['rows']>[0], userId: string): Map<string, Coach> {
  const coaches = new Map<string, Coach>();
  // `?.` and text(): an item without an id (or no item at all) is skipped, as an unreadable row is.
  for (const list of keptData(db, userId, 'coaches.list')) for (const c of list?.coaches ?? []) if (text(c?.id)) coaches.set(c.id, c);
  for (const detail of keptData(db, userId, 'coaches.get')) {
    const c = detail?.coach;
    if (c && text(c.id) && !coaches.has(c.id)) coaches.set(c.id, c);
  }
  return coaches;
}

export const coachesSource: PaletteSource = {
  kind: 'coach',
  ops: OPS,
  stamp: (db, userId) => keptStamp(db, userId, OPS),
  *rows(db, userId) {
    for (const [id, c] of keptCoaches(db, userId)) {
      const name = text(c.name) ?? id;
      const row: IndexRow = {
        id,
        title: name,
        subtitle: [text(c.category), c.isActive === false ? 'Inactive' : 'Active'].filter(Boolean).join(' · '),
        route: `/admin/coaches/${encodeURIComponent(id)}`,
        terms: termsOf(name, text(c.slug), text(c.category), id),
      };
      yield row;
    }
  },
};
