import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useReturnFocus } from './return-focus.js';

interface Props {
  readonly open: boolean;
  readonly title: string;
  readonly description?: ReactNode;
  /** CSS width of the panel (default 480px). */
  readonly width?: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly testId?: string;
  /** A class of the panel besides dialog-panel, for a viewer's own layout. */
  readonly className?: string;
  /** The id of an element inside that describes the dialog, where the description is more than a line of text. */
  readonly describedBy?: string;
  /** While true (a write under way), Escape and the overlay do not close it. */
  readonly busy?: boolean;
}

/**
 * A modal form or viewer (Radix Dialog): focus is trapped, Escape and the overlay close it, focus returns to the
 * opener. For yes/no questions use ConfirmDialog.
 */
export function Modal({ open, title, description, width, onClose, children, testId, className, describedBy, busy }: Props) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (!o && !busy ? onClose() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={className ? `dialog-panel ${className}` : 'dialog-panel'}
          {...returnFocus}
          data-testid={testId}
          style={width ? ({ '--dialog-width': width } as React.CSSProperties) : undefined}
          {...(description ? {} : { 'aria-describedby': describedBy })}
        >
          <Dialog.Title className="confirm-title">{title}</Dialog.Title>
          {description ? <Dialog.Description className="muted">{description}</Dialog.Description> : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
