/** Marketing links from the kept list and single links; each opens its edit screen. */
import type { MarketingLink } from '../../../../shared/rules/marketing/types.js';
import { keptData, keptStamp, text } from './kept.js';
import { termsOf, type PaletteSource } from './types.js';

const OPS = ['marketing.list', 'marketing.get'] as const;

export const marketingSource: PaletteSource = {
  kind: 'marketing-link',
  ops: OPS,
  stamp: (db, userId) => keptStamp(db, userId, OPS),
  *rows(db, userId) {
    const links = new Map<string, MarketingLink>();
    for (const list of keptData(db, userId, 'marketing.list')) for (const l of Array.isArray(list) ? list : []) if (l && text(l.id)) links.set(l.id, l);
    for (const l of keptData(db, userId, 'marketing.get')) if (l && text(l.id) && !links.has(l.id)) links.set(l.id, l);
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
