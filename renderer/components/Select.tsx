import type { Ref } from 'react';
import * as RadixSelect from '@radix-ui/react-select';
import type { Choice } from './FormFields.js';
import { styleNonce } from './style-nonce.js';
import { CheckMark } from './CheckMark.js';

// Radix keeps '' for "nothing chosen" (the placeholder), so an option whose value is '' ('Any') travels as this.
const EMPTY = '\u0000empty';
const toRadix = (v: string) => (v === '' ? EMPTY : v);
const fromRadix = (v: string) => (v === EMPTY ? '' : v);

export interface SelectProps {
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  readonly options: readonly Choice[];
  /** Shown while the value is '' and no option has that value; not itself a choice. */
  readonly placeholder?: string | undefined;
  readonly disabled?: boolean | undefined;
  readonly required?: boolean | undefined;
  readonly name?: string | undefined;
  readonly id?: string | undefined;
  readonly className?: string | undefined;
  /** Its name when no <label htmlFor> points at it (a toolbar filter, a card's status). */
  readonly 'aria-label'?: string | undefined;
  readonly 'aria-labelledby'?: string | undefined;
  readonly 'aria-invalid'?: boolean | undefined;
  readonly 'aria-describedby'?: string | undefined;
  readonly onBlur?: (() => void) | undefined;
  readonly ref?: Ref<HTMLButtonElement>;
}

/**
 * A choice among a few options, on Radix Select: a button (role="combobox") showing the value, a list in a portal
 * (never clipped by a card or a dialog). Keyboard as Radix gives it: Enter, Space or the arrows open, the arrows
 * move, letters jump (typeahead), Enter chooses, Escape closes and focus stays on the button. The button carries
 * data-value with the raw value and each option its own, for tests (tests/support/choose-option.ts). The list's
 * scrollbar style is a <style> element: it carries this page's CSP nonce.
 */
export function Select({ value, onValueChange, options, placeholder, disabled, required, name, id, className, onBlur, ref, ...aria }: SelectProps) {
  const hasEmpty = options.some((o) => o.value === '');
  return (
    <RadixSelect.Root
      value={value === '' && !hasEmpty ? '' : toRadix(value)}
      onValueChange={(v) => onValueChange(fromRadix(v))}
      disabled={disabled}
      required={required}
      name={name}
    >
      <RadixSelect.Trigger
        ref={ref}
        id={id}
        className={['control', 'select-trigger', className].filter(Boolean).join(' ')}
        data-value={value}
        onBlur={onBlur}
        {...aria}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon className="select-icon">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="select-content" position="popper" sideOffset={4} collisionPadding={8}>
          <RadixSelect.ScrollUpButton className="select-scroll" aria-hidden="true">
            ▲
          </RadixSelect.ScrollUpButton>
          <RadixSelect.Viewport className="select-viewport" nonce={styleNonce()}>
            {options.map((o) => (
              <RadixSelect.Item key={o.value} value={toRadix(o.value)} disabled={o.disabled} className="select-item" data-value={o.value}>
                <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator className="select-check">
                  <CheckMark />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
          <RadixSelect.ScrollDownButton className="select-scroll" aria-hidden="true">
            ▼
          </RadixSelect.ScrollDownButton>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
