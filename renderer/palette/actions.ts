/**
 * What the command palette can do beside going places (issue 28 §4). Each action runs through the same path as
 * its button: an app command, a route (the New screens), or the screen's own button via a screen action (the
 * same dialog, the same confirmation). Theme, Density and Switch connection open Settings, where their controls are.
 */
import type { AppCommand } from '../../shared/app-commands.js';
import { shortcutOf } from '../lib/shortcuts.js';
import type { ScreenAction } from '../lib/screen-actions.js';

export type PaletteActionRun = { readonly command: AppCommand } | { readonly route: string; readonly screenAction?: ScreenAction } | { readonly signOut: true };

export interface PaletteAction {
  readonly id: string;
  readonly title: string;
  /** More words it is found by. */
  readonly keywords?: string;
  readonly run: PaletteActionRun;
}

export const PALETTE_ACTIONS: readonly PaletteAction[] = [
  { id: 'export-users', title: 'Export users CSV', keywords: 'download', run: { route: '/admin/users', screenAction: 'export-users' } },
  { id: 'refresh', title: 'Refresh this screen', keywords: 'reload', run: { command: 'refresh' } },
  { id: 'new-coach', title: 'New coach', keywords: 'add create', run: { route: '/admin/coaches/new' } },
  { id: 'new-banner', title: 'New banner', keywords: 'add create', run: { route: '/admin/banners/new/edit' } },
  { id: 'new-product', title: 'New product', keywords: 'add create', run: { route: '/admin/products/new' } },
  { id: 'new-marketing-link', title: 'New marketing link', keywords: 'add create campaign', run: { route: '/admin/marketing-links/new' } },
  { id: 'grant-flag', title: 'Grant feature flag', keywords: 'override', run: { route: '/admin/feature-flags', screenAction: 'grant-flag' } },
  { id: 'send-test-email', title: 'Send test e-mail', keywords: 'email mail', run: { route: '/admin/email-management', screenAction: 'send-test-email' } },
  { id: 'switch-connection', title: 'Switch connection', keywords: 'profile project', run: { route: '/settings' } },
  { id: 'settings', title: 'Settings', keywords: 'preferences', run: { command: 'settings' } },
  { id: 'sign-out', title: 'Sign out', keywords: 'log out logout', run: { signOut: true } },
  { id: 'theme', title: 'Theme', keywords: 'dark light appearance', run: { route: '/settings' } },
  { id: 'density', title: 'Density', keywords: 'compact comfortable', run: { route: '/settings' } },
  { id: 'shortcuts', title: 'Keyboard Shortcuts', keywords: 'keys help', run: { command: 'shortcuts' } },
];

/** The combo an action's keyboard shortcut is (shown beside it), if it has one. */
export function actionCombo(action: PaletteAction): string | undefined {
  return 'command' in action.run ? shortcutOf(action.run.command)?.combos[0] : undefined;
}

const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Every action for no text; else those where every typed word starts a word of the title or keywords. */
export function matchActions(query: string): PaletteAction[] {
  const typed = wordsOf(query);
  if (typed.length === 0) return [...PALETTE_ACTIONS];
  return PALETTE_ACTIONS.filter((a) => {
    const words = wordsOf(`${a.title} ${a.keywords ?? ''}`);
    return typed.every((t) => words.some((w) => w.startsWith(t)));
  });
}
