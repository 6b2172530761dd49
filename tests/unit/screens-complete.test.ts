import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '../../renderer/lib/route-table.js';
import { SCREENS } from '../../renderer/app/screens.js';

// Every route of the spec has its screen: none falls back to the "not built yet" page any more, and a screen
// registered under a path the route table does not know would never be reached.
describe('the screens cover the route table', () => {
  it('registers a screen for every admin route', () => {
    const missing = ADMIN_ROUTES.map((r) => r.path).filter((p) => !(p in SCREENS));
    expect(missing).toEqual([]);
  });
  it('registers no screen under an unknown path', () => {
    const known = new Set(ADMIN_ROUTES.map((r) => r.path));
    expect(Object.keys(SCREENS).filter((p) => !known.has(p))).toEqual([]);
  });
});
