import type { ReactNode } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';

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
  readonly className?: string;
}

/**
 * WAI-ARIA tabs on Radix Tabs: arrow keys, Home and End move between tabs (the tabNext and tabEnds shortcuts), the
 * chosen one follows focus, and the panel below is labelled by the chosen tab. Controlled: `value` + `onChange`.
 */
export function Tabs({ label, tabs, value, onChange, children, className }: Props) {
  return (
    <RadixTabs.Root value={value} onValueChange={onChange} activationMode="automatic" className={className}>
      <RadixTabs.List className="tabs" aria-label={label} loop>
        {tabs.map((t) => (
          <RadixTabs.Trigger key={t.id} value={t.id} className="tab">
            {t.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      <RadixTabs.Content value={value} className="tab-panel">
        {children}
      </RadixTabs.Content>
    </RadixTabs.Root>
  );
}
