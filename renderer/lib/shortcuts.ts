/**
 * Every keyboard shortcut of the app, once: the shortcut sheet (`?`) lists this, and the handlers match key
 * events against it with matchesShortcut, so the sheet and the keys cannot drift apart. The drag keys belong
 * to @hello-pangea/dnd (the feedback board, the product order): listed here as that library defines them.
 *
 * A combo is written `Mod+K`: Mod is Ctrl, or Cmd on macOS (both are accepted, as the toolkit always did); the
 * last part is the key as KeyboardEvent.key gives it, case-insensitive.
 */
export interface Shortcut {
  /** One or more combos, any of which triggers it. */
  readonly combos: readonly string[];
  readonly label: string;
  /** Where it works, as the sheet groups it. */
  readonly where: string;
}

export const SHORTCUTS = {
  palette: { combos: ['Mod+K'], label: 'Open the command palette', where: 'Anywhere' },
  sheet: { combos: ['?'], label: 'Show the keyboard shortcuts', where: 'Anywhere' },
  closeDialog: { combos: ['Escape'], label: 'Close the dialog and return to where you were', where: 'Dialogs' },
  paletteMove: { combos: ['ArrowDown', 'ArrowUp'], label: 'Move through the results', where: 'Command palette' },
  paletteEnds: { combos: ['Home', 'End'], label: 'First or last result', where: 'Command palette' },
  paletteOpen: { combos: ['Enter'], label: 'Open the chosen result', where: 'Command palette' },
  saveResponse: { combos: ['Mod+Enter'], label: 'Save the response', where: 'Toolkit step dialog' },
  addTag: { combos: ['Enter'], label: 'Add the typed tag', where: 'Feedback detail' },
  addVarietyPrompt: { combos: ['Enter'], label: 'Add the typed variety prompt', where: 'Prompt parameters' },
  tabNext: { combos: ['ArrowRight', 'ArrowLeft'], label: 'Next or previous tab', where: 'Tabs' },
  tabEnds: { combos: ['Home', 'End'], label: 'First or last tab', where: 'Tabs' },
  dragLift: { combos: [' '], label: 'Pick up the focused card or product (again to drop it)', where: 'Feedback board and product order' },
  dragMove: { combos: ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'], label: 'Move the picked-up item', where: 'Feedback board and product order' },
  dragCancel: { combos: ['Escape'], label: 'Put the item back where it was', where: 'Feedback board and product order' },
} as const satisfies Record<string, Shortcut>;

export type ShortcutId = keyof typeof SHORTCUTS;

export const isMac = (platform = typeof navigator === 'undefined' ? '' : navigator.platform): boolean => /mac|iphone|ipad/i.test(platform);

interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

function matchesCombo(combo: string, e: KeyLike): boolean {
  const parts = combo === ' ' ? [' '] : combo.split('+');
  const key = parts[parts.length - 1]!;
  const mods = new Set(parts.slice(0, -1));
  if (e.key.toLowerCase() !== key.toLowerCase()) return false;
  if (mods.has('Mod') !== (e.ctrlKey || e.metaKey)) return false;
  if (mods.has('Alt') !== e.altKey) return false;
  // Shift makes `?` on most layouts; for a letter or named key it must be asked for.
  if (key.length === 1 && !/[a-z0-9]/i.test(key)) return true;
  return mods.has('Shift') === e.shiftKey;
}

/** Whether a key event is one of the shortcut's combos. */
export function matchesShortcut(id: ShortcutId, e: KeyLike): boolean {
  return SHORTCUTS[id].combos.some((c) => matchesCombo(c, e));
}

const KEY_NAMES: Readonly<Record<string, string>> = {
  ' ': 'Space',
  Escape: 'Esc',
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
};

/** The keys of a combo as the sheet shows them, e.g. ['Ctrl', 'K'] or ['⌘', 'K']. */
export function comboKeys(combo: string, mac = isMac()): string[] {
  const parts = combo === ' ' ? [' '] : combo.split('+');
  return parts.map((p) => (p === 'Mod' ? (mac ? '⌘' : 'Ctrl') : (KEY_NAMES[p] ?? (p.length === 1 ? p.toUpperCase() : p))));
}

const SPOKEN: Readonly<Record<string, string>> = { '⌘': 'Cmd', '↑': 'Up arrow', '↓': 'Down arrow', '←': 'Left arrow', '→': 'Right arrow' };

/** The text of a combo for screen readers ("Ctrl+K", "Cmd+K", "Down arrow"). */
export function comboText(combo: string, mac = isMac()): string {
  return comboKeys(combo, mac)
    .map((k) => SPOKEN[k] ?? k)
    .join('+');
}

/** Whether the event comes from somewhere typing happens (the `?` key must not open the sheet there). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}
