/**
 * Feedback items from every kept board (each search and type), the trash and single items; each opens
 * /admin/feedback/:id. The newest kept copy of an item wins (its status may have changed since).
 */
import { STATUS_LABELS, TYPE_LABELS } from '../../../../shared/rules/feedback/model.js';
import type { FeedbackStatus, FeedbackType } from '../../../../shared/rules/feedback/types.js';
import { isRecord, keptStamp, listOf, text } from './kept.js';
import { termsOf, type PaletteSource } from './types.js';

const OPS = ['feedback.board', 'feedback.trash', 'feedback.get'] as const;

function itemsOf(op: string, data: unknown): unknown[] {
  if (!isRecord(data)) return [];
  if (op === 'feedback.get') return [data];
  if (op === 'feedback.trash') return listOf(data.items);
  return Object.values(isRecord(data.columns) ? data.columns : {}).flatMap((c) => (isRecord(c) ? listOf(c.items) : []));
}

export const feedbackSource: PaletteSource = {
  kind: 'feedback',
  ops: OPS,
  stamp: (db, userId) => keptStamp(db, userId, OPS),
  *rows(db, userId) {
    const items = new Map<string, Record<string, unknown>>();
    const kept = db
      .prepare<[string], { op: string; data: string }>(
        "select op, data from kept_reads where user_id = ? and op in ('feedback.board', 'feedback.trash', 'feedback.get') order by fetched_at",
      )
      .iterate(userId);
    for (const k of kept) {
      let data: unknown;
      try {
        data = JSON.parse(k.data);
      } catch {
        continue;
      }
      for (const item of itemsOf(k.op, data)) if (isRecord(item) && text(item.id)) items.set(item.id as string, item);
    }
    for (const [id, f] of items) {
      const title = text(f.title) ?? id;
      const type = TYPE_LABELS[f.type as FeedbackType] ?? text(f.type);
      const status = STATUS_LABELS[f.status as FeedbackStatus] ?? text(f.status);
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
