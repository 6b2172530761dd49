/**
 * Flag overrides from the kept list. The flags screen has no detail route: an override opens the screen
 * searched for its user's e-mail (the page reads ?search=).
 */
import { keptData, keptStamp, text } from './kept.js';
import { termsOf, type PaletteSource } from './types.js';

const OPS = ['flags.list'] as const;

export const flagsSource: PaletteSource = {
  kind: 'flag',
  ops: OPS,
  stamp: (db, userId) => keptStamp(db, userId, OPS),
  *rows(db, userId) {
    const seen = new Set<string>();
    for (const list of keptData(db, userId, 'flags.list')) {
      for (const f of Array.isArray(list) ? list : []) {
        if (!f || !text(f.id) || seen.has(f.id)) continue;
        const id = f.id;
        seen.add(id);
        const key = text(f.featureKey) ?? 'flag';
        const email = text(f.email);
        yield {
          id,
          title: `${key}: ${email ?? text(f.userId) ?? id}`,
          subtitle: f.enabled === false ? 'Revoked override' : 'Override',
          route: `/admin/feature-flags${email ? `?search=${encodeURIComponent(email)}` : ''}`,
          terms: termsOf(key, email, text(f.userId)),
        };
      }
    }
  },
};
