import { isTheme, type Theme } from '../../shared/rules/appearance/theme.js';

/**
 * The page follows the theme chosen in Settings: `data-theme="light|dark"` on <html> overrides the system's
 * prefers-color-scheme in tokens.css (System removes it). In the desktop app main also sets the native theme, so
 * the media query already agrees. A copy in localStorage applies it before the first render after a reload;
 * main's remembered choice (app.appearance) stays the one that counts.
 */
const KEY = 'reflect-admin-theme';

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // storage refused (private window): main still remembers the choice
  }
}

/** The last theme this page applied, if any; used once at start-up before main answers. */
export function applyStoredTheme(): void {
  try {
    const stored = localStorage.getItem(KEY);
    if (isTheme(stored)) applyTheme(stored);
  } catch {
    // nothing stored
  }
}
