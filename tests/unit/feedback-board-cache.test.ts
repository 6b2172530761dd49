import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { FeedbackBoard } from '../../shared/contract/areas/feedback.js';
import type { FeedbackItem } from '../../shared/rules/feedback/types.js';
import type { Answer } from '../../renderer/api/hooks.js';
import { appendPage, boardKey, replaceOnBoard, type BoardQuery } from '../../renderer/feedback/board-cache.js';

/** The board's cached pages follow a move, a delete and its undo with exact counts (renderer/feedback/board-cache.ts). */
const item = (n: number, over: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'bug',
  title: `Item ${n}`,
  description: '',
  status: 'new',
  tags: [],
  attachmentUrl: null,
  createdAt: `2026-11-${String(n).padStart(2, '0')}T10:00:00+00:00`,
  updatedAt: '2026-11-20T10:00:00+00:00',
  ...over,
});

function setup(query: BoardQuery, board: FeedbackBoard) {
  const client = new QueryClient();
  client.setQueryData<Answer<FeedbackBoard>>(boardKey(query), { data: board, offline: undefined });
  return { client, read: () => client.getQueryData<Answer<FeedbackBoard>>(boardKey(query))!.data };
}
const ids = (items: readonly FeedbackItem[]) => items.map((i) => i.title);
const empty = { items: [], more: false };

describe('feedback board cache', () => {
  it('moves a card between columns by its sort order, moving the counts by one, and puts it back', () => {
    const all: BoardQuery = { search: '', type: 'all' };
    const moving = item(5);
    const { client, read } = setup(all, {
      total: 10,
      counts: { new: 6, reviewed: 4, in_progress: 0, done: 0 },
      columns: {
        new: { items: [item(9), moving, item(3)], more: true },
        reviewed: { items: [item(8, { status: 'reviewed' }), item(2, { status: 'reviewed' })], more: true },
        in_progress: empty,
        done: empty,
      },
    });
    const moved = { ...moving, status: 'reviewed' as const };
    replaceOnBoard(client, moving, moved);
    expect(ids(read().columns.new.items)).toEqual(['Item 9', 'Item 3']);
    expect(ids(read().columns.reviewed.items)).toEqual(['Item 8', 'Item 5', 'Item 2']);
    expect(read().counts).toEqual({ new: 5, reviewed: 5, in_progress: 0, done: 0 });
    expect(read().total).toBe(10);
    replaceOnBoard(client, moved, moving); // the write failed
    expect(ids(read().columns.new.items)).toEqual(['Item 9', 'Item 5', 'Item 3']);
    expect(read().counts).toEqual({ new: 6, reviewed: 4, in_progress: 0, done: 0 });
  });

  it('leaves a card older than every loaded one to its later page, and counts only what the search shows', () => {
    const q: BoardQuery = { search: 'item 1', type: 'all' };
    const { client, read } = setup(q, {
      total: 50,
      counts: { new: 0, reviewed: 0, in_progress: 3, done: 0 },
      columns: { new: empty, reviewed: empty, in_progress: { items: [item(19, { status: 'in_progress' })], more: true }, done: empty },
    });
    replaceOnBoard(client, item(1), item(1, { status: 'in_progress' }));
    expect(ids(read().columns.in_progress.items)).toEqual(['Item 19']);
    expect(read().counts.in_progress).toBe(4);
    replaceOnBoard(client, item(7), item(7, { status: 'in_progress' })); // not shown by the search: counts stay
    expect(read().counts).toEqual({ new: 0, reviewed: 0, in_progress: 4, done: 0 });
    appendPage(client, q, 'in_progress', { items: [item(19, { status: 'in_progress' }), item(1, { status: 'in_progress' })], more: false });
    expect(ids(read().columns.in_progress.items)).toEqual(['Item 19', 'Item 1']);
    expect(read().columns.in_progress.more).toBe(false);
  });

  it('a delete takes the card and one from the totals; its undo brings both back', () => {
    const all: BoardQuery = { search: '', type: 'all' };
    const card = item(4, { status: 'closed' });
    const { client, read } = setup(all, {
      total: 2,
      counts: { new: 1, reviewed: 0, in_progress: 0, done: 1 },
      columns: { new: { items: [item(6)], more: false }, reviewed: empty, in_progress: empty, done: { items: [card], more: false } },
    });
    replaceOnBoard(client, card, null);
    const deleted = { ...card, status: 'deleted' as const };
    expect(read()).toMatchObject({ total: 1, counts: { done: 0 }, columns: { done: { items: [] } } });
    replaceOnBoard(client, deleted, card);
    expect(read()).toMatchObject({ total: 2, counts: { done: 1 } });
    expect(ids(read().columns.done.items)).toEqual(['Item 4']);
  });
});
