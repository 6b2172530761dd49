/**
 * The user list read as several key ranges side by side. admin-get-users pages by keyset (`after`: each page starts
 * after the previous page's last row), so one pass pays a round trip per page in sequence; cut into ranges of
 * (user_created_at, user_id), each range's pages depend only on that range, and the ranges travel together.
 *
 * The cuts come from the quantiles of profiles.created_at (a profile is made with its user): they only balance
 * the ranges, never decide what is read, since the ranges cover the whole key space whatever the cuts. A range's
 * lower end is sent as `until`; a function that ignores it answers rows below the range, which are dropped here
 * and end the range, so the rows read stay exact either way.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AdminUserRow } from '../../../shared/rules/users/types.js';
import { AppError } from '../../ground/errors.js';
import { invoke } from '../support/functions.js';
import { must } from '../support/query.js';
import { microsOf } from './replica-store.js';

/** A position in the list's order (newest first): the key of a row. */
export interface UserKey {
  readonly user_created_at: string;
  readonly user_id: string;
}

/** Keys from `lower` (included) up to `upper` (excluded); null ends are unbounded. */
export interface UserRange {
  readonly upper: UserKey | null;
  readonly lower: UserKey | null;
}

const LOWEST_ID = '00000000-0000-0000-0000-000000000000';

/** Orders keys as admin-get-users does ((created_at, id), compared to the microsecond). */
export function compareKeys(a: UserKey, b: UserKey): number {
  const d = microsOf(a.user_created_at) - microsOf(b.user_created_at);
  if (d !== 0) return d;
  return a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0;
}

export const keyOfRow = (row: AdminUserRow): UserKey => ({ user_created_at: row.user_created_at, user_id: row.user_id });

/**
 * About `ranges` ranges of equal size, newest first: the list's size estimated from profiles, then its quantiles,
 * read together. One range where the profiles cannot be read.
 */
export async function splitUsers(service: SupabaseClient, ranges: number, pageSize: number): Promise<UserRange[]> {
  const whole: UserRange[] = [{ upper: null, lower: null }];
  try {
    const head = await service.from('profiles').select('created_at', { count: 'estimated', head: true });
    const total = head.count ?? 0;
    const n = Math.min(ranges, Math.ceil(total / pageSize));
    if (n <= 1) return whole;
    const cuts = await Promise.all(
      Array.from({ length: n - 1 }, async (_, i) => {
        const at = Math.floor((total * (i + 1)) / n);
        const rows = must(await service.from('profiles').select('created_at').order('created_at', { ascending: true }).range(at, at), 'Reading the profiles');
        return (rows as { created_at?: unknown }[])[0]?.created_at;
      }),
    );
    const keys = [...new Set(cuts.filter((c): c is string => typeof c === 'string'))]
      .map((c): UserKey => ({ user_created_at: c, user_id: LOWEST_ID }))
      .sort(compareKeys)
      .reverse();
    const bounds: (UserKey | null)[] = [null, ...keys, null];
    return bounds.slice(0, -1).map((upper, i) => ({ upper, lower: bounds[i + 1] ?? null }));
  } catch {
    return whole;
  }
}

/**
 * The rows of a range, newest first, page by page, starting after `cursor` when given (a cut sync resuming). Each
 * page says whether it ended the range.
 */
export async function* rangePages(
  client: SupabaseClient,
  range: UserRange,
  pageSize: number,
  cursor: UserKey | null = null,
  /** Adds the time spent on the received rows (the benchmark's breakdown). */
  timings?: { rowsMs: number },
): AsyncGenerator<{ rows: AdminUserRow[]; last: boolean }> {
  let after = cursor ?? range.upper;
  const seen = new Set<string>();
  for (;;) {
    const page = await invoke<AdminUserRow[] | null>(
      client,
      'admin-get-users',
      { statusFilter: 'all', searchTerm: '', pageSize, ...(after ? { after } : {}), ...(range.lower ? { until: range.lower } : {}) },
      'Reading the users',
    );
    const t0 = performance.now();
    if (page !== null && !Array.isArray(page)) throw new AppError('BACKEND_ERROR', 'Reading the users: admin-get-users did not answer a list of users.');
    const all = page ?? [];
    // A function that ignores paging answers everything: only this range's rows, after the cursor, are kept.
    const inRange = all.filter(
      (r) =>
        (!range.lower || compareKeys(keyOfRow(r), range.lower) >= 0) &&
        (!after || compareKeys(keyOfRow(r), after) < 0) &&
        !seen.has(r.user_id) &&
        seen.add(r.user_id),
    );
    const end = all.length < pageSize || all.length > pageSize || inRange.length < all.length || inRange.length === 0;
    if (timings) timings.rowsMs += performance.now() - t0;
    yield { rows: inRange, last: end };
    if (end) return;
    after = keyOfRow(inRange[inRange.length - 1]!);
  }
}
