import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Choice } from './FormFields.js';
import { Select } from './Select.js';

export interface ToolbarSearch {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The accessible name, e.g. 'Search inquiries'. */
  readonly label: string;
  readonly placeholder?: string;
  /** Milliseconds to wait after the last key before onChange; 0 (default) calls it on every key. */
  readonly debounceMs?: number;
}

export interface ToolbarSelect {
  /** The accessible name, e.g. 'Filter by status' or 'Sort coaches'. */
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly options: readonly Choice[];
  /** A visible word before the select ('Sort by'); the label stays the accessible name. */
  readonly prefix?: string;
}

interface Props {
  readonly search?: ToolbarSearch;
  readonly filters?: readonly ToolbarSelect[];
  readonly sort?: ToolbarSelect;
  /** A line such as 'Showing 3 of 12' (give it a data-testid yourself). */
  readonly summary?: ReactNode;
  /** Buttons at the end (Export, New). */
  readonly actions?: ReactNode;
  readonly children?: ReactNode;
}

function SearchBox({ value, onChange, label, placeholder, debounceMs = 0 }: ToolbarSearch) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A reset from outside (Clear filters) shows in the box.
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <input
      className="control toolbar-search"
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        clearTimeout(timer.current);
        if (debounceMs > 0) timer.current = setTimeout(() => onChange(next), debounceMs);
        else onChange(next);
      }}
    />
  );
}

function ToolbarSelectBox({ label, value, onChange, options, prefix }: ToolbarSelect) {
  const select = <Select aria-label={label} value={value} onValueChange={onChange} options={options} />;
  return prefix ? (
    <span className="toolbar-prefixed">
      {prefix} {select}
    </span>
  ) : (
    select
  );
}

/** The row above a list: search, filters, sort, a count and the actions. The selects are the kit's Select. */
export function ListToolbar({ search, filters = [], sort, summary, actions, children }: Props) {
  return (
    <div className="list-toolbar">
      {search ? <SearchBox {...search} /> : null}
      {filters.map((f) => (
        <ToolbarSelectBox key={f.label} {...f} />
      ))}
      {sort ? <ToolbarSelectBox {...sort} /> : null}
      {children}
      {summary ? <span className="muted toolbar-summary">{summary}</span> : null}
      {actions ? <div className="toolbar-actions">{actions}</div> : null}
    </div>
  );
}
