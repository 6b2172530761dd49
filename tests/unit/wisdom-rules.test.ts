import { describe, expect, it } from 'vitest';
import {
  BADGES_SHOWN,
  EXPERTISE_AREAS,
  TIME_PERIODS,
  WISDOM_CATEGORIES,
  WISDOM_MESSAGES,
  badgesOf,
  periodToStore,
  wisdomLabel,
} from '../../shared/rules/wisdom/fields.js';
import {
  DEFAULT_WISDOM_SORT,
  EMPTY_WISDOM_FILTER,
  WISDOM_SORTS,
  WISDOM_STATUSES,
  isWisdomSort,
  matchesWisdomFilter,
  sortWisdom,
  visibleWisdom,
  wisdomStats,
  type WisdomSort,
} from '../../shared/rules/wisdom/list.js';
import { missingRequired } from '../../shared/rules/wisdom/validate.js';
import type { WisdomSource } from '../../shared/rules/wisdom/types.js';
import { wisdom } from '../../shared/contract/areas/wisdom.js';

const src = (id: string, over: Partial<WisdomSource>): WisdomSource => ({
  id,
  name: id,
  description: '',
  category: 'author',
  timePeriod: null,
  culturalBackground: null,
  expertiseAreas: [],
  isActive: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

// Ids are given so that the tie-breaker (name, then id) is visible: b and c share a name.
const LIST: WisdomSource[] = [
  src('a', { name: 'Seneca', category: 'philosopher', createdAt: '2026-01-03T00:00:00Z', updatedAt: '2026-01-05T00:00:00Z', isActive: false }),
  src('c', { name: 'ada Lovelace', category: 'scientist', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-09T00:00:00Z' }),
  src('b', { name: 'Ada Lovelace', category: 'scientist', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-09T00:00:00Z', isActive: false }),
  src('d', { name: 'Rumi', category: 'spiritual-leader', createdAt: '2026-01-04T00:00:00Z', updatedAt: '2026-01-02T00:00:00Z' }),
  src('e', {
    name: 'Maya Angelou',
    category: 'author',
    createdAt: '2026-01-02T00:00:00Z',
    updatedAt: '2026-01-02T00:00:00Z',
    culturalBackground: 'African American',
    expertiseAreas: ['courage'],
  }),
];
const ids = (sort: WisdomSort, list = LIST) => sortWisdom(list, sort).map((s) => s.id);

describe('wisdom source lists (spec 2 section 9)', () => {
  it('has the eight categories, six periods and eighteen expertise areas', () => {
    expect(WISDOM_CATEGORIES).toEqual(['philosopher', 'scientist', 'spiritual-leader', 'author', 'entrepreneur', 'artist', 'researcher', 'historical-figure']);
    expect(TIME_PERIODS).toEqual(['ancient', 'classical', 'medieval', 'renaissance', 'modern', 'contemporary']);
    expect(EXPERTISE_AREAS).toHaveLength(18);
    expect(EXPERTISE_AREAS).toContain('shame-resilience');
    expect(WISDOM_STATUSES.map((s) => s.value)).toEqual(['all', 'active', 'inactive']);
  });

  it('labels values and shows four badges then +N more', () => {
    expect(wisdomLabel('spiritual-leader')).toBe('Spiritual Leader');
    expect(wisdomLabel('historical-figure')).toBe('Historical Figure');
    expect(BADGES_SHOWN).toBe(4);
    expect(badgesOf(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(badgesOf(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 0 });
    expect(badgesOf(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 2 });
  });

  it("stores 'none' or blank as no time period", () => {
    expect(periodToStore('none')).toBeNull();
    expect(periodToStore('')).toBeNull();
    expect(periodToStore(null)).toBeNull();
    expect(periodToStore('medieval')).toBe('medieval');
  });

  it('has the messages of section 8', () => {
    expect(WISDOM_MESSAGES.required).toBe('Please fill in all required fields');
    expect(WISDOM_MESSAGES.createFailed('boom')).toBe('Failed to create wisdom source: boom');
    expect(WISDOM_MESSAGES.updateFailed('boom')).toBe('Failed to update wisdom source: boom');
    expect(WISDOM_MESSAGES.updateFailed('')).toBe('Failed to update wisdom source: Unknown error');
    expect(WISDOM_MESSAGES.deleteFailed).toBe('Failed to delete wisdom source');
  });
});

describe('wisdom source sorts: all nine, ties broken by name then id', () => {
  it('offers the nine sorts with their labels, newest by default', () => {
    expect(WISDOM_SORTS.map((s) => s.label)).toEqual([
      'Name (A-Z)',
      'Name (Z-A)',
      'Category (A-Z)',
      'Category (Z-A)',
      'Newest',
      'Oldest',
      'Recently updated',
      'Least recently updated',
      'Active first',
    ]);
    expect(DEFAULT_WISDOM_SORT).toBe('newest');
    expect(isWisdomSort('oldest')).toBe(true);
    expect(isWisdomSort('toString')).toBe(false);
  });

  it('sorts by name, ignoring case', () => {
    expect(ids('name-asc')).toEqual(['b', 'c', 'e', 'd', 'a']);
    // Equal names keep the id order in both directions: the tie-breaker does not flip.
    expect(ids('name-desc')).toEqual(['a', 'd', 'e', 'b', 'c']);
  });

  it('sorts by category, then name', () => {
    expect(ids('category-asc')).toEqual(['e', 'a', 'b', 'c', 'd']);
    expect(ids('category-desc')).toEqual(['d', 'b', 'c', 'a', 'e']);
  });

  it('sorts by creation and update time', () => {
    expect(ids('newest')).toEqual(['d', 'a', 'e', 'b', 'c']);
    expect(ids('oldest')).toEqual(['b', 'c', 'e', 'a', 'd']);
    expect(ids('updated-desc')).toEqual(['b', 'c', 'a', 'e', 'd']);
    expect(ids('updated-asc')).toEqual(['e', 'd', 'a', 'b', 'c']);
  });

  it('puts active sources first, each group by name', () => {
    expect(ids('active-first')).toEqual(['c', 'e', 'd', 'b', 'a']);
  });

  it('gives the same order whatever the input order (stable ties)', () => {
    const reversed = [...LIST].reverse();
    for (const { value } of WISDOM_SORTS) expect(ids(value, reversed)).toEqual(ids(value));
  });

  it('does not change the list it is given', () => {
    const copy = [...LIST];
    sortWisdom(LIST, 'name-asc');
    expect(LIST).toEqual(copy);
  });
});

describe('wisdom source filters and stats', () => {
  it('filters by category, status and search over name, description, background and expertise', () => {
    const f = EMPTY_WISDOM_FILTER;
    expect(LIST.filter((s) => matchesWisdomFilter(s, f))).toHaveLength(5);
    expect(visibleWisdom(LIST, { ...f, category: 'scientist' }, 'name-asc').map((s) => s.id)).toEqual(['b', 'c']);
    expect(visibleWisdom(LIST, { ...f, status: 'active' }, 'name-asc').map((s) => s.id)).toEqual(['c', 'e', 'd']);
    expect(visibleWisdom(LIST, { ...f, status: 'inactive' }, 'name-asc').map((s) => s.id)).toEqual(['b', 'a']);
    expect(visibleWisdom(LIST, { ...f, search: '  LOVE ' }, 'name-asc').map((s) => s.id)).toEqual(['b', 'c']);
    expect(visibleWisdom(LIST, { ...f, search: 'african' }, 'name-asc').map((s) => s.id)).toEqual(['e']);
    expect(visibleWisdom(LIST, { ...f, search: 'courage' }, 'name-asc').map((s) => s.id)).toEqual(['e']);
    expect(visibleWisdom(LIST, { ...f, search: 'ada', status: 'active', category: 'scientist' }, 'name-asc').map((s) => s.id)).toEqual(['c']);
  });

  it('counts total, active, inactive and categories in use', () => {
    expect(wisdomStats(LIST)).toEqual({ total: 5, active: 3, inactive: 2, categories: 4 });
    expect(wisdomStats([])).toEqual({ total: 0, active: 0, inactive: 0, categories: 0 });
  });
});

describe('wisdom source validation (spec 2 section 5)', () => {
  it('create needs name, description and category; update needs name and description', () => {
    const full = { name: 'Rumi', description: 'Poet', category: 'author' };
    expect(missingRequired(full, 'create')).toBeNull();
    expect(missingRequired({ ...full, name: '   ' }, 'create')).toBe('Please fill in all required fields');
    expect(missingRequired({ ...full, description: '' }, 'create')).toBe('Please fill in all required fields');
    expect(missingRequired({ ...full, category: '' }, 'create')).toBe('Please fill in all required fields');
    expect(missingRequired({ ...full, category: '' }, 'update')).toBeNull();
    expect(missingRequired({ ...full, description: ' ' }, 'update')).toBe('Please fill in all required fields');
  });

  const input = {
    name: '  Rumi ',
    description: ' Poet ',
    category: 'author',
    timePeriod: 'none',
    culturalBackground: '  ',
    expertiseAreas: ['wisdom', 'wisdom', 'compassion'],
    isActive: true,
  };

  it('main trims text, clears the period for none and drops repeated areas', () => {
    const r = wisdom.create.input.safeParse(input);
    expect(r.success).toBe(true);
    expect(r.data).toEqual({
      ...input,
      name: 'Rumi',
      description: 'Poet',
      timePeriod: null,
      culturalBackground: null,
      expertiseAreas: ['wisdom', 'compassion'],
    });
    expect(wisdom.create.input.parse({ ...input, timePeriod: 'medieval', culturalBackground: ' Persian ' })).toMatchObject({
      timePeriod: 'medieval',
      culturalBackground: 'Persian',
    });
  });

  it('main refuses missing fields with one message, and values outside the lists', () => {
    const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message);
    expect(msg(wisdom.create.input.safeParse({ ...input, name: ' ', description: '' }))).toEqual(['Please fill in all required fields']);
    expect(msg(wisdom.create.input.safeParse({ ...input, category: '' }))).toEqual(['Please fill in all required fields']);
    expect(msg(wisdom.create.input.safeParse({ ...input, category: 'wizard' }))).toContain('Not a valid category');
    expect(msg(wisdom.create.input.safeParse({ ...input, timePeriod: 'future' }))).toContain('Not a valid time period');
    expect(msg(wisdom.create.input.safeParse({ ...input, expertiseAreas: ['napping'] }))).toContain('Not a valid expertise area');
    expect(wisdom.create.input.safeParse({ ...input, extra: 1 }).success).toBe(false);
    const id = '00000000-0000-4000-8000-000000000001';
    expect(msg(wisdom.update.input.safeParse({ ...input, id, description: '  ' }))).toEqual(['Please fill in all required fields']);
    expect(wisdom.update.input.safeParse({ ...input, id }).success).toBe(true);
  });
});
