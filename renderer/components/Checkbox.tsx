import type { ReactNode } from 'react';
import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { FieldNotes, useFieldIds, type FieldProps } from './FieldFrame.js';
import { CheckMark } from './CheckMark.js';

interface BoxProps {
  readonly checked: boolean;
  readonly onCheckedChange: (checked: boolean) => void;
  readonly disabled?: boolean;
  readonly id?: string;
  /** Its name when no label sits beside it (a table row's "Select <title>"). */
  readonly ariaLabel?: string;
  readonly name?: string;
  readonly 'aria-invalid'?: boolean | undefined;
  readonly 'aria-describedby'?: string | undefined;
}

/**
 * A checkbox on Radix Checkbox (role="checkbox", Space toggles), drawn the same on every system. Controlled only:
 * `checked` + `onCheckedChange`; with react-hook-form wrap it in a Controller, as SwitchField.
 */
export function Checkbox({ checked, onCheckedChange, disabled, id, ariaLabel, name, ...aria }: BoxProps) {
  return (
    <RadixCheckbox.Root
      id={id}
      className="checkbox-root"
      checked={checked}
      onCheckedChange={(c) => onCheckedChange(c === true)}
      disabled={disabled}
      name={name}
      aria-label={ariaLabel}
      {...aria}
    >
      <RadixCheckbox.Indicator className="checkbox-indicator">
        <CheckMark />
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
}

/** A labelled checkbox with hint and error (label on its right). */
export function CheckboxField({
  label,
  error,
  hint,
  id,
  className,
  checked,
  onCheckedChange,
  disabled,
  name,
}: FieldProps & Omit<BoxProps, 'ariaLabel' | 'id'> & { readonly label: ReactNode }) {
  const f = useFieldIds(id, error, hint);
  return (
    <div className={['field', 'field-check', className].filter(Boolean).join(' ')}>
      <div className="checkbox">
        <Checkbox id={f.inputId} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} name={name} {...f.aria} />
        <label htmlFor={f.inputId}>{label}</label>
      </div>
      <FieldNotes hint={hint} error={error} hintId={f.hintId} errorId={f.errorId} />
    </div>
  );
}
