/**
 * A create whose row id main chooses (never the window), so a lost reply can be settled (issue 31): the id is read
 * back, and the answer becomes saved or not saved instead of "outcome unknown" (settle.ts says which). Sending the
 * insert again with the same id is safe: the primary key refuses a second row.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { changeMayStillLandInThisCall } from '../../core/connectivity.js';
import { settleLostCreate, type ReadBack } from './settle.js';
import { nothingWasSaved, replyLost } from './lost-reply.js';

/** supabase-js's answer to an insert with `.select(columns)`. */
export interface InsertAnswer<Row> {
  readonly data: Row[] | null;
  readonly error: { readonly message: string; readonly code?: string } | null;
}

async function readBack<Row>(db: SupabaseClient, table: string, id: string, columns: string): Promise<{ found: ReadBack; rows: Row[] }> {
  try {
    const { data, error } = await db.from(table).select(columns).eq('id', id);
    if (error) return { found: 'unreadable', rows: [] };
    const rows = (data ?? []) as Row[];
    return { found: rows.length ? 'found' : 'absent', rows };
  } catch {
    return { found: 'unreadable', rows: [] };
  }
}

/**
 * Inserts `values` as one row of `table` under an id made here, answering as `.insert().select(columns)` does. After
 * a lost reply: the row read back is the answer (saved); an absent row whose request cannot land any more is "nothing
 * was saved" (AppError OFFLINE); one that may still land is sent once more with the same id; otherwise the lost
 * reply's own answer stands (the router says outcome unknown).
 */
export async function insertSettled<Row>(
  db: SupabaseClient,
  table: string,
  values: Readonly<Record<string, unknown>>,
  columns: string,
): Promise<InsertAnswer<Row>> {
  const id = randomUUID();
  const insert = async () =>
    (await db
      .from(table)
      .insert({ ...values, id })
      .select(columns)) as unknown as InsertAnswer<Row>;
  const first = await insert();
  if (!first.error || !replyLost()) return first;
  const back = await readBack<Row>(db, table, id, columns);
  const settled = settleLostCreate(back.found, changeMayStillLandInThisCall());
  if (settled === 'saved') return { data: back.rows, error: null };
  if (settled === 'not-saved') {
    nothingWasSaved();
  }
  if (settled === 'unknown') return first;
  const again = await insert();
  if (!again.error) return again;
  // Refused as a duplicate: the first request landed meanwhile; its row is the answer.
  const after = await readBack<Row>(db, table, id, columns);
  return after.found === 'found' ? { data: after.rows, error: null } : first;
}
