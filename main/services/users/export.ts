import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { UserExport } from '../../../shared/contract/areas/users.js';
import { USER_CSV_COLUMNS, userCsvRecord, userExportFileName } from '../../../shared/rules/users/csv.js';
import { matchesFilter, matchesSearch, normaliseSearch } from '../../../shared/rules/users/filters.js';
import { sortValueOf, type UserListQuery } from '../../../shared/rules/users/list.js';
import { orderByRanks, ranksOf, type SortValue } from '../../../shared/rules/common/sort-order.js';
import { csvLine } from '../../../shared/rules/common/csv.js';
import { writeCsvFile } from '../../files/csv-file.js';
import type { SaveTarget } from '../../files/save-target.js';
import type { AdminUserRow } from '../../../shared/types/users.js';
import { userPages } from './list.js';

/** Smaller pages than the list's: less to hold at once while the records are extracted. */
const EXPORT_PAGE_SIZE = 5000;

/**
 * The users CSV (spec 1 sections 8 and 9). Main asks where to save (the native dialog; a folder in browser mode),
 * takes the list the screen shows (`loaded`, main's copy of its last users.list answer) or else reads it again from
 * the backend page by page, keeps only the matching users' CSV lines and sort values (the same search, filter and
 * sort rules as the screen), orders them and streams them to the file. Keeping one line per user instead of the
 * rows keeps main's memory small at 100,000 users. The renderer never names a path (F1).
 */
export async function exportUsersCsv(
  user: SupabaseClient,
  saveTarget: SaveTarget,
  query: UserListQuery,
  loaded?: readonly AdminUserRow[],
  now = new Date(),
): Promise<UserExport> {
  const target = await saveTarget.choose({ defaultName: userExportFileName(now), filters: [{ name: 'CSV files', extensions: ['csv'] }] });
  if (!target) return { outcome: 'cancelled' };
  const term = normaliseSearch(query.search);
  // Each matching user is kept as one formatted CSV line and its sort value; the page itself is let go.
  const lines: string[] = [];
  const values: SortValue[] = [];
  const pages: AsyncIterable<readonly AdminUserRow[]> | Iterable<readonly AdminUserRow[]> = loaded ? [loaded] : userPages(user, EXPORT_PAGE_SIZE);
  for await (const page of pages) {
    for (const row of page) {
      if (!matchesFilter(row, query.filter) || !matchesSearch(row.user_email.toLowerCase(), row.user_id, term)) continue;
      lines.push(csvLine(userCsvRecord(row)));
      values.push(sortValueOf(row, query.sort.key));
    }
  }
  if (lines.length === 0) return { outcome: 'empty' };
  const order = orderByRanks(ranksOf(values), query.sort.direction);
  function* ordered(): Generator<string> {
    for (let k = 0; k < order.length; k++) yield lines[order[k] as number] as string;
  }
  const written = await writeCsvFile(target, USER_CSV_COLUMNS, ordered());
  return { outcome: 'saved', count: written.records, path: written.path, fileName: path.basename(written.path) };
}
