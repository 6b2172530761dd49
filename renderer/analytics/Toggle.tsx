import * as Switch from '@radix-ui/react-switch';
import { useId } from 'react';

/** A labelled on/off switch (Radix: role switch, Space and Enter toggle it). */
export function Toggle({ label, checked, onChange }: { readonly label: string; readonly checked: boolean; readonly onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="analytics-toggle">
      <Switch.Root id={id} className="switch-root" checked={checked} onCheckedChange={onChange}>
        <Switch.Thumb className="switch-thumb" />
      </Switch.Root>
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
