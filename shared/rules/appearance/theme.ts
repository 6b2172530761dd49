/** The theme chosen in Settings (issue 28 section 2): the system's, or always light or dark. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_OPTIONS: readonly { readonly value: Theme; readonly label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export const DEFAULT_THEME: Theme = 'system';

export const isTheme = (v: unknown): v is Theme => typeof v === 'string' && (THEMES as readonly string[]).includes(v);

/** The page background of each scheme (--bg in renderer/styles/tokens.css): the window's colour before the first paint. */
export const THEME_BACKGROUNDS = { light: '#f6f7f9', dark: '#0f1115' } as const;

/** Light or dark as shown: the choice, or the system's when the choice is System. */
export function shownScheme(theme: Theme, systemDark: boolean): 'light' | 'dark' {
  return theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;
}
