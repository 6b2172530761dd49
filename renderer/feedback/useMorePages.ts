import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FeedbackBoard } from '../../shared/contract/areas/feedback.js';
import { BOARD_COLUMNS, type BoardColumnId } from '../../shared/rules/feedback/model.js';
import { callOp } from '../api/hooks.js';
import { notify } from '../components/Toaster.js';
import { appendPage, type BoardQuery } from './board-cache.js';

/** One column's next read: the query, the column and the card it reads after. */
const pageKey = (query: BoardQuery, column: BoardColumnId, lastId: string) => `${query.type}\u0000${query.search}\u0000${column}\u0000${lastId}`;

/**
 * Reads a column's next page (keyset: after its last loaded card) into the board it belongs to. One read per
 * column and query at a time. A failed read is not repeated by scrolling (it would repeat the error): the column
 * shows it with a Retry button (`retry`), and a new search or type starts afresh.
 */
export function useMorePages(query: BoardQuery, board: FeedbackBoard | undefined) {
  const client = useQueryClient();
  const busy = useRef(new Set<string>());
  const [loading, setLoading] = useState<ReadonlySet<BoardColumnId>>(new Set());
  const [failedKeys, setFailedKeys] = useState<ReadonlySet<string>>(new Set());
  const mark = (column: BoardColumnId, on: boolean) =>
    setLoading((old) => {
      const next = new Set(old);
      if (on) next.add(column);
      else next.delete(column);
      return next;
    });
  const setFailed = (key: string, on: boolean) =>
    setFailedKeys((old) => {
      if (old.has(key) === on) return old;
      const next = new Set(old);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const next = (column: BoardColumnId) => {
    const page = board?.columns[column];
    const last = page?.items[page.items.length - 1];
    return page?.more && last ? { last, key: pageKey(query, column, last.id) } : null;
  };

  const load = async (column: BoardColumnId) => {
    const target = next(column);
    if (!target || busy.current.has(target.key)) return;
    const { last, key } = target;
    busy.current.add(key);
    setFailed(key, false);
    mark(column, true);
    try {
      const page = await callOp('feedback', 'boardPage', { ...query, column, after: { createdAt: last.createdAt, id: last.id } });
      appendPage(client, query, column, page.data);
      busy.current.delete(key);
    } catch (err) {
      // The key stays busy, so scrolling does not read it again; Retry clears it.
      setFailed(key, true);
      notify.error('Loading failed', err instanceof Error ? err.message : String(err));
    } finally {
      mark(column, false);
    }
  };

  const retry = (column: BoardColumnId) => {
    const target = next(column);
    if (!target || !failedKeys.has(target.key)) return;
    busy.current.delete(target.key);
    void load(column);
  };

  const more = Object.fromEntries(BOARD_COLUMNS.map((c) => [c.id, () => void load(c.id)])) as Record<BoardColumnId, () => void>;
  const retries = Object.fromEntries(BOARD_COLUMNS.map((c) => [c.id, () => retry(c.id)])) as Record<BoardColumnId, () => void>;
  /** The columns whose next page failed for the current search and type (and not yet retried). */
  const failed = new Set(BOARD_COLUMNS.map((c) => c.id).filter((id) => failedKeys.has(next(id)?.key ?? '')));
  return { loading, more, failed: failed as ReadonlySet<BoardColumnId>, retry: retries };
}
