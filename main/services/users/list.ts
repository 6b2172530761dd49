import type { SupabaseClient } from '@supabase/supabase-js';
import type { AdminUserRow } from '../../../shared/rules/users/types.js';
import { AppError } from '../../ground/errors.js';
import { invoke } from '../support/functions.js';

/** Rows per call of admin-get-users: few round trips, and a reply of a few megabytes at most. */
export const USERS_PAGE_SIZE = 10_000;

/**
 * Every user, newest first, page by page from admin-get-users (keyset: `after` is the last row of the previous
 * page, see main/local-backend/functions/users/list.ts), each user once. A function that ignores paging (the
 * product's original answers all rows at once) is recognised by a page larger than asked, or one with nothing new.
 */
export async function* userPages(client: SupabaseClient, pageSize = USERS_PAGE_SIZE): AsyncGenerator<AdminUserRow[]> {
  const seen = new Set<string>();
  let after: { user_created_at: string; user_id: string } | null = null;
  for (;;) {
    const page: AdminUserRow[] | null = await invoke<AdminUserRow[] | null>(
      client,
      'admin-get-users',
      { statusFilter: 'all', searchTerm: '', pageSize, ...(after ? { after } : {}) },
      'Reading the users',
    );
    if (page !== null && !Array.isArray(page)) throw new AppError('BACKEND_ERROR', 'Reading the users: admin-get-users did not answer a list of users.');
    const rows: AdminUserRow[] = page ?? [];
    const fresh = rows.filter((r) => !seen.has(r.user_id) && seen.add(r.user_id));
    if (fresh.length) yield fresh;
    const last: AdminUserRow | undefined = rows[rows.length - 1];
    if (rows.length !== pageSize || fresh.length === 0 || !last) return;
    after = { user_created_at: last.user_created_at, user_id: last.user_id };
  }
}

export async function readAllUsers(
  client: SupabaseClient,
  pageSize = USERS_PAGE_SIZE,
  onPage?: (rows: readonly AdminUserRow[]) => void,
): Promise<AdminUserRow[]> {
  const all: AdminUserRow[] = [];
  for await (const page of userPages(client, pageSize)) {
    onPage?.(page);
    for (const row of page) all.push(row);
  }
  return all;
}
