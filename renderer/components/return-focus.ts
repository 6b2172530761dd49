import { useRef } from 'react';

/** Where focus goes back to: the opener; if a menu item opened the dialog, the menu's button (the item is gone). */
function returnTarget(opener: HTMLElement | null): HTMLElement | null {
  if (!opener || opener === document.body) return null;
  const menu = opener.closest<HTMLElement>('[role="menu"]');
  if (menu?.id) {
    const trigger = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (trigger) return trigger;
  }
  return opener;
}

/**
 * Focus back to the control that opened a dialog when it closes, for every dialog of the kit. Radix returns focus
 * only to its own Trigger, and with none it focuses nothing (the page's top): these dialogs open from state (a
 * button, a menu item, a shortcut). The opener is remembered as the dialog opens, before focus moves in; if it is
 * gone when the dialog closes (the row it deleted), focus goes to the page's heading rather than the document.
 * Spread the result on Dialog.Content or AlertDialog.Content.
 */
export function useReturnFocus(): { onOpenAutoFocus: () => void; onCloseAutoFocus: (e: Event) => void } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = returnTarget(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    },
    onCloseAutoFocus: (e) => {
      const to = opener.current;
      opener.current = null;
      e.preventDefault();
      // Closed because another dialog opened in its place (the command palette running "Grant feature flag"):
      // focus belongs to that one.
      if (document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]')) return;
      if (to?.isConnected && !to.matches(':disabled')) return to.focus();
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
    },
  };
}
