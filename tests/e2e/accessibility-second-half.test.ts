import { describe, expect, it } from 'vitest';
import { accessibilitySweeps, go, routesOfHalf } from './accessibility-support.js';

/** The accessibility sweeps (accessibility-support.ts) over the second half of the admin routes and Settings. */
describe('accessibility of the second half of the admin screens and Settings (browser mode)', () => {
  const { page } = accessibilitySweeps(routesOfHalf(false), true);

  it('Settings keeps the navigation, and the audit log filters sit on one baseline', async () => {
    await go(page(), { path: '/settings', name: 'Settings' });
    await page().getByRole('navigation', { name: 'Admin navigation' }).waitFor();
    expect(await page().getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Users', exact: true }).isVisible()).toBe(true);
    await go(page(), { path: '/admin/audit', name: 'Audit Log' });
    const centres = await page().evaluate(() =>
      [...document.querySelectorAll('.list-toolbar [role="combobox"], .list-toolbar select, .list-toolbar input')].map((c) => {
        const r = c.getBoundingClientRect();
        return Math.round(r.top + r.height / 2);
      }),
    );
    expect(centres.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(2);
  });
});
