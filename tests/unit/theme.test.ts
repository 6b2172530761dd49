import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME, shownScheme, THEME_BACKGROUNDS } from '../../shared/rules/appearance/theme.js';
import { Preferences } from '../../main/core/preferences.js';
import { contract } from '../../shared/contract/index.js';

const css = fs.readFileSync(path.resolve('renderer/styles/tokens.css'), 'utf8');

/** The declarations of every block whose selector is exactly `selector`, in order. */
function blocks(selector: string): string[] {
  const found: string[] = [];
  let at = css.indexOf(selector + ' {');
  while (at >= 0) {
    const open = css.indexOf('{', at);
    const body = css.slice(open + 1, css.indexOf('}', open));
    found.push(
      body
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .join(';'),
    );
    at = css.indexOf(selector + ' {', open);
  }
  return found;
}

describe('the theme tokens', () => {
  it('hold the same dark values for the system’s dark scheme and for Dark chosen in Settings', () => {
    const system = blocks(":root:not([data-theme='light'])");
    const chosen = blocks(":root[data-theme='dark']");
    expect(system.length).toBeGreaterThan(0);
    expect(chosen).toEqual(system);
  });

  it('give the window the page’s own background before the first paint', () => {
    expect(blocks(':root')[0]).toContain(`--bg: ${THEME_BACKGROUNDS.light}`);
    expect(blocks(":root[data-theme='dark']")[0]).toContain(`--bg: ${THEME_BACKGROUNDS.dark}`);
  });

  it('shows the chosen scheme, or the system’s for System', () => {
    expect(shownScheme('dark', false)).toBe('dark');
    expect(shownScheme('light', true)).toBe('light');
    expect(shownScheme('system', true)).toBe('dark');
    expect(shownScheme('system', false)).toBe('light');
  });
});

describe('Preferences (the remembered theme)', () => {
  const setup = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prefs-'));
    const file = path.join(dir, 'preferences.json');
    const emit = vi.fn();
    return { dir, file, emit, prefs: new Preferences(file, { emit }) };
  };

  it('is System until one is chosen, then keeps the choice across instances and tells every window', () => {
    const { dir, file, emit, prefs } = setup();
    try {
      expect(prefs.theme()).toBe(DEFAULT_THEME);
      expect(prefs.setTheme('dark')).toBe('dark');
      expect(emit).toHaveBeenCalledWith({ type: 'theme-changed', theme: 'dark' });
      expect(new Preferences(file, { emit }).theme()).toBe('dark');
      expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a damaged or foreign file as System, and keeps other keys when it writes', () => {
    const { dir, file, prefs } = setup();
    try {
      for (const text of ['{', '[]', '"dark"', JSON.stringify({ theme: 'purple' })]) {
        fs.writeFileSync(file, text);
        expect(prefs.theme(), text).toBe('system');
      }
      fs.writeFileSync(file, JSON.stringify({ density: 'compact' }));
      prefs.setTheme('light');
      expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ density: 'compact', theme: 'light' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is set only to a theme of the list, through a strict input', () => {
    const input = contract.app.setTheme.input;
    expect(input.safeParse({ theme: 'dark' }).success).toBe(true);
    for (const bad of [{ theme: 'purple' }, { theme: 'dark', path: '/etc' }, {}]) expect(input.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(input.safeParse({ theme: 'x' }).error?.issues[0]?.message).toBe('The theme is System, Light or Dark.');
    expect(contract.app.setTheme).toMatchObject({ kind: 'write', effect: 'local', access: 'public' });
  });
});
