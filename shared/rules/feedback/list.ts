/** What the board and the trash show of an item, and the search and type filter both use (spec 2 sections 2, 9). */
import type { FeedbackItem, FeedbackType } from './types.js';
import { CARD_DESCRIPTION_MAX, CARD_TITLE_MAX, TAGS_SHOWN } from './model.js';

export const TYPE_FILTERS = ['all', 'bug', 'feature', 'general'] as const;
export type TypeFilter = 'all' | FeedbackType;

export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

export const cardTitle = (title: string): string => truncate(title, CARD_TITLE_MAX);

/** The first line of the description, cut at 80 characters. */
export function cardDescription(description: string): string {
  return truncate((description.split(/\r?\n/, 1)[0] ?? '').trim(), CARD_DESCRIPTION_MAX);
}

/** The first two tags and how many more there are ('+N'). */
export function tagSummary(tags: readonly string[]): { shown: readonly string[]; more: number } {
  return { shown: tags.slice(0, TAGS_SHOWN), more: Math.max(0, tags.length - TAGS_SHOWN) };
}

export const normaliseSearch = (search: string): string => search.trim().toLowerCase();

/** Case-insensitive match of the title or the description, and the type filter. `term` is normalised. */
export function matchesFeedback(item: Pick<FeedbackItem, 'type' | 'title' | 'description'>, term: string, type: TypeFilter): boolean {
  if (type !== 'all' && item.type !== type) return false;
  if (!term) return true;
  return item.title.toLowerCase().includes(term) || item.description.toLowerCase().includes(term);
}

export function filterFeedback<T extends Pick<FeedbackItem, 'type' | 'title' | 'description'>>(items: readonly T[], search: string, type: TypeFilter): T[] {
  const term = normaliseSearch(search);
  return items.filter((i) => matchesFeedback(i, term, type));
}
