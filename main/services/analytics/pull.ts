/**
 * Reading server tables through PostgREST in pages of at most 1,000 rows, never one unbounded select.
 *
 * Pages follow a keyset on (column, id): `column >= k and (column > k or (column = k and id > last id))`. The
 * leading `column >= k` lets PostgreSQL start from the index position instead of filtering every earlier row,
 * so page 1,000 costs what page 1 costs.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { countOf, must, PAGE_SIZE } from '../support/query.js';
import type { ServerRow, SyncTable } from './tables.js';
import type { Watermark } from './replica-store.js';

/** A half-open range [from, to) of a timestamp column; null ends are unbounded. */
export interface Slice {
  readonly column: 'created_at' | 'updated_at';
  readonly from: string | null;
  readonly to: string | null;
}

const head = { count: 'exact', head: true } as const;

/** PostgREST's logic-tree syntax needs values with ':', '.' or '+' in double quotes. */
const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The exact number of the table's rows in a slice (a head request: no rows travel). */
export async function countSlice(db: SupabaseClient, table: SyncTable, slice: Slice | null): Promise<number> {
  let q = db.from(table.name).select('*', head);
  if (slice?.from) q = q.gte(slice.column, slice.from);
  if (slice?.to) q = q.lt(slice.column, slice.to);
  return countOf(await q, `Counting ${table.name}`);
}

/** The smallest value of a column, or null for an empty table. */
export async function firstValue(db: SupabaseClient, table: SyncTable, column: string): Promise<string | null> {
  const rows = must(await db.from(table.name).select(column).order(column, { ascending: true }).limit(1), `Reading ${table.name}`) as unknown as ServerRow[];
  const v = rows[0]?.[column];
  return v === undefined || v === null ? null : String(v);
}

/**
 * Reads every row of a slice, page by page, handing each page to `onPage` with the key of its last row.
 * `expected` (the slice's count) guards against a server whose row cap is below PAGE_SIZE: a short page
 * ends the slice only once the expected rows have arrived; an empty page always ends it.
 */
export async function pullSlice(
  db: SupabaseClient,
  table: SyncTable,
  slice: Slice | null,
  expected: number,
  onPage: (rows: readonly ServerRow[], last: Watermark) => void,
): Promise<number> {
  const column = slice?.column ?? 'created_at';
  let key: Watermark | null = null;
  let received = 0;
  for (;;) {
    let q = db.from(table.name).select(table.select).order(column, { ascending: true }).order('id', { ascending: true }).limit(PAGE_SIZE);
    if (slice?.to) q = q.lt(column, slice.to);
    if (key) q = q.gte(column, key.ts).or(`${column}.gt.${quoted(key.ts)},and(${column}.eq.${quoted(key.ts)},id.gt.${quoted(key.id)})`);
    else if (slice?.from) q = q.gte(column, slice.from);
    const rows = (must(await q, `Reading ${table.name}`) ?? []) as unknown as ServerRow[];
    if (rows.length === 0) return received;
    const lastRow = rows[rows.length - 1]!;
    key = { ts: String(lastRow[column]), id: String(lastRow.id) };
    received += rows.length;
    onPage(rows, key);
    if (rows.length < PAGE_SIZE && received >= expected) return received;
  }
}

/** Reads a whole small table (coaches, plans) in id order, page by page. */
export async function pullAll(db: SupabaseClient, table: SyncTable): Promise<ServerRow[]> {
  const out: ServerRow[] = [];
  let last: string | null = null;
  for (;;) {
    let q = db.from(table.name).select(table.select).order('id', { ascending: true }).limit(PAGE_SIZE);
    if (last) q = q.gt('id', last);
    const rows = (must(await q, `Reading ${table.name}`) ?? []) as unknown as ServerRow[];
    out.push(...rows);
    if (rows.length === 0) return out;
    last = String(rows[rows.length - 1]!.id);
  }
}
