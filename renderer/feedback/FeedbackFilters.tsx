import type { ReactNode } from 'react';
import { TYPE_FILTERS, type TypeFilter } from '../../shared/rules/feedback/list.js';
import { SEARCH_MAX_LENGTH, TYPE_LABELS } from '../../shared/rules/feedback/model.js';

interface Props {
  readonly search: string;
  readonly onSearch: (v: string) => void;
  readonly type: TypeFilter;
  readonly onType: (v: TypeFilter) => void;
  readonly children?: ReactNode;
}

/** Search and the type filter (all, bug, feature, general), shared by the board and the trash. */
export function FeedbackFilters({ search, onSearch, type, onType, children }: Props) {
  return (
    <div className="fb-toolbar">
      <input className="control" type="search" aria-label="Search feedback" placeholder="Search feedback..." maxLength={SEARCH_MAX_LENGTH} value={search} onChange={(e) => onSearch(e.target.value)} />
      <select className="control" aria-label="Filter by type" value={type} onChange={(e) => onType(e.target.value as TypeFilter)}>
        {TYPE_FILTERS.map((t) => (
          <option key={t} value={t}>
            {t === 'all' ? 'All types' : TYPE_LABELS[t]}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}
