import type { ReactNode } from 'react';

/** A definition list of label and value pairs, the building block of the detail sections. */
export function Facts({ items, testId }: { readonly items: readonly (readonly [string, ReactNode])[]; readonly testId?: string }) {
  return (
    <dl className="users-facts" data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label} className="users-fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
