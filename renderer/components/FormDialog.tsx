import { useEffect, useRef, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from './Button.js';
import { useReturnFocus } from './return-focus.js';
import { ErrorSummary, type FieldProblem } from './ErrorSummary.js';

interface Props {
  readonly open: boolean;
  readonly title: string;
  readonly description?: string;
  /** The fields (the kit's TextField, SelectField...). */
  readonly children: ReactNode;
  readonly submitLabel: string;
  readonly cancelLabel?: string;
  readonly busy?: boolean;
  readonly submitDisabled?: boolean;
  /** Width of the panel, e.g. '560px'. */
  readonly width?: string;
  /** The fields' problems after a submit, listed at the top (each field still shows its own message). */
  readonly errors?: readonly FieldProblem[];
  /** The summary's heading where the spec names one ('Validation Error'). */
  readonly errorTitle?: string;
  readonly onSubmit: () => void;
  readonly onCancel: () => void;
}

/**
 * A modal form (Grant Feature Flag, Create New Version): Radix Dialog, so focus is trapped and Escape cancels;
 * Enter in a field submits. Validation stays with the caller (the fields show their own error text); give the
 * problems as `errors` and a failed submit lists them at the top and moves the focus there.
 */
export function FormDialog({
  open,
  title,
  description,
  children,
  submitLabel,
  cancelLabel = 'Cancel',
  busy = false,
  submitDisabled = false,
  width,
  errors = [],
  errorTitle,
  onSubmit,
  onCancel,
}: Props) {
  const returnFocus = useReturnFocus();
  const summary = useRef<HTMLDivElement>(null);
  // Submits tried, and the last one whose failure took the focus: the errors may arrive a render later
  // (react-hook-form validates asynchronously), and a second failed submit with the same errors still moves it.
  const [tries, setTries] = useState(0);
  const focusedTry = useRef(0);
  useEffect(() => {
    if (tries > focusedTry.current && errors.length > 0) {
      focusedTry.current = tries;
      summary.current?.focus();
    }
  }, [tries, errors.length]);
  useEffect(() => {
    if (!open) setTries((focusedTry.current = 0));
  }, [open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // React bubbles a submit through portals: a dialog opened from inside another must not submit that one too.
    e.stopPropagation();
    if (busy || submitDisabled) return;
    setTries((t) => t + 1);
    onSubmit();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (o || busy ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-panel"
          {...returnFocus}
          style={width ? ({ '--dialog-width': width } as CSSProperties) : undefined}
          {...(description ? {} : { 'aria-describedby': undefined })}
          aria-busy={busy || undefined}
        >
          <Dialog.Title className="confirm-title">{title}</Dialog.Title>
          {description ? <Dialog.Description className="muted">{description}</Dialog.Description> : null}
          <form className="form-dialog-body" onSubmit={submit} noValidate>
            <ErrorSummary problems={errors} title={errorTitle} ref={summary} />
            {children}
            <div className="confirm-actions">
              <Button type="button" onClick={onCancel} disabled={busy}>
                {cancelLabel}
              </Button>
              <Button type="submit" variant="primary" busy={busy} disabled={submitDisabled}>
                {submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
