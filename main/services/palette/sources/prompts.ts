/**
 * Prompt families: the fixed ones (mirror per type, daily wisdom, entry analysis, entry suggestions, the two
 * chatbots), each opening its screen, and one system prompt per coach the cache holds, opening that coach's
 * prompt history. Titles are the family titles of shared/rules/prompts/families.ts.
 */
import { FAMILY_SPECS, MIRROR_TYPES, MIRROR_TYPE_INFO } from '../../../../shared/rules/prompts/families.js';
import { keptCoaches } from './coaches.js';
import { keptStamp, text } from './kept.js';
import { termsOf, type IndexRow, type PaletteSource } from './types.js';

const OPS = ['coaches.list', 'coaches.get'] as const;

const fixed = (id: string, title: string, route: string, extra = ''): IndexRow => ({
  id,
  title,
  subtitle: 'Prompt family',
  route,
  terms: termsOf(title, id, extra, 'prompt'),
});

export const FIXED_FAMILIES: readonly IndexRow[] = [
  ...MIRROR_TYPES.map((t) => fixed(`mirror:${t}`, `${FAMILY_SPECS.mirror.title}: ${MIRROR_TYPE_INFO[t].label}`, `/admin/mirror/${t}/history`)),
  fixed('daily-wisdom', FAMILY_SPECS['daily-wisdom'].title, '/admin/daily-wisdom-prompts'),
  fixed('entry-analysis', FAMILY_SPECS['entry-analysis'].title, '/admin/entry-analysis-prompts'),
  fixed('block-suggestion', FAMILY_SPECS['block-suggestion'].title, '/admin/block-suggestion-prompts', 'block suggestion'),
  fixed('public-chatbot', FAMILY_SPECS['public-chatbot'].title, '/admin/public-chatbot'),
  fixed('internal-chatbot', FAMILY_SPECS['internal-chatbot'].title, '/admin/internal-chatbot'),
];

export const promptsSource: PaletteSource = {
  kind: 'prompt',
  ops: OPS,
  stamp: (db, userId) => `v1|${keptStamp(db, userId, OPS)}`,
  *rows(db, userId) {
    yield* FIXED_FAMILIES;
    for (const [id, c] of keptCoaches(db, userId)) {
      const name = text(c.name) ?? id;
      yield {
        id: `coach-prompt:${id}`,
        title: `${FAMILY_SPECS['coach-prompt'].title}: ${name}`,
        subtitle: 'Coach prompt history',
        route: `/admin/coaches/${encodeURIComponent(id)}/history`,
        terms: termsOf(FAMILY_SPECS['coach-prompt'].title, name, 'coach prompt', id),
      };
    }
  },
};
