import type { ToolbarSelect } from '../components/ListToolbar.js';
import {
  ALL_CATEGORIES,
  WISDOM_SORTS,
  WISDOM_STATUSES,
  isWisdomSort,
  type WisdomFilter,
  type WisdomSort,
  type WisdomStatus,
} from '../../shared/rules/wisdom/list.js';
import { WISDOM_CATEGORIES, wisdomLabel } from '../../shared/rules/wisdom/fields.js';
import type { WisdomStats } from '../../shared/rules/wisdom/types.js';
import type { StatItem } from '../components/StatCards.js';

/** The filter bar's category and status selects (spec 2 section 9). */
export function wisdomFilterSelects(filter: WisdomFilter, onFilter: (f: WisdomFilter) => void): ToolbarSelect[] {
  return [
    {
      label: 'Filter by category',
      value: filter.category,
      onChange: (category) => onFilter({ ...filter, category }),
      options: [{ value: ALL_CATEGORIES, label: 'All categories' }, ...WISDOM_CATEGORIES.map((c) => ({ value: c, label: wisdomLabel(c) }))],
    },
    {
      label: 'Filter by status',
      value: filter.status,
      onChange: (status) => onFilter({ ...filter, status: status as WisdomStatus }),
      options: WISDOM_STATUSES,
    },
  ];
}

/** The nine sorts. */
export function wisdomSortSelect(sort: WisdomSort, onSort: (s: WisdomSort) => void): ToolbarSelect {
  return { label: 'Sort wisdom sources', prefix: 'Sort by', value: sort, onChange: (v) => isWisdomSort(v) && onSort(v), options: WISDOM_SORTS };
}

/** Total, Active, Inactive and Categories, over every source (main reads them all, past any row cap). */
export function wisdomStatItems(stats: WisdomStats | undefined): StatItem[] {
  return [
    { id: 'stat-total', label: 'Total Sources', value: stats?.total },
    { id: 'stat-active', label: 'Active', value: stats?.active, tone: 'success' },
    { id: 'stat-inactive', label: 'Inactive', value: stats?.inactive, tone: 'neutral' },
    { id: 'stat-categories', label: 'Categories', value: stats?.categories, tone: 'info' },
  ];
}
