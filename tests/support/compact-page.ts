/**
 * The compact page admin_analytics_page (migration 0094) answers for server rows, built in JavaScript for unit
 * tests: each row's UTC day (floor of its created_at's Unix seconds / 86,400) then the table's compact columns,
 * completed_at as whether it is set, with the last row's key.
 */
import type { ServerRow, SyncTable } from '../../main/services/analytics/tables.js';
import { dayOf, timestampMs } from '../../shared/rules/analytics/range.js';

export function compactPage(table: SyncTable, rows: readonly ServerRow[]): string {
  const value = (r: ServerRow, c: string) => (c === 'completed_at' ? r[c] !== null && r[c] !== undefined : r[c]);
  const last = rows.at(-1);
  return JSON.stringify({
    n: rows.length,
    ts: last ? last[table.watermark!] : null,
    id: last ? last.id : null,
    rows: rows.map((r) => [dayOf(timestampMs(String(r.created_at))), ...table.compact!.map((c) => value(r, c))]),
  });
}

/** A page of `table` as the pull hands it to the writers: compact where the table is pulled so, else the table API's JSON. */
export const pageJson = (table: SyncTable, rows: readonly ServerRow[]): string => (table.compact ? compactPage(table, rows) : JSON.stringify(rows));
