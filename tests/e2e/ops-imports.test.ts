import { describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import { adminPageSuite } from '../support/suite.js';
import { DEMO } from '../support/chromium.js';
import { seriousViolations } from '../support/axe.js';
import { query } from '../support/sql.js';
import { chooseOption } from '../support/choose-option.js';

/** Issue 14: the imports monitor: figures equal to SQL, search, status filter, details, and the 5-second refresh. */

describe('imports monitor (browser mode)', () => {
  let databaseUrl: string;
  let page: Page;
  const n = async (sql: string) => String((await query<{ n: number }>(databaseUrl, sql))[0]!.n);

  adminPageSuite('/admin/imports', (s) => ({ databaseUrl, page } = s));

  it('shows the stat cards as SQL counts them and every job, with no serious axe finding', async () => {
    const total = await n('select count(*)::int n from import_jobs');
    await expect(page.getByTestId('imports-total').locator('.stat-value')).toHaveText(total);
    await expect(page.getByTestId('imports-running').locator('.stat-value')).toHaveText(
      await n("select count(*)::int n from import_jobs where status in ('pending', 'processing')"),
    );
    await expect(page.getByTestId('imports-completed').locator('.stat-value')).toHaveText(
      await n("select count(*)::int n from import_jobs where status = 'completed'"),
    );
    await expect(page.getByTestId('imports-failed').locator('.stat-value')).toHaveText(
      await n("select count(*)::int n from import_jobs where status = 'failed'"),
    );
    await expect(page.getByTestId('import-job')).toHaveCount(Number(total));
    assert(await seriousViolations(page)).toEqual([]);
  });

  it('searches the filename and the e-mails, filters by status, and opens the details by keyboard', async () => {
    const [job] = await query<{ id: string; filename: string; target: string; successful_rows: number; processed_rows: number; error_message: string }>(
      databaseUrl,
      `select j.id::text, j.filename, p.email target, successful_rows, processed_rows, error_message
         from import_jobs j join profiles p on p.id = j.user_id where j.status = 'failed' order by j.created_at desc limit 1`,
    );
    await page.getByLabel('Search imports').fill(job!.filename);
    const byName = await n(`select count(*)::int n from import_jobs where filename ilike '%${job!.filename}%'`);
    await expect(page.getByTestId('import-job')).toHaveCount(Number(byName));

    await page.getByLabel('Search imports').fill(job!.target.toUpperCase());
    const match = (extra: string) =>
      n(
        `select count(*)::int n from import_jobs j left join profiles c on c.id = j.created_by left join profiles t on t.id = j.user_id
          where (j.filename ilike '%${job!.target}%' or c.email ilike '%${job!.target}%' or t.email ilike '%${job!.target}%') ${extra}`,
      );
    const byTarget = await match('');
    await expect(page.getByTestId('import-job')).toHaveCount(Number(byTarget));

    await chooseOption(page.getByLabel('Filter by status'), { value: 'failed' });
    const both = await match("and j.status = 'failed'");
    assert(Number(both)).toBeGreaterThan(0);
    await expect(page.getByTestId('import-job')).toHaveCount(Number(both));
    const card = page.locator(`[data-testid="import-job"][data-id="${job!.id}"]`);
    const rate = Math.round((job!.successful_rows / job!.processed_rows) * 100);
    await expect(card.getByTestId('import-success')).toHaveText(`Success rate ${rate}%`);

    const toggle = card.getByRole('button', { name: 'Show details' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
    await expect(card.locator('.import-details')).toContainText(job!.error_message);

    await page.getByLabel('Search imports').fill('no-such-file-anywhere');
    await expect(page.getByText('No import jobs found')).toBeVisible();
    await page.getByLabel('Search imports').fill('');
    await chooseOption(page.getByLabel('Filter by status'), { value: 'all' });
  });

  it('picks up, within the 5-second refresh, a job whose progress changes in SQL', async () => {
    const [job] = await query<{ id: string; filename: string }>(
      databaseUrl,
      `insert into import_jobs (filename, status, created_by, user_id, total_rows, processed_rows, successful_rows, progress_percentage, started_at)
       select 'e2e-live-progress.csv', 'processing', a.id, m.id, 200, 20, 20, 10, now()
         from profiles a, profiles m where a.email = $1 and m.email = $2
       returning id::text, filename`,
      [DEMO.admin, DEMO.member],
    );
    // No click, no reload: only the automatic refresh can bring these in.
    const card = page.locator(`[data-testid="import-job"][data-id="${job!.id}"]`);
    await expect(card).toBeVisible({ timeout: 12_000 });
    await expect(card.getByTestId('import-progress')).toHaveText('10%');
    await query(databaseUrl, 'update import_jobs set processed_rows = 150, successful_rows = 147, failed_rows = 3, progress_percentage = 75 where id = $1', [
      job!.id,
    ]);
    await expect(card.getByTestId('import-progress')).toHaveText('75%', { timeout: 12_000 });
    await expect(card.getByTestId('import-rows')).toHaveText('150 of 200 rows');
    await expect(card.getByTestId('import-success')).toHaveText('Success rate 98%');
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
  });
});
