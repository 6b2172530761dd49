import type { ReactNode } from 'react';
import * as Switch from '@radix-ui/react-switch';
import { FieldNotes, useFieldIds, type FieldProps } from './FieldFrame.js';

interface Props extends FieldProps {
  readonly label: ReactNode;
  readonly checked: boolean;
  readonly onCheckedChange: (checked: boolean) => void;
  readonly disabled?: boolean;
  readonly name?: string;
}

/**
 * An on/off setting (role="switch", Space toggles). Controlled only: with react-hook-form use a Controller,
 * render={({ field }) => <SwitchField label=".." checked={field.value} onCheckedChange={field.onChange} />}.
 */
export function SwitchField({ label, error, hint, id, className, checked, onCheckedChange, disabled, name }: Props) {
  const f = useFieldIds(id, error, hint);
  return (
    <div className={['field', 'field-check', className].filter(Boolean).join(' ')}>
      <div className="switch-row">
        <Switch.Root id={f.inputId} className="switch-root" checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} name={name} {...f.aria}>
          <Switch.Thumb className="switch-thumb" />
        </Switch.Root>
        <label htmlFor={f.inputId}>{label}</label>
      </div>
      <FieldNotes hint={hint} error={error} hintId={f.hintId} errorId={f.errorId} />
    </div>
  );
}
