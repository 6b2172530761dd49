/**
 * Feedback items from every kept board (each search and type), the trash and single items; each opens
 * /admin/feedback/:id. The newest kept copy of an item wins (its status may have changed since).
 */
import { STATUS_LABELS, TYPE_LABELS } from '../../../../shared/rules/feedback/model.js';
import type { FeedbackItem } from '../../../../shared/rules/feedback/types.js';
import { keptAnswers, keptStamp, text, type KeptAnswer } from './kept.js';
import { termsOf, type PaletteSource } from './types.js';

const OPS = ['feedback.board', 'feedback.trash', 'feedback.get'] as const;

function itemsOf(answer: KeptAnswer<(typeof OPS)[number]>): readonly (FeedbackItem | null)[] {
  switch (answer.op) {
    case 'feedback.get':
      return [answer.data];
    case 'feedback.trash':
      return answer.data?.items ?? [];
    case 'feedback.board':
      return Object.values(answer.data?.columns ?? {}).flatMap((c) => c?.items ?? []);
  }
}

export const feedbackSource: PaletteSource = {
  kind: 'feedback',
  ops: OPS,
  stamp: (db, userId) => keptStamp(db, userId, OPS),
  *rows(db, userId) {
    const items = new Map<string, FeedbackItem>();
    for (const answer of keptAnswers(db, userId, OPS)) for (const item of itemsOf(answer)) if (item && text(item.id)) items.set(item.id, item);
    for (const [id, f] of items) {
      const title = text(f.title) ?? id;
      const type = TYPE_LABELS[f.type] ?? text(f.type);
      const status = STATUS_LABELS[f.status] ?? text(f.status);
      yield {
        id,
        title,
        subtitle: [type, status].filter(Boolean).join(' · '),
        route: `/admin/feedback/${encodeURIComponent(id)}`,
        terms: termsOf(title, type, id),
      };
    }
  },
};
