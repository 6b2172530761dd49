import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isTypingTarget, matchesShortcut, nextInSequence, SHORTCUTS, type ShortcutId } from '../lib/shortcuts.js';
import { useAppCommands } from '../lib/app-commands.js';
import { CommandPalette } from './CommandPalette.js';
import { ShortcutSheet } from './ShortcutSheet.js';
import { useLatest } from '../lib/useLatest.js';

/** A go-to sequence waits this long for its second key. */
const SEQUENCE_MS = 1500;

/** The Ctrl/Cmd shortcuts: they work while typing too (a field has no use for them). */
const MOD_COMMANDS = ['palette', 'refresh', 'settings', 'back', 'forward'] as const satisfies readonly ShortcutId[];
/** The plain keys: never while typing in a field or with a dialog open. */
const PLAIN_COMMANDS = ['sheet', 'find'] as const satisfies readonly ShortcutId[];

const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * Mounted once in the admin shell: every app-wide shortcut of renderer/lib/shortcuts.ts, dispatched through the
 * app commands (the menu runs the same ones), and the go-to sequences. Each dialog returns focus to where it was
 * when it closes (Radix).
 */
export function KeyboardHost() {
  const [open, setOpen] = useState<'palette' | 'sheet' | null>(null);
  const navigate = useNavigate();
  const openPalette = useCallback(() => setOpen('palette'), []);
  const openSheet = useCallback(() => setOpen('sheet'), []);
  const commands = useAppCommands({ palette: openPalette, shortcuts: openSheet });
  const handlers = useLatest({ commands, navigate });

  useEffect(() => {
    let pending: readonly string[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const { commands: run, navigate: go } = handlers.current;
      for (const id of MOD_COMMANDS) {
        if (!matchesShortcut(id, e)) continue;
        e.preventDefault();
        // Held Ctrl+R would refresh again and again; held Ctrl+[ walks back through history, which is wanted.
        if (e.repeat && id !== 'back' && id !== 'forward') return;
        run[SHORTCUTS[id].command]();
        return;
      }
      if (e.repeat || isTypingTarget(e.target) || dialogOpen()) return;
      for (const id of PLAIN_COMMANDS) {
        if (!matchesShortcut(id, e)) continue;
        e.preventDefault();
        run[SHORTCUTS[id].command]();
        pending = [];
        return;
      }
      const step = nextInSequence(pending, e);
      clearTimeout(timer);
      pending = step.pending;
      if (step.done) {
        e.preventDefault();
        void go(SHORTCUTS[step.done].route);
      } else if (pending.length > 0) {
        timer = setTimeout(() => (pending = []), SEQUENCE_MS);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, [handlers]);
  return (
    <>
      <CommandPalette open={open === 'palette'} onClose={() => setOpen(null)} commands={commands} />
      <ShortcutSheet open={open === 'sheet'} onClose={() => setOpen(null)} />
    </>
  );
}
