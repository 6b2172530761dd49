import type { CSSProperties, FormEvent, ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from './Button.js';
import { useReturnFocus } from './return-focus.js';

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
  readonly onSubmit: () => void;
  readonly onCancel: () => void;
}

/**
 * A modal form (Grant Feature Flag, Create New Version): Radix Dialog, so focus is trapped and Escape cancels;
 * Enter in a field submits. Validation stays with the caller (the fields show their own error text).
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
  onSubmit,
  onCancel,
}: Props) {
  const returnFocus = useReturnFocus();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy && !submitDisabled) onSubmit();
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
