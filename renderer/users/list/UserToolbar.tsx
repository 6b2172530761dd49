import { USER_FILTERS, USER_FILTER_LABELS, SEARCH_MAX_LENGTH, type UserFilter } from '../../../shared/rules/users/filters.js';
import { formatCount, formatCounted } from '../../lib/format.js';
import { Select } from '../../components/Select.js';

interface Props {
  readonly search: string;
  readonly onSearch: (value: string) => void;
  readonly filter: UserFilter;
  readonly onFilter: (value: UserFilter) => void;
  readonly shown: number;
  readonly total: number | undefined;
  /** A newer answer is on its way (the counts may change). */
  readonly busy: boolean;
}

/** Search box, the nine filters (spec 1 section 9) and how many users are shown. */
export function UserToolbar({ search, onSearch, filter, onFilter, shown, total, busy }: Props) {
  return (
    <div className="users-toolbar" role="search">
      <div className="field users-search">
        <label htmlFor="users-search">Search</label>
        <input
          id="users-search"
          type="search"
          placeholder="E-mail or user ID"
          value={search}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(e) => onSearch(e.target.value)}
          autoComplete="off"
        />
      </div>
      <div className="field users-filter">
        <label htmlFor="users-filter">Filter</label>
        <Select
          id="users-filter"
          value={filter}
          onValueChange={(v) => onFilter(v as UserFilter)}
          options={USER_FILTERS.map((f) => ({ value: f, label: USER_FILTER_LABELS[f] }))}
        />
      </div>
      <p className="users-count muted" aria-live="polite" aria-busy={busy} data-testid="users-count">
        {total === undefined ? '' : `Showing ${formatCount(shown)} of ${formatCounted(total, 'user')}`}
      </p>
    </div>
  );
}
