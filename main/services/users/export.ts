import path from 'node:path';
import Database from 'better-sqlite3';
import type { ExportOutcome } from '../../../shared/contract/export.js';
import { USER_CSV_COLUMNS, userCsvRecord, userExportFileName } from '../../../shared/rules/users/csv.js';
import type { UserListQuery } from '../../../shared/rules/users/list.js';
import { csvLine, type CsvLine } from '../../../shared/rules/common/csv.js';
import { writeCsvFile } from '../../files/csv-file.js';
import type { FileSaver } from '../../files/saved-files.js';
import type { AdminUserRow } from '../../../shared/rules/users/types.js';
import { rowsInOrder } from './replica-store.js';
import { searchModeOf } from './search-index.js';
import { whereOf } from './list-sql.js';

/**
 * Reads a query's rows through a read-only connection of its own: a consistent snapshot (WAL), and the main
 * connection stays free for the sync and the list while the file is written. An in-memory replica (no cache file)
 * has no second connection: its rows are read at once.
 */
function* snapshotRows(db: Database.Database, query: UserListQuery): Generator<AdminUserRow> {
  if (db.memory) {
    yield* [...rowsInOrder(db, query)];
    return;
  }
  const reader = new Database(db.name, { readonly: true, fileMustExist: true });
  try {
    yield* rowsInOrder(reader, query);
  } finally {
    reader.close();
  }
}

/**
 * The users CSV (spec 1 sections 8 and 9) from the list's replica: main asks where to save (the native dialog; a
 * folder in browser mode), then streams the rows of the screen's search, filter and sort, in its order, one CSV
 * line at a time into the file. Nothing but the current batch is held in memory. The renderer never names a
 * path (F1).
 */
export async function exportUsersCsv(db: Database.Database, saveTarget: FileSaver, query: UserListQuery, now = new Date()): Promise<ExportOutcome> {
  const where = whereOf(query, searchModeOf(db, query.search));
  const matched = db
    .prepare(`select count(*) from rep_users where ${where.sql}`)
    .pluck()
    .get(...where.params) as number;
  if (matched === 0) return { outcome: 'empty' };
  const target = await saveTarget.choose({ defaultName: userExportFileName(now), filters: [{ name: 'CSV files', extensions: ['csv'] }] });
  if (!target) return { outcome: 'cancelled' };
  function* lines(): Generator<CsvLine> {
    for (const row of snapshotRows(db, query)) yield csvLine(userCsvRecord(row));
  }
  const written = await writeCsvFile(target, USER_CSV_COLUMNS, lines());
  if (written.records === 0) return { outcome: 'empty' };
  return { outcome: 'saved', count: written.records, path: written.path, fileName: path.basename(written.path), file: saveTarget.saved(written.path) };
}
