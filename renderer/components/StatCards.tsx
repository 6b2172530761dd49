import type { ReactNode } from 'react';
import { formatStatValue, type StatFormat } from './stat-value.js';

export type StatTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'accent';

export interface StatItem {
  /** React key; also the test id unless testId is given. */
  readonly id: string;
  readonly label: string;
  /** undefined: not known yet (a skeleton while loading, else '-'). */
  readonly value: number | string | undefined;
  readonly format?: StatFormat;
  readonly hint?: ReactNode;
  readonly icon?: ReactNode;
  readonly tone?: StatTone;
  readonly testId?: string;
}

export function StatCard({ item, loading = false }: { readonly item: StatItem; readonly loading?: boolean }) {
  const { label, value, format, hint, icon, tone = 'neutral', testId, id } = item;
  return (
    <div className={`stat-card stat-tone-${tone}`} data-testid={testId ?? id}>
      <div className="stat-label">
        {icon ? (
          <span className="stat-icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        {label}
      </div>
      <div className="stat-value">
        {value !== undefined ? formatStatValue(value, format) : loading ? <span className="skeleton" aria-label="Loading" role="img" /> : '-'}
      </div>
      {hint ? <div className="stat-hint">{hint}</div> : null}
    </div>
  );
}

/** A row of stat cards (the headline figures above a list or a report). */
export function StatCards({
  items,
  loading = false,
  className,
  label,
}: {
  readonly items: readonly StatItem[];
  readonly loading?: boolean;
  readonly className?: string;
  readonly label?: string;
}) {
  return (
    <div className={['stat-grid', className].filter(Boolean).join(' ')} aria-busy={loading || undefined} aria-label={label} role={label ? 'group' : undefined}>
      {items.map((item) => (
        <StatCard key={item.id} item={item} loading={loading} />
      ))}
    </div>
  );
}
