import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog.js';

interface Props<T, R> {
  /** The row asked about; null keeps the dialog closed. */
  readonly target: T | null;
  /** The question; a function where it names the row ('Delete "a.mp3"?'). */
  readonly title: string | ((target: T) => string);
  /** What the delete does, under the title (text or a paragraph). */
  readonly describe?: (target: T) => ReactNode;
  readonly confirmLabel?: string;
  /** The delete itself (usually a write op's mutateAsync). */
  readonly run: (target: T) => Promise<R>;
  /** After the delete: its result too (a count, or whether a screen's own write helper succeeded). */
  readonly succeeded: (target: T, result: R) => void;
  readonly failed: (error: unknown, target: T) => void;
  /** Called once the delete has settled, or on cancel: clear the target here. */
  readonly onClose: () => void;
}

/**
 * "Delete X?" before a delete: the dialog waits while the delete runs, then reports success or failure and
 * closes, so no screen wires the confirm, the toasts and the reset by hand.
 */
export function DeleteConfirm<T, R = unknown>({ target, title, describe, confirmLabel = 'Delete', run, succeeded, failed, onClose }: Props<T, R>) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={target === null ? '' : typeof title === 'function' ? title(target) : title}
      description={target !== null && describe ? describe(target) : undefined}
      confirmLabel={confirmLabel}
      danger
      onCancel={onClose}
      onConfirm={() =>
        target === null
          ? undefined
          : run(target)
              .then(
                (result) => succeeded(target, result),
                (err: unknown) => failed(err, target),
              )
              .finally(onClose)
      }
    />
  );
}
