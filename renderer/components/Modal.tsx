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
  /** 'top': anchored near the top of the window, so it grows downwards only (the command palette). */
  readonly placement?: 'center' | 'top';
  /** A Close button beside the title (viewers with no button of their own, e.g. the shortcut sheet). */
  readonly closeButton?: boolean;
}

/**
 * A modal form or viewer (Radix Dialog): focus is trapped, Escape and the overlay close it, focus returns to the
 * opener. For yes/no questions use ConfirmDialog.
 */
export function Modal({
  open,
  title,
  description,
  width,
  onClose,
  children,
  testId,
  className,
  describedBy,
  busy,
  placement = 'center',
  closeButton = false,
}: Props) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (!o && !busy ? onClose() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={['dialog-panel', placement === 'top' ? 'dialog-panel-top' : '', className ?? ''].filter(Boolean).join(' ')}
          {...returnFocus}
          data-testid={testId}
          style={width ? ({ '--dialog-width': width } as React.CSSProperties) : undefined}
          {...(description ? {} : { 'aria-describedby': describedBy })}
        >
          {closeButton ? (
            <div className="dialog-head">
              <Dialog.Title className="confirm-title">{title}</Dialog.Title>
              <Dialog.Close className="button button-ghost dialog-close">Close</Dialog.Close>
            </div>
          ) : (
            <Dialog.Title className="confirm-title">{title}</Dialog.Title>
          )}
          {description ? <Dialog.Description className="muted">{description}</Dialog.Description> : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
