import { useEffect, useState } from 'react';
import { isTypingTarget, matchesShortcut } from '../lib/shortcuts.js';
import { CommandPalette } from './CommandPalette.js';
import { ShortcutSheet } from './ShortcutSheet.js';

/**
 * Mounted once in the admin shell: Ctrl/Cmd+K opens the command palette from anywhere (even while typing), `?`
 * opens the shortcut sheet when focus is not in a text field and no other dialog is open. Each dialog returns
 * focus to where it was when it closes (Radix).
 */
export function KeyboardHost() {
  const [open, setOpen] = useState<'palette' | 'sheet' | null>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat) return;
      if (matchesShortcut('palette', e)) {
        e.preventDefault();
        setOpen('palette');
      } else if (matchesShortcut('sheet', e) && !isTypingTarget(e.target) && !document.querySelector('[role="dialog"], [role="alertdialog"]')) {
        e.preventDefault();
        setOpen('sheet');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <CommandPalette open={open === 'palette'} onClose={() => setOpen(null)} />
      <ShortcutSheet open={open === 'sheet'} onClose={() => setOpen(null)} />
    </>
  );
}
