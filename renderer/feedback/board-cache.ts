import type { QueryClient } from '@tanstack/react-query';
import type { FeedbackItem } from '../../shared/rules/feedback/types.js';
import type { FeedbackBoard, FeedbackPage } from '../../shared/contract/areas/feedback.js';
import { columnOf, type BoardColumnId } from '../../shared/rules/feedback/model.js';
import { matchesFeedback, normaliseSearch, type TypeFilter } from '../../shared/rules/feedback/list.js';
import { opKey, type Answer } from '../api/hooks.js';

/**
 * The board's copies (one per search and type), kept up to date in place: a move, a tag edit or a delete changes one
 * row, and reading the board again for it would drop the pages a column has loaded. A write replaces the item's
 * earlier version (`before`) with the new one (`after`, null when none): the exact counts from SQL move by one, and
 * the card leaves its column and enters the other where it sorts among the loaded cards (or later, with its page).
 */
export interface BoardQuery {
  readonly search: string;
  readonly type: TypeFilter;
}

export const boardKey = (query: BoardQuery) => opKey('feedback', 'board', query);
const BOARDS = opKey('feedback', 'board');

/** Newest first, ties by id: the order of the SQL keyset (created_at desc, id). */
const before = (a: FeedbackItem, b: FeedbackItem) => a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);

const shows = (item: FeedbackItem, q: BoardQuery) => item.status !== 'deleted' && matchesFeedback(item, normaliseSearch(q.search), q.type);

function mapColumns(board: FeedbackBoard, fn: (id: BoardColumnId, page: FeedbackPage) => FeedbackPage): FeedbackBoard['columns'] {
  const out = { ...board.columns };
  for (const id of Object.keys(out) as BoardColumnId[]) out[id] = fn(id, out[id]);
  return out;
}

function subtract(board: FeedbackBoard, item: FeedbackItem, q: BoardQuery): FeedbackBoard {
  const column = columnOf(item.status);
  const counted = column !== null && shows(item, q);
  return {
    total: board.total - (item.status === 'deleted' ? 0 : 1),
    counts: counted ? { ...board.counts, [column]: Math.max(0, board.counts[column] - 1) } : board.counts,
    columns: mapColumns(board, (_, page) => (page.items.some((i) => i.id === item.id) ? { ...page, items: page.items.filter((i) => i.id !== item.id) } : page)),
  };
}

function add(board: FeedbackBoard, item: FeedbackItem, q: BoardQuery): FeedbackBoard {
  const column = columnOf(item.status);
  const total = board.total + (item.status === 'deleted' ? 0 : 1);
  if (column === null || !shows(item, q)) return { ...board, total };
  return {
    total,
    counts: { ...board.counts, [column]: board.counts[column] + 1 },
    columns: mapColumns(board, (id, page) => {
      if (id !== column) return page;
      const at = page.items.findIndex((i) => before(item, i));
      // Older than every loaded card while more follow: it arrives with a later page.
      if (at < 0 && page.more) return page;
      const items = [...page.items];
      items.splice(at < 0 ? items.length : at, 0, item);
      return { ...page, items };
    }),
  };
}

/** Replaces `before` by `after` on every cached board (either may be null). */
export function replaceOnBoard(client: QueryClient, was: FeedbackItem | null, now: FeedbackItem | null): void {
  for (const [key, old] of client.getQueriesData<Answer<FeedbackBoard>>({ queryKey: BOARDS })) {
    if (!old) continue;
    const q = key[2] as BoardQuery;
    let board = old.data;
    if (was) board = subtract(board, was, q);
    if (now) board = add(board, now, q);
    client.setQueryData<Answer<FeedbackBoard>>(key, { ...old, data: board });
  }
}

/** Appends a column's next page (read after its last card) to the board it was read for. */
export function appendPage(client: QueryClient, q: BoardQuery, column: BoardColumnId, page: FeedbackPage): void {
  client.setQueryData<Answer<FeedbackBoard>>(boardKey(q), (old) => {
    if (!old) return old;
    const current = old.data.columns[column];
    const known = new Set(current.items.map((i) => i.id));
    const items = [...current.items, ...page.items.filter((i) => !known.has(i.id))];
    return { ...old, data: { ...old.data, columns: { ...old.data.columns, [column]: { items, more: page.more } } } };
  });
}

/** The detail page's copy of one item, patched the same way. */
export function putDetail(client: QueryClient, item: FeedbackItem): void {
  client.setQueryData<Answer<FeedbackItem | null>>(opKey('feedback', 'get', { id: item.id }), (old) => (old ? { ...old, data: item } : old));
}
