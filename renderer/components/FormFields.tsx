/**
 * Labelled form controls with hint and error wired for assistive technology (aria-invalid, aria-describedby).
 * Each passes every other attribute to its native control and takes a ref (React 19: ref is a prop), so
 * react-hook-form's register(...) spreads straight in; value/onChange work as plain controlled inputs too.
 */
import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';
import { FieldNotes, useFieldIds, type FieldProps } from './FieldFrame.js';
import { Select, type SelectProps } from './Select.js';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> & FieldProps & { readonly ref?: Ref<HTMLInputElement> };

export function TextField({ label, error, hint, id, className, ...input }: InputProps) {
  const f = useFieldIds(id, error, hint);
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={f.inputId}>{label}</label>
      <input id={f.inputId} {...f.aria} {...input} />
      <FieldNotes hint={hint} error={error} hintId={f.hintId} errorId={f.errorId} />
    </div>
  );
}

/** A number with its bounds; with register, pass { valueAsNumber: true } to get a number back. */
export function NumberField({
  min,
  max,
  step,
  ...rest
}: Omit<InputProps, 'type'> & { readonly min?: number; readonly max?: number; readonly step?: number | 'any' }) {
  return <TextField type="number" inputMode="decimal" min={min} max={max} step={step} {...rest} />;
}

/** A calendar day ('2026-11-24') or, with withTime, a local date and time ('2026-11-24T09:30'). */
export function DateField({ withTime = false, ...rest }: Omit<InputProps, 'type'> & { readonly withTime?: boolean }) {
  return <TextField type={withTime ? 'datetime-local' : 'date'} {...rest} />;
}

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'id'> & FieldProps & { readonly ref?: Ref<HTMLTextAreaElement> };

export function TextareaField({ label, error, hint, id, className, rows = 4, ...area }: TextareaProps) {
  const f = useFieldIds(id, error, hint);
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={f.inputId}>{label}</label>
      <textarea id={f.inputId} rows={rows} {...f.aria} {...area} />
      <FieldNotes hint={hint} error={error} hintId={f.hintId} errorId={f.errorId} />
    </div>
  );
}

export interface Choice {
  readonly value: string;
  readonly label: string;
  readonly disabled?: boolean;
}

type SelectFieldProps = FieldProps & Omit<SelectProps, 'id' | 'className' | 'aria-label' | 'aria-invalid' | 'aria-describedby'>;

/**
 * A labelled Select (Select.tsx, on Radix): controlled only, `value` + `onValueChange(value)`; with react-hook-form
 * wrap it in a Controller, as SwitchField. Tests choose with tests/support/choose-option.ts.
 */
export function SelectField({ label, error, hint, id, className, ...select }: SelectFieldProps) {
  const f = useFieldIds(id, error, hint);
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={f.inputId}>{label}</label>
      <Select id={f.inputId} {...f.aria} {...select} />
      <FieldNotes hint={hint} error={error} hintId={f.hintId} errorId={f.errorId} />
    </div>
  );
}

// The labelled checkbox is drawn by Radix (Checkbox.tsx); kept importable from here for the forms that did.
export { CheckboxField } from './Checkbox.js';
