/**
 * Screens found by name in the renderer: every admin route without a parameter, by its title and navigation
 * label (the names the navigation shows). Every typed word must start a word of the name; earlier matches of
 * the navigation come first, in its order.
 */
import { ADMIN_ROUTES } from '../lib/route-table.js';

export interface ScreenMatch {
  readonly path: string;
  readonly title: string;
  readonly group: string | undefined;
}

const SCREENS: readonly ScreenMatch[] = ADMIN_ROUTES.filter((r) => !r.path.includes(':') && r.path !== 'mirror-prompts').map((r) => ({
  path: `/admin/${r.path}`,
  title: r.title,
  group: r.nav?.group,
}));

const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export function matchScreens(query: string, limit = 8): ScreenMatch[] {
  const typed = wordsOf(query);
  if (typed.length === 0) return [];
  return SCREENS.filter((s) => {
    const label = ADMIN_ROUTES.find((r) => `/admin/${r.path}` === s.path)?.nav?.label ?? '';
    const words = [...wordsOf(s.title), ...wordsOf(label), ...wordsOf(s.path)];
    return typed.every((t) => words.some((w) => w.startsWith(t)));
  }).slice(0, limit);
}
