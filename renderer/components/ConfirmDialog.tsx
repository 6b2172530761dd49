import { useState, type ReactNode } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Button } from './Button.js';
import { useReturnFocus } from './return-focus.js';

interface Props {
  readonly open: boolean;
  readonly title: string;
  /** The question's detail; children work too (rich content). */
  readonly description?: ReactNode;
  readonly children?: ReactNode;
  readonly confirmLabel: string;
  readonly cancelLabel?: string;
  /** Destructive tone: the confirm button is red. */
  readonly danger?: boolean;
  /** The action is running: both buttons wait, Escape and the overlay do nothing. */
  readonly busy?: boolean;
  /** If it returns a promise, the dialog is busy until it settles (then close it in your handler). */
  readonly onConfirm: () => void | Promise<unknown>;
  readonly onCancel: () => void;
}

/**
 * A yes/no question before an action (delete, rollback). Radix AlertDialog: focus starts on Cancel, Tab stays
 * inside, Escape cancels, and focus returns to the element that had it when the dialog opened.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: Props) {
  const [running, setRunning] = useState(false);
  const returnFocus = useReturnFocus();
  const waiting = busy || running;
  const confirm = () => {
    const result = onConfirm();
    if (result instanceof Promise) {
      setRunning(true);
      void result.catch(() => undefined).finally(() => setRunning(false));
    }
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => (o || waiting ? undefined : onCancel())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog-panel" aria-busy={waiting || undefined} {...returnFocus}>
          <AlertDialog.Title className="confirm-title">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="confirm-body">
              {typeof description === 'string' ? <p>{description}</p> : description}
              {children}
            </div>
          </AlertDialog.Description>
          <div className="confirm-actions">
            <AlertDialog.Cancel asChild>
              <Button disabled={waiting}>{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <Button variant={danger ? 'danger' : 'primary'} busy={waiting} onClick={confirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
