import type { WisdomSource, WisdomStats } from './types.js';
import { WISDOM_CATEGORIES } from './fields.js';

/** The filter bar of the wisdom sources screen: search, category, status and the nine sorts (spec 2 section 9). */

export const WISDOM_SORTS = [
  { value: 'name-asc', label: 'Name (A-Z)' },
  { value: 'name-desc', label: 'Name (Z-A)' },
  { value: 'category-asc', label: 'Category (A-Z)' },
  { value: 'category-desc', label: 'Category (Z-A)' },
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'updated-desc', label: 'Recently updated' },
  { value: 'updated-asc', label: 'Least recently updated' },
  { value: 'active-first', label: 'Active first' },
] as const;
export type WisdomSort = (typeof WISDOM_SORTS)[number]['value'];
/** The read is newest first, so the screen opens that way. */
export const DEFAULT_WISDOM_SORT: WisdomSort = 'newest';

export const WISDOM_STATUSES = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;
export type WisdomStatus = (typeof WISDOM_STATUSES)[number]['value'];

export const ALL_CATEGORIES = 'all';

export interface WisdomFilter {
  readonly search: string;
  /** 'all' or one of WISDOM_CATEGORIES. */
  readonly category: string;
  readonly status: WisdomStatus;
}

export const EMPTY_WISDOM_FILTER: WisdomFilter = { search: '', category: ALL_CATEGORIES, status: 'all' };

type Sortable = Pick<WisdomSource, 'id' | 'name' | 'category' | 'isActive' | 'createdAt' | 'updatedAt'>;
type Searchable = Pick<WisdomSource, 'name' | 'description' | 'category' | 'isActive' | 'culturalBackground' | 'expertiseAreas'>;

/** Search matches name, description, cultural background or an expertise area, ignoring case and outer spaces. */
export function matchesWisdomFilter(s: Searchable, f: WisdomFilter): boolean {
  if (f.category !== ALL_CATEGORIES && s.category !== f.category) return false;
  if (f.status === 'active' && !s.isActive) return false;
  if (f.status === 'inactive' && s.isActive) return false;
  const q = f.search.trim().toLowerCase();
  if (!q) return true;
  return [s.name, s.description, s.culturalBackground ?? '', ...s.expertiseAreas].some((t) => t.toLowerCase().includes(q));
}

const text = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
const time = (iso: string) => Date.parse(iso) || 0;
/** Every tie falls back to the name, then the id, so equal keys always come out in the same order. */
const tieBreak = (a: Sortable, b: Sortable) => text(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const COMPARE: Record<WisdomSort, (a: Sortable, b: Sortable) => number> = {
  'name-asc': (a, b) => tieBreak(a, b),
  'name-desc': (a, b) => text(b.name, a.name) || tieBreak(a, b),
  'category-asc': (a, b) => text(a.category, b.category) || tieBreak(a, b),
  'category-desc': (a, b) => text(b.category, a.category) || tieBreak(a, b),
  newest: (a, b) => time(b.createdAt) - time(a.createdAt) || tieBreak(a, b),
  oldest: (a, b) => time(a.createdAt) - time(b.createdAt) || tieBreak(a, b),
  'updated-desc': (a, b) => time(b.updatedAt) - time(a.updatedAt) || tieBreak(a, b),
  'updated-asc': (a, b) => time(a.updatedAt) - time(b.updatedAt) || tieBreak(a, b),
  'active-first': (a, b) => Number(b.isActive) - Number(a.isActive) || tieBreak(a, b),
};

export function isWisdomSort(v: string): v is WisdomSort {
  return Object.hasOwn(COMPARE, v);
}

export function sortWisdom<T extends Sortable>(list: readonly T[], sort: WisdomSort): T[] {
  return [...list].sort(COMPARE[sort]);
}

/** What the card grid shows: the filtered list in the chosen order. */
export function visibleWisdom<T extends Sortable & Searchable>(list: readonly T[], f: WisdomFilter, sort: WisdomSort): T[] {
  return sortWisdom(
    list.filter((s) => matchesWisdomFilter(s, f)),
    sort,
  );
}

/** The stats cards, over every source (not the filtered view). */
export function wisdomStats(list: readonly Pick<WisdomSource, 'isActive' | 'category'>[]): WisdomStats {
  const active = list.filter((s) => s.isActive).length;
  const used = new Set(list.map((s) => s.category).filter((c) => (WISDOM_CATEGORIES as readonly string[]).includes(c)));
  return { total: list.length, active, inactive: list.length - active, categories: used.size };
}
