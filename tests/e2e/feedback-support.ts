import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import { query } from '../support/sql.js';
import { describeFindings, seriousViolations } from '../support/axe.js';

/** Helpers of the feedback end-to-end suite. */

export { query };

export { openAsAdmin as open } from '../support/chromium.js';

/** A feedback row of the suite's own; created now, so it is the newest (top of its column). */
export async function insertFeedback(
  databaseUrl: string,
  fields: { title: string; status?: string; type?: string; description?: string; tags?: string[]; attachment?: string | null },
): Promise<string> {
  const rows = await query<{ id: string }>(
    databaseUrl,
    `insert into feedback_submissions (type, title, description, status, tags, attachment_url) values ($1, $2, $3, $4, $5, $6) returning id::text`,
    [fields.type ?? 'bug', fields.title, fields.description ?? 'Steps to reproduce', fields.status ?? 'new', fields.tags ?? [], fields.attachment ?? null],
  );
  return rows[0]!.id;
}

export async function statusOf(databaseUrl: string, id: string): Promise<string | undefined> {
  return (await query<{ status: string }>(databaseUrl, 'select status from feedback_submissions where id = $1', [id]))[0]?.status;
}

export async function tagsOf(databaseUrl: string, id: string): Promise<string[] | undefined> {
  return (await query<{ tags: string[] }>(databaseUrl, 'select tags from feedback_submissions where id = $1', [id]))[0]?.tags;
}

export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search feedback' });

/** axe-core on the page as it is (tests/support/axe.ts): no serious or critical violation. */
export async function expectNoSeriousAxe(page: Page): Promise<void> {
  const findings = await seriousViolations(page);
  expect(findings, describeFindings(findings)).toEqual([]);
}
