import type { QueryClient } from '@tanstack/react-query';
import type { FeedbackItem } from '../../shared/types/feedback.js';
import type { FeedbackList } from '../../shared/contract/areas/feedback.js';
import { opKey, type Answer } from '../api/hooks.js';

/**
 * The board's copy of the live items, kept up to date in place: a move, a tag edit or a delete changes one row, and
 * reloading 20,000 items for it would be slow. Writes patch it with the row main returns (what the server holds),
 * or put the earlier row back when they fail.
 */
export const BOARD_KEY = opKey('feedback', 'board', {});

const newestFirst = (a: FeedbackItem, b: FeedbackItem) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? -1 : 1);

function update(client: QueryClient, change: (items: readonly FeedbackItem[]) => readonly FeedbackItem[]): void {
  client.setQueryData<Answer<FeedbackList>>(BOARD_KEY, (old) => (old ? { ...old, data: { items: change(old.data.items) } } : old));
}

/** Puts the row on the board (replacing its earlier version), or takes it off when it is in the trash. */
export function putOnBoard(client: QueryClient, item: FeedbackItem): void {
  update(client, (items) => {
    const rest = items.filter((i) => i.id !== item.id);
    if (item.status === 'deleted') return rest;
    if (rest.length === items.length) return [...rest, item].sort(newestFirst);
    return items.map((i) => (i.id === item.id ? item : i));
  });
}

export function takeOffBoard(client: QueryClient, id: string): void {
  update(client, (items) => items.filter((i) => i.id !== id));
}

export function boardItem(client: QueryClient, id: string): FeedbackItem | undefined {
  return client.getQueryData<Answer<FeedbackList>>(BOARD_KEY)?.data.items.find((i) => i.id === id);
}

/** The detail page's copy of one item, patched the same way. */
export function putDetail(client: QueryClient, item: FeedbackItem): void {
  client.setQueryData<Answer<FeedbackItem | null>>(opKey('feedback', 'get', { id: item.id }), (old) => (old ? { ...old, data: item } : old));
}
