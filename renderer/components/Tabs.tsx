import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { matchesShortcut } from '../lib/shortcuts.js';

export interface TabItem {
  readonly id: string;
  readonly label: string;
}

interface Props {
  readonly label: string;
  readonly tabs: readonly TabItem[];
  readonly value: string;
  readonly onChange: (id: string) => void;
  readonly children: ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; the panel below is labelled by the chosen tab. */
export function Tabs({ label, tabs, value, onChange, children }: Props) {
  const base = useId();
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const next =
      !matchesShortcut('tabNext', e) && !matchesShortcut('tabEnds', e)
        ? null
        : e.key === 'ArrowRight'
          ? i + 1
          : e.key === 'ArrowLeft'
            ? i - 1
            : e.key === 'Home'
              ? 0
              : tabs.length - 1;
    if (next === null) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length] as TabItem;
    onChange(tab.id);
    document.getElementById(`${base}-tab-${tab.id}`)?.focus();
  };
  return (
    <div>
      <div className="tabs" role="tablist" aria-label={label}>
        {tabs.map((t, i) => (
          <button
            key={t.id}
            id={`${base}-tab-${t.id}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={t.id === value}
            aria-controls={`${base}-panel`}
            tabIndex={t.id === value ? 0 : -1}
            onClick={() => onChange(t.id)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`${base}-panel`} role="tabpanel" aria-labelledby={`${base}-tab-${value}`}>
        {children}
      </div>
    </div>
  );
}
