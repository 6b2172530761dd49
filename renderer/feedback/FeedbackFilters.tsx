import type { ReactNode } from 'react';
import { TYPE_FILTERS, type TypeFilter } from '../../shared/rules/feedback/list.js';
import { TYPE_LABELS } from '../../shared/rules/feedback/model.js';
import { ListToolbar } from '../components/ListToolbar.js';

interface Props {
  readonly search: string;
  readonly onSearch: (v: string) => void;
  readonly type: TypeFilter;
  readonly onType: (v: TypeFilter) => void;
  readonly summary?: ReactNode;
  readonly actions?: ReactNode;
}

const TYPE_OPTIONS = TYPE_FILTERS.map((t) => ({ value: t, label: t === 'all' ? 'All types' : TYPE_LABELS[t] }));

/** Search and the type filter (all, bug, feature, general), the same on the board and in the trash. */
export function FeedbackFilters({ search, onSearch, type, onType, summary, actions }: Props) {
  return (
    <ListToolbar
      search={{ label: 'Search feedback', value: search, onChange: onSearch, placeholder: 'Search feedback...' }}
      filters={[{ label: 'Filter by type', value: type, onChange: (v) => onType(v as TypeFilter), options: TYPE_OPTIONS }]}
      summary={summary}
      actions={actions}
    />
  );
}
