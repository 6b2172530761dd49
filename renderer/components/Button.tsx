import type { ButtonHTMLAttributes } from 'react';
import { Tooltip } from './Tooltip.js';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: Variant;
  readonly busy?: boolean;
  /**
   * Why the button cannot be used now. Set, the button stays focusable (aria-disabled, clicks ignored) and says why
   * in a tooltip on hover and focus: a disabled button takes neither, so its reason would reach nobody.
   */
  readonly disabledReason?: string | undefined;
}

export function Button({ variant = 'secondary', busy = false, className, disabled, disabledReason, children, type = 'button', onClick, ...rest }: Props) {
  const blocked = disabledReason !== undefined && !busy;
  const button = (
    <button
      type={type}
      className={['button', `button-${variant}`, className].filter(Boolean).join(' ')}
      disabled={blocked ? undefined : disabled || busy}
      aria-disabled={blocked || undefined}
      aria-busy={busy || undefined}
      onClick={blocked ? (e) => e.preventDefault() : onClick}
      {...rest}
    >
      {busy ? <span className="spinner spinner-small" aria-hidden="true" /> : null}
      {children}
    </button>
  );
  return blocked ? <Tooltip content={disabledReason}>{button}</Tooltip> : button;
}
