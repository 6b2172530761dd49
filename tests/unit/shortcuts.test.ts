import { describe, expect, it } from 'vitest';
import { APP_COMMANDS } from '../../shared/app-commands';
import { SHORTCUTS, comboKeys, comboSteps, comboText, matchesShortcut, nextInSequence, shortcutOf, type Shortcut } from '../../renderer/lib/shortcuts';
import { PALETTE_ACTIONS, actionCombo, matchActions } from '../../renderer/palette/actions';
import { ADMIN_ROUTES } from '../../renderer/lib/route-table';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

/** The app-wide scopes fire together: a key sequence may be used once across them. */
const GLOBAL = new Set(['Anywhere', 'Go to']);
const scopeOf = (s: Shortcut) => (GLOBAL.has(s.where) ? 'global' : s.where);
const normal = (combo: string) =>
  comboSteps(combo)
    .map((step) => step.toLowerCase())
    .join(' ');

describe('the shortcut table', () => {
  it('no two shortcuts share a key sequence in the same scope', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const [id, s] of Object.entries(SHORTCUTS) as [string, Shortcut][]) {
      for (const combo of s.combos) {
        const k = `${scopeOf(s)}|${normal(combo)}`;
        if (seen.has(k)) clashes.push(`${id} and ${seen.get(k)} both use "${combo}" (${s.where})`);
        seen.set(k, id);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('no sequence starts with a global single key (it could never be typed)', () => {
    const singles = new Set(
      Object.values(SHORTCUTS as Record<string, Shortcut>)
        .filter((s) => GLOBAL.has(s.where))
        .flatMap((s) => s.combos.filter((c) => comboSteps(c).length === 1).map((c) => c.toLowerCase())),
    );
    const firsts = Object.values(SHORTCUTS as Record<string, Shortcut>).flatMap((s) =>
      s.combos.filter((c) => comboSteps(c).length > 1).map((c) => comboSteps(c)[0]!.toLowerCase()),
    );
    expect(firsts.filter((f) => singles.has(f))).toEqual([]);
  });

  it('every app command has its shortcut, and every go-to sequence leads to a screen of the route table', () => {
    for (const c of APP_COMMANDS) expect(shortcutOf(c), c).toBeDefined();
    const routes = new Set([...ADMIN_ROUTES.map((r) => `/admin/${r.path}`), '/settings']);
    for (const s of Object.values(SHORTCUTS as Record<string, Shortcut>)) if (s.route) expect(routes.has(s.route), s.route).toBe(true);
  });

  it('matches the Ctrl/Cmd combos as the handlers see them', () => {
    expect(matchesShortcut('refresh', key('r', { ctrlKey: true }))).toBe(true);
    expect(matchesShortcut('refresh', key('r', { metaKey: true }))).toBe(true);
    expect(matchesShortcut('refresh', key('F5'))).toBe(true);
    expect(matchesShortcut('refresh', key('r'))).toBe(false);
    expect(matchesShortcut('settings', key(',', { ctrlKey: true }))).toBe(true);
    expect(matchesShortcut('back', key('[', { ctrlKey: true }))).toBe(true);
    expect(matchesShortcut('forward', key(']', { metaKey: true }))).toBe(true);
    expect(matchesShortcut('find', key('/'))).toBe(true);
    expect(matchesShortcut('find', key('/', { ctrlKey: true }))).toBe(false);
  });

  it('follows a go-to sequence key by key, and starts over on anything else', () => {
    const first = nextInSequence([], key('g'));
    expect(first).toEqual({ pending: ['G'] });
    expect(nextInSequence(first.pending, key('u'))).toEqual({ done: 'goUsers', pending: [] });
    expect(nextInSequence(first.pending, key('f'))).toEqual({ done: 'goFeedback', pending: [] });
    expect(nextInSequence(first.pending, key('z'))).toEqual({ pending: [] });
    expect(nextInSequence([], key('u'))).toEqual({ pending: [] });
    expect(nextInSequence([], key('g', { ctrlKey: true }))).toEqual({ pending: [] });
    expect(nextInSequence(first.pending, key('U', { shiftKey: true }))).toEqual({ pending: [] });
  });

  it('shows a sequence as its keys with "then" between, and says it in words', () => {
    expect(comboKeys('G U', false)).toEqual(['G', 'then', 'U']);
    expect(comboText('G U', false)).toBe('G then U');
    expect(comboText('Mod+[', true)).toBe('Cmd+[');
    expect(comboKeys(' ', false)).toEqual(['Space']);
  });
});

describe('the palette actions', () => {
  it('lists the actions of issue 28, each shortcut from the same table', () => {
    expect(PALETTE_ACTIONS.map((a) => a.title)).toEqual([
      'Export users CSV',
      'Refresh this screen',
      'New coach',
      'New banner',
      'New product',
      'New marketing link',
      'Grant feature flag',
      'Send test e-mail',
      'Switch connection',
      'Settings',
      'Sign out',
      'Theme',
      'Density',
      'Keyboard Shortcuts',
    ]);
    const refresh = PALETTE_ACTIONS.find((a) => a.id === 'refresh')!;
    expect(actionCombo(refresh)).toBe(SHORTCUTS.refresh.combos[0]);
    expect(actionCombo(PALETTE_ACTIONS.find((a) => a.id === 'shortcuts')!)).toBe('?');
    for (const a of PALETTE_ACTIONS) if ('route' in a.run) expect(a.run.route).toMatch(/^\/(admin\/|settings$)/);
  });

  it('finds an action by the start of its words or keywords', () => {
    expect(matchActions('').length).toBe(PALETTE_ACTIONS.length);
    expect(matchActions('exp us').map((a) => a.id)).toEqual(['export-users']);
    expect(matchActions('new').map((a) => a.id)).toEqual(['new-coach', 'new-banner', 'new-product', 'new-marketing-link']);
    expect(matchActions('dark').map((a) => a.id)).toEqual(['theme']);
    expect(matchActions('zzz')).toEqual([]);
  });
});
