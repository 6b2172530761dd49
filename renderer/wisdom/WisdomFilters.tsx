import { ALL_CATEGORIES, WISDOM_SORTS, WISDOM_STATUSES, isWisdomSort, type WisdomFilter, type WisdomSort, type WisdomStatus } from '../../shared/rules/wisdom/list.js';
import { WISDOM_CATEGORIES, wisdomLabel } from '../../shared/rules/wisdom/fields.js';

interface Props {
  readonly filter: WisdomFilter;
  readonly sort: WisdomSort;
  readonly onFilter: (f: WisdomFilter) => void;
  readonly onSort: (s: WisdomSort) => void;
  readonly shown: number;
  readonly total: number;
}

/** Search, category, status and the nine sorts (spec 2 section 9). */
export function WisdomFilters({ filter, sort, onFilter, onSort, shown, total }: Props) {
  return (
    <div className="wisdom-toolbar" role="search">
      <input
        className="control"
        type="search"
        aria-label="Search wisdom sources"
        placeholder="Search by name, description, background or expertise"
        value={filter.search}
        onChange={(e) => onFilter({ ...filter, search: e.target.value })}
      />
      <select className="control" aria-label="Filter by category" value={filter.category} onChange={(e) => onFilter({ ...filter, category: e.target.value })}>
        <option value={ALL_CATEGORIES}>All categories</option>
        {WISDOM_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {wisdomLabel(c)}
          </option>
        ))}
      </select>
      <select className="control" aria-label="Filter by status" value={filter.status} onChange={(e) => onFilter({ ...filter, status: e.target.value as WisdomStatus })}>
        {WISDOM_STATUSES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
      <select className="control" aria-label="Sort wisdom sources" value={sort} onChange={(e) => isWisdomSort(e.target.value) && onSort(e.target.value)}>
        {WISDOM_SORTS.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
      <span className="muted" data-testid="wisdom-count">
        Showing {shown} of {total}
      </span>
    </div>
  );
}
