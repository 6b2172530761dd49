import type { ConversationMessage } from './types.js';

/** The internal chat history (spec 3): time filters, stat boundaries and how a conversation's turns are read. */

export const CONVERSATION_PERIODS = ['all', 'today', 'week', 'month'] as const;
export type ConversationPeriod = (typeof CONVERSATION_PERIODS)[number];

export const PERIOD_LABELS: Readonly<Record<ConversationPeriod, string>> = { all: 'All Time', today: 'Today', week: 'This Week', month: 'This Month' };

export const CONVERSATION_PAGE_SIZE = 25;
export const FIRST_MESSAGE_LENGTH = 120;

/** The page to show when `page` is past the end (its last rows were deleted): the last one that has rows. */
export function pageWithin(page: number, matching: number): number {
  return Math.min(page, Math.max(0, Math.ceil(matching / CONVERSATION_PAGE_SIZE) - 1));
}

/** The lower bound of updated_at for a period: local midnight for today, 7 and 30 days back; null for all. */
export function periodStart(period: ConversationPeriod, now: Date): Date | null {
  if (period === 'all') return null;
  if (period === 'today') return new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return new Date(now.getTime() - (period === 'week' ? 7 : 30) * 24 * 60 * 60 * 1000);
}

/** The stored turns, keeping only user and assistant messages with text (other shapes are ignored, not shown). */
export function conversationMessages(raw: unknown): ConversationMessage[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((m) => {
    if (!m || typeof m !== 'object') return [];
    const { role, content } = m as { role?: unknown; content?: unknown };
    return (role === 'user' || role === 'assistant') && typeof content === 'string' ? [{ role, content }] : [];
  });
}

/** Characters PostgREST's or-filter syntax treats specially are dropped from a search term. */
export function searchTerm(raw: string): string {
  return raw.replace(/[%*,()\\]/g, ' ').trim();
}
