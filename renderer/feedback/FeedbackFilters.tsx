import type { ReactNode } from 'react';
import { TYPE_FILTERS, type TypeFilter } from '../../shared/rules/feedback/list.js';
import { BOARD_COLUMNS, TYPE_LABELS, type BoardColumnId } from '../../shared/rules/feedback/model.js';
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
  readonly status?: { readonly value: BoardColumnId | 'all'; readonly onChange: (v: BoardColumnId | 'all') => void };
}

const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...BOARD_COLUMNS.map((c) => ({ value: c.id, label: c.title }))];

const TYPE_OPTIONS = TYPE_FILTERS.map((t) => ({ value: t, label: t === 'all' ? 'All types' : TYPE_LABELS[t] }));

/** Search and the type filter (all, bug, feature, general), the same on the board and in the trash. */
export function FeedbackFilters({ search, onSearch, debounceMs = 0, type, onType, summary, actions, status }: Props) {
  const typeFilter = { label: 'Filter by type', value: type, onChange: (v: string) => onType(v as TypeFilter), options: TYPE_OPTIONS };
  return (
    <ListToolbar
      search={{ label: 'Search feedback', value: search, onChange: onSearch, placeholder: 'Search feedback...', debounceMs }}
      filters={
        status
          ? [
              typeFilter,
              { label: 'Filter by status', value: status.value, onChange: (v) => status.onChange(v as BoardColumnId | 'all'), options: STATUS_OPTIONS },
            ]
          : [typeFilter]
      }
      summary={summary}
      actions={actions}
    />
  );
}
