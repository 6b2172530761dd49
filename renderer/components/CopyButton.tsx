import { useEffect, useRef, useState } from 'react';
import { copyText } from '../lib/clipboard.js';
import { Button } from './Button.js';

interface Props {
  readonly text: string;
  readonly label?: string;
  readonly copiedLabel?: string;
  /** How long the button says copiedLabel. */
  readonly copiedMs?: number;
  /** The accessible name when the visible label is not enough ('Copy user ID'). */
  readonly ariaLabel?: string;
  readonly onCopied?: () => void;
  readonly onFailed?: () => void;
  readonly variant?: 'primary' | 'secondary' | 'ghost';
}

/** Copies text on click and says so for a moment (the change is announced: aria-live). */
export function CopyButton({ text, label = 'Copy', copiedLabel = 'Copied', copiedMs = 2000, ariaLabel, onCopied, onFailed, variant = 'secondary' }: Props) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      variant={variant}
      aria-label={ariaLabel}
      aria-live="polite"
      onClick={async () => {
        if (!(await copyText(text))) return onFailed?.();
        setCopied(true);
        onCopied?.();
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), copiedMs);
      }}
    >
      {copied ? copiedLabel : label}
    </Button>
  );
}
