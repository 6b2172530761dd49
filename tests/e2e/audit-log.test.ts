import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import type { BrowserMode } from '../support/browser-mode.js';
import { adminPageSuite } from '../support/suite.js';
import { describeFindings, seriousViolations } from '../support/axe.js';
import { collectErrors, toast } from '../support/chromium.js';
import { query } from '../support/sql.js';
import { backendTempDir, removeBackendTempDir } from '../support/temp-dir.js';
import { DEMO_PROFILE_ID } from '../../shared/rules/profiles/types.js';
import { chooseOption } from '../support/choose-option.js';

/**
 * Issue 17 part 3: a change made in a screen appears in the Audit Log, newest first, filterable, opened, exported.
 * The data folder starts with an unreadable audit.sqlite: it is set aside (kept), the screen says so, and the
 * new file records the changes.
 */

const TITLE = 'E2E audit banner';

describe('audit log (browser mode)', () => {
  let app: BrowserMode;
  let page: Page;
  let databaseUrl: string;
  let bannerId: string;
  const dataDir = backendTempDir('reflect-e2e-audit-');
  const profileDir = path.join(dataDir, 'profiles', DEMO_PROFILE_ID);
  fs.mkdirSync(profileDir, { recursive: true });
  fs.writeFileSync(path.join(profileDir, 'audit.sqlite'), 'not a database\n'.repeat(500));
  // Registered before the suite's own afterAll, so it runs after browser mode has stopped.
  afterAll(() => removeBackendTempDir(dataDir));

  adminPageSuite('/admin/banners', (s) => ({ app, page, databaseUrl } = s), {
    browserMode: { dataDir },
    before: async (s) => {
      const rows = await query<{ id: string }>(
        s.databaseUrl,
        "insert into system_banners (category, title, message, active, target_audience) values ('info', $1, 'Audited change', true, 'all') returning id::text",
        [TITLE],
      );
      bannerId = rows[0]!.id;
    },
  });

  it('records a change made in a screen and shows it newest first, filtered, opened and exported', async () => {
    const errors = collectErrors(page);
    const toggle = page.getByRole('switch', { name: `Active (${TITLE})` });
    await expect(toggle).toBeChecked({ timeout: 20_000 });
    await toggle.click();
    await expect(toast(page, 'Banner deactivated')).toBeVisible();
    await expect
      .poll(async () => (await query<{ active: boolean }>(databaseUrl, 'select active from system_banners where id = $1', [bannerId]))[0]!.active)
      .toBe(false);
    await toggle.click();
    await expect(toast(page, 'Banner activated')).toBeVisible();

    // Through the navigation, as an administrator would.
    await page.getByRole('link', { name: 'Audit Log' }).click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
    const rows = page.getByTestId('audit-row');
    await expect(rows).toHaveCount(2, { timeout: 20_000 });
    // Newest first: the second change (activate) is on top.
    await expect(rows.nth(0)).toContainText('banners.setActive');
    await expect(rows.nth(0)).toContainText(`system_banners ${bannerId}`);
    await expect(rows.nth(0)).toContainText('admin@reflect.local');
    await expect(rows.nth(0)).toContainText('OK');
    const notice = page.getByTestId('audit-set-aside');
    await expect(notice).toContainText(/set aside under audit\.sqlite\.corrupt-\d{8}T\d{9}Z;/);
    const aside = fs.readdirSync(profileDir).filter((f) => /^audit\.sqlite\.corrupt-/.test(f));
    assert(aside).toHaveLength(1);
    await expect(notice).toContainText(aside[0]!);
    assert(fs.readFileSync(path.join(profileDir, aside[0]!), 'utf8')).toContain('not a database');
    assert(describeFindings(await seriousViolations(page))).toBe('');

    // Filters: an area with no entries empties the list; the right one brings both back.
    await chooseOption(page.getByLabel('Filter by area'), { value: 'banners' });
    await expect(rows).toHaveCount(2);
    await chooseOption(page.getByLabel('Filter by operation'), { value: 'banners.setActive' });
    await expect(rows).toHaveCount(2);
    await page.getByLabel('From').fill('2000-01-01');
    await page.getByLabel('To').fill('2000-01-02');
    await expect(page.getByText('No changes recorded')).toBeVisible();
    await page.getByLabel('To').fill('');
    await expect(rows).toHaveCount(2);

    // The older entry (deactivate): the dialog shows target and the change of `active`, as text.
    await rows
      .nth(1)
      .getByRole('link', { name: /Open entry \d+: banners\.setActive/ })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\?entry=\d+$/);
    await expect(dialog.getByTestId('audit-entry-target')).toHaveText(`system_banners ${bannerId}`);
    const diff = dialog.getByTestId('audit-diff');
    await expect(diff.getByRole('row', { name: /active/ })).toContainText('true');
    await expect(diff.getByRole('row', { name: /active/ })).toContainText('false');
    assert(describeFindings(await seriousViolations(page))).toBe('');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/audit$/);

    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(toast(page, 'Audit log exported')).toBeVisible();
    const dir = path.join(app.dataDir, 'exports');
    const file = fs.readdirSync(dir).find((f) => /^audit-log-\d{4}-\d{2}-\d{2}\.csv$/.test(f));
    assert(file).toBeDefined();
    const lines = fs
      .readFileSync(path.join(dir, file!), 'utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    assert(lines[0]).toBe('ID,Time,Admin ID,Admin Email,Area,Operation,Target Table,Target ID,Outcome,Error Code,Error Message,Input,Before,After');
    assert(lines).toHaveLength(3);
    assert(lines[1]).toContain(`banners,banners.setActive,system_banners,${bannerId},ok`);
    assert(lines[1]).toContain('""active"":true');
    assert(errors).toEqual([]);
  });
});
