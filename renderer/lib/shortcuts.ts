import type { AppCommand } from '../../shared/app-commands.js';

/**
 * Every keyboard shortcut of the app, once: the shortcut sheet (`?`) lists this, and the handlers match key
 * events against it with matchesShortcut, so the sheet and the keys cannot drift apart. The drag keys belong
 * to @hello-pangea/dnd (the feedback board, the product order): listed here as that library defines them.
 *
 * A combo is written `Mod+K`: Mod is Ctrl, or Cmd on macOS (both are accepted, as the toolkit always did); the
 * last part is the key as KeyboardEvent.key gives it, case-insensitive. A sequence is combos one after the other,
 * separated by a space: `G U` is G, then U.
 */
export interface Shortcut {
  /** One or more combos or sequences, any of which triggers it. */
  readonly combos: readonly string[];
  readonly label: string;
  /** Where it works, as the sheet groups it. */
  readonly where: string;
  /** The app command it runs (renderer/lib/app-commands.ts), the same one the menu and the palette run. */
  readonly command?: AppCommand;
  /** A go-to sequence's destination. */
  readonly route?: string;
}

/** A Mac's delete key is Backspace: there it deletes a row too. */
const MAC_KEYBOARD = typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.platform);

/** The go-to sequences: G, then the area's letter (within 1.5 seconds). */
const GO_TO = {
  goDashboard: { combos: ['G D'], label: 'Go to the Dashboard', where: 'Go to', route: '/admin/dashboard' },
  goAnalytics: { combos: ['G A'], label: 'Go to User Analytics', where: 'Go to', route: '/admin/analytics' },
  goUsers: { combos: ['G U'], label: 'Go to Users', where: 'Go to', route: '/admin/users' },
  goFlags: { combos: ['G L'], label: 'Go to Feature Flags', where: 'Go to', route: '/admin/feature-flags' },
  goCoaches: { combos: ['G C'], label: 'Go to Coaches', where: 'Go to', route: '/admin/coaches' },
  goBanners: { combos: ['G B'], label: 'Go to Banners', where: 'Go to', route: '/admin/banners' },
  goProducts: { combos: ['G P'], label: 'Go to Products', where: 'Go to', route: '/admin/products' },
  goFeedback: { combos: ['G F'], label: 'Go to Feedback', where: 'Go to', route: '/admin/feedback' },
  goEmail: { combos: ['G E'], label: 'Go to the Email System', where: 'Go to', route: '/admin/email-management' },
  goMarketing: { combos: ['G M'], label: 'Go to Marketing Links', where: 'Go to', route: '/admin/marketing-links' },
  goInquiries: { combos: ['G I'], label: 'Go to General Inquiries', where: 'Go to', route: '/admin/contact-inquiries' },
  goAudit: { combos: ['G O'], label: 'Go to the Audit Log', where: 'Go to', route: '/admin/audit' },
  goSettings: { combos: ['G S'], label: 'Go to Settings', where: 'Go to', route: '/settings' },
} as const satisfies Record<string, Shortcut>;

export const SHORTCUTS = {
  palette: { combos: ['Mod+K'], label: 'Open the command palette', where: 'Anywhere', command: 'palette' },
  sheet: { combos: ['?'], label: 'Show the keyboard shortcuts', where: 'Anywhere', command: 'shortcuts' },
  refresh: { combos: ['Mod+R', 'F5'], label: "Refresh this screen's data", where: 'Anywhere', command: 'refresh' },
  settings: { combos: ['Mod+,'], label: 'Open Settings', where: 'Anywhere', command: 'settings' },
  back: { combos: ['Mod+['], label: 'Go back', where: 'Anywhere', command: 'back' },
  forward: { combos: ['Mod+]'], label: 'Go forward', where: 'Anywhere', command: 'forward' },
  find: { combos: ['/'], label: "Search this screen's list", where: 'Anywhere', command: 'find' },
  ...GO_TO,
  // A row of the users, feedback and coaches lists with the focus in it (not while typing in a field).
  rowOpen: { combos: ['Enter'], label: 'Open the focused row', where: 'Lists' },
  rowDelete: { combos: MAC_KEYBOARD ? ['Delete', 'Backspace'] : ['Delete'], label: 'Delete the focused row (asks first)', where: 'Lists' },
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
export type GoToId = keyof typeof GO_TO;
export const GO_TO_IDS = Object.keys(GO_TO) as GoToId[];

/** The shortcut that runs an app command (the menu shows it, the palette's actions too). */
export function shortcutOf(command: AppCommand): Shortcut | undefined {
  return Object.values(SHORTCUTS).find((s: Shortcut) => s.command === command);
}

export const isMac = (platform = typeof navigator === 'undefined' ? '' : navigator.platform): boolean => /mac|iphone|ipad/i.test(platform);

interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

/** The steps of a combo or sequence: `G U` is ['G', 'U']; a lone space is the Space key. */
export function comboSteps(combo: string): string[] {
  return combo === ' ' ? [' '] : combo.split(' ');
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

/** Whether a key event is one of the shortcut's combos (sequences are matched by nextInSequence). */
export function matchesShortcut(id: ShortcutId, e: KeyLike): boolean {
  return SHORTCUTS[id].combos.some((c) => !isSequence(c) && matchesCombo(c, e));
}

const isSequence = (combo: string) => comboSteps(combo).length > 1;

/**
 * One key of a go-to sequence. `pending` is the keys pressed so far (e.g. ['G']); the answer is the shortcut the
 * sequence completes, or the keys to wait on (a first step), or nothing (not a sequence: start over).
 */
export function nextInSequence(pending: readonly string[], e: KeyLike): { readonly done?: GoToId; readonly pending: readonly string[] } {
  if (e.ctrlKey || e.metaKey || e.altKey) return { pending: [] };
  for (const id of GO_TO_IDS) {
    for (const combo of SHORTCUTS[id].combos) {
      const steps = comboSteps(combo);
      if (steps.length <= pending.length) continue;
      if (!pending.every((p, i) => p.toLowerCase() === steps[i]!.toLowerCase())) continue;
      if (!matchesCombo(steps[pending.length]!, e)) continue;
      if (steps.length === pending.length + 1) return { done: id, pending: [] };
      return { pending: [...pending, steps[pending.length]!] };
    }
  }
  return { pending: [] };
}

const KEY_NAMES: Readonly<Record<string, string>> = {
  ' ': 'Space',
  Escape: 'Esc',
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
};

/** The keys of a combo as the sheet shows them, e.g. ['Ctrl', 'K'] or ['⌘', 'K']; a sequence as ['G', 'then', 'U']. */
export function comboKeys(combo: string, mac = isMac()): string[] {
  return comboSteps(combo).flatMap((step, i) => {
    const parts = step === ' ' ? [' '] : step.split('+');
    const keys = parts.map((p) => (p === 'Mod' ? (mac ? '⌘' : 'Ctrl') : (KEY_NAMES[p] ?? (p.length === 1 ? p.toUpperCase() : p))));
    return i === 0 ? keys : ['then', ...keys];
  });
}

const SPOKEN: Readonly<Record<string, string>> = { '⌘': 'Cmd', '↑': 'Up arrow', '↓': 'Down arrow', '←': 'Left arrow', '→': 'Right arrow' };

/** The text of a combo for screen readers ("Ctrl+K", "Cmd+K", "Down arrow"). */
export function comboText(combo: string, mac = isMac()): string {
  return comboSteps(combo)
    .map((step) =>
      comboKeys(step, mac)
        .map((k) => SPOKEN[k] ?? k)
        .join('+'),
    )
    .join(' then ');
}

/** Whether the event comes from somewhere typing happens (the `?` key must not open the sheet there). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  // The kit's Select (a combobox button, its options): letters jump to an option there.
  const role = target.getAttribute('role');
  if (role === 'combobox' || role === 'option') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}
