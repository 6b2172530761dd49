/** Marketing links from the kept list and single links; each opens its edit screen. */
import { isRecord, keptData, keptStamp, listOf, text } from './kept.js';
import { termsOf, type PaletteSource } from './types.js';

const OPS = ['marketing.list', 'marketing.get'] as const;

export const marketingSource: PaletteSource = {
  kind: 'marketing-link',
  ops: OPS,
  stamp: (db, userId) => keptStamp(db, userId, OPS),
  *rows(db, userId) {
    const links = new Map<string, Record<string, unknown>>();
    for (const data of keptData(db, userId, 'marketing.list')) for (const l of listOf(data)) if (isRecord(l) && text(l.id)) links.set(l.id as string, l);
    for (const l of keptData(db, userId, 'marketing.get')) if (isRecord(l) && text(l.id) && !links.has(l.id as string)) links.set(l.id as string, l);
    for (const [id, l] of links) {
      const name = text(l.campaignName) ?? id;
      yield {
        id,
        title: name,
        subtitle: [text(l.slug), text(l.campaignType)].filter(Boolean).join(' · '),
        route: `/admin/marketing-links/${encodeURIComponent(id)}/edit`,
        terms: termsOf(name, text(l.slug), text(l.campaignType), id),
      };
    }
  },
};
