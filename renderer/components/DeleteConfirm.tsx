import { ConfirmDialog } from './ConfirmDialog.js';

interface Props<T> {
  /** The row asked about; null keeps the dialog closed. */
  readonly target: T | null;
  readonly title: string;
  readonly describe: (target: T) => string;
  readonly confirmLabel?: string;
  /** The delete itself (usually a write op's mutateAsync). */
  readonly run: (target: T) => Promise<unknown>;
  readonly succeeded: (target: T) => void;
  readonly failed: (error: unknown, target: T) => void;
  /** Called once the delete has settled, or on cancel: clear the target here. */
  readonly onClose: () => void;
}

/**
 * "Delete X?" before a delete: the dialog waits while the delete runs, then reports success or failure and
 * closes, so no screen wires the confirm, the toasts and the reset by hand.
 */
export function DeleteConfirm<T>({ target, title, describe, confirmLabel = 'Delete', run, succeeded, failed, onClose }: Props<T>) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      description={target !== null ? describe(target) : undefined}
      confirmLabel={confirmLabel}
      danger
      onCancel={onClose}
      onConfirm={() =>
        target === null
          ? undefined
          : run(target)
              .then(
                () => succeeded(target),
                (err: unknown) => failed(err, target),
              )
              .finally(onClose)
      }
    />
  );
}
