import { useRef, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';

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
  // Radix returns focus to a Dialog.Trigger; these dialogs open from buttons, menus and shortcuts without one, so
  // the element focused when the dialog opened is remembered (before Radix moves focus in) and focused again.
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const returnFocus = (e: Event) => {
    const to = opener.current;
    if (to?.isConnected && to !== document.body) {
      e.preventDefault();
      to.focus();
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (!o && !busy ? onClose() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={className ? `dialog-panel ${className}` : 'dialog-panel'}
          onOpenAutoFocus={rememberOpener}
          onCloseAutoFocus={returnFocus}
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
