/** Coaches from the kept coach list and coach details; each opens its edit screen, /admin/coaches/:id. */
import { isRecord, keptData, keptStamp, listOf, text } from './kept.js';
import { termsOf, type IndexRow, type PaletteSource } from './types.js';

const OPS = ['coaches.list', 'coaches.get'] as const;

/** Every coach the cache holds, by id (a detail read later than the list wins only when the list lacks it). */
export function keptCoaches(db: Parameters<PaletteSource['rows']>[0], userId: string): Map<string, Record<string, unknown>> {
  const coaches = new Map<string, Record<string, unknown>>();
  for (const data of keptData(db, userId, 'coaches.list')) {
    for (const c of listOf(isRecord(data) ? data.coaches : undefined)) if (isRecord(c) && text(c.id)) coaches.set(c.id as string, c);
  }
  for (const data of keptData(db, userId, 'coaches.get')) {
    const c = isRecord(data) && isRecord(data.coach) ? data.coach : undefined;
    if (c && text(c.id) && !coaches.has(c.id as string)) coaches.set(c.id as string, c);
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
