import type { ReactNode } from 'react';
import { TYPE_FILTERS, type TypeFilter } from '../../shared/rules/feedback/list.js';
import { TYPE_LABELS } from '../../shared/rules/feedback/model.js';
import { ListToolbar } from '../components/ListToolbar.js';

interface Props {
  readonly search: string;
  readonly onSearch: (v: string) => void;
  /** Wait this long after the last key (the board searches in SQL); 0: at once. */
  readonly debounceMs?: number;
  readonly type: TypeFilter;
  readonly onType: (v: TypeFilter) => void;
  readonly summary?: ReactNode;
  readonly actions?: ReactNode;
  /** The board's column filter (the trash has none). */
  readonly status?: { readonly value: string; readonly onChange: (v: string) => void; readonly options: readonly { value: string; label: string }[] };
}

const TYPE_OPTIONS = TYPE_FILTERS.map((t) => ({ value: t, label: t === 'all' ? 'All types' : TYPE_LABELS[t] }));

/** Search and the type filter (all, bug, feature, general), the same on the board and in the trash. */
export function FeedbackFilters({ search, onSearch, debounceMs = 0, type, onType, summary, actions, status }: Props) {
  return (
    <ListToolbar
      search={{ label: 'Search feedback', value: search, onChange: onSearch, placeholder: 'Search feedback...', debounceMs }}
      filters={[
        { label: 'Filter by type', value: type, onChange: (v) => onType(v as TypeFilter), options: TYPE_OPTIONS },
        ...(status ? [{ label: 'Filter by status', ...status }] : []),
      ]}
      summary={summary}
      actions={actions}
    />
  );
}
