import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FeedbackBoard } from '../../shared/contract/areas/feedback.js';
import { BOARD_COLUMNS, type BoardColumnId } from '../../shared/rules/feedback/model.js';
import { callOp } from '../api/hooks.js';
import { notify } from '../components/Toaster.js';
import { appendPage, type BoardQuery } from './board-cache.js';

/**
 * Reads a column's next page (keyset: after its last loaded card) into the board it belongs to. One read per
 * column and query at a time; a failed read is not retried by scrolling (it would repeat the error), only after the
 * search or type changes.
 */
export function useMorePages(query: BoardQuery, board: FeedbackBoard | undefined) {
  const client = useQueryClient();
  const busy = useRef(new Set<string>());
  const [loading, setLoading] = useState<ReadonlySet<BoardColumnId>>(new Set());
  const mark = (column: BoardColumnId, on: boolean) =>
    setLoading((old) => {
      const next = new Set(old);
      if (on) next.add(column);
      else next.delete(column);
      return next;
    });

  const load = async (column: BoardColumnId) => {
    const page = board?.columns[column];
    const last = page?.items[page.items.length - 1];
    const key = `${query.type}\u0000${query.search}\u0000${column}\u0000${last?.id ?? ''}`;
    if (!page?.more || !last || busy.current.has(key)) return;
    busy.current.add(key);
    mark(column, true);
    try {
      const next = await callOp('feedback', 'boardPage', { ...query, column, after: { createdAt: last.createdAt, id: last.id } });
      appendPage(client, query, column, next.data);
      busy.current.delete(key);
    } catch (err) {
      notify.error('Loading failed', err instanceof Error ? err.message : String(err));
    } finally {
      mark(column, false);
    }
  };

  const more = Object.fromEntries(BOARD_COLUMNS.map((c) => [c.id, () => void load(c.id)])) as Record<BoardColumnId, () => void>;
  return { loading, more };
}
