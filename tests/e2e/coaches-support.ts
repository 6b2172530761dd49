import type { Page } from 'playwright';
import { query } from '../support/sql.js';

/** Helpers of the coaches end-to-end suites. */

export { query };

export { openAsAdmin as open } from '../support/chromium.js';

export async function adminId(databaseUrl: string): Promise<string> {
  return (await query<{ id: string }>(databaseUrl, "select id::text from auth.users where email = 'admin@reflect.local'"))[0]!.id;
}

/** A coach of the suite's own, without prompt or knowledge base. */
export async function insertCoach(databaseUrl: string, name: string): Promise<string> {
  const rows = await query<{ id: string }>(databaseUrl, 'insert into coaches (name, slug) values ($1, $2) returning id::text', [
    name,
    `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now()}`,
  ]);
  return rows[0]!.id;
}

/** A 480 x 320 PNG drawn by the browser: stripes, so a crop of it is not blank. */
export async function pngBytes(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 480;
    c.height = 320;
    const g = c.getContext('2d');
    if (!g) throw new Error('no 2d context');
    for (let x = 0; x < 480; x += 40) {
      g.fillStyle = x % 80 ? '#4f46e5' : '#f59e0b';
      g.fillRect(x, 0, 40, 320);
    }
    return c.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

export const promptBox = (page: Page) => page.getByRole('textbox', { name: 'Prompt', exact: true });
/** A card of the editor by its title. */
export const card = (page: Page, title: string) => page.locator('section.card', { has: page.getByRole('heading', { name: title, exact: true }) });
