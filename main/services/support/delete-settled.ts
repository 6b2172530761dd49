/**
 * A delete whose lost reply is settled (issue 31): after a lost reply the target is read again; settle.ts's
 * settleLostDelete says what that shows. Gone: deleted, the answer names it. Still there and the request cannot land
 * any more: "nothing was deleted" (AppError OFFLINE). Otherwise the delete is sent once more (deleting a gone row
 * deletes nothing) and the target read after it says what happened. A row the audit log found absent before the call
 * had nothing to delete: answered as a delete of no row (not found).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { changeMayStillLandInThisCall, settledAsAnswered } from '../../core/connectivity.js';
import { takeTargetRowsBefore } from '../../core/target-rows.js';
import { settleLostDelete, type DeleteReadBack } from './settle.js';
import { nothingWasSaved, replyLost } from './lost-reply.js';

/** supabase-js's answer to `.delete().select('id')`: the ids deleted. */
export interface DeleteAnswer {
  readonly data: { readonly id: string }[] | null;
  readonly error: { readonly message: string; readonly code?: string } | null;
}

/** The filter builder a delete returns (what `.eq`, `.in` narrow). */
export type DeleteFilter = ReturnType<ReturnType<SupabaseClient['from']>['delete']>;

/** Whether the row is still there; one try (`.retry(false)`), so a failed read settles as "send again". */
async function readBack(db: SupabaseClient, table: string, id: string): Promise<DeleteReadBack> {
  try {
    const { data, error } = await db.from(table).select('id').eq('id', id).retry(false);
    if (error) return 'unreadable';
    return data?.length ? 'there' : 'gone';
  } catch {
    return 'unreadable';
  }
}

/**
 * `.delete().eq('id', id)` (narrowed by `where`) `.select('id')` on one row of `table`, answering as it does: an empty
 * `data` when there was no such row to delete. A lost reply is settled as above.
 */
export async function deleteRowSettled(
  db: SupabaseClient,
  table: string,
  id: string,
  opts: { readonly where?: (q: DeleteFilter) => DeleteFilter } = {},
): Promise<DeleteAnswer> {
  const where = opts.where ?? ((q: DeleteFilter) => q);
  const send = async (): Promise<{ answer?: DeleteAnswer; thrown?: unknown }> => {
    try {
      return { answer: (await where(db.from(table).delete().eq('id', id)).select('id')) as unknown as DeleteAnswer };
    } catch (thrown) {
      return { thrown: thrown ?? new Error('The delete failed.') };
    }
  };
  const deleted: DeleteAnswer = { data: [{ id }], error: null };
  // The audit log's read of the row before the call, when it made one (target-rows.ts): no round trip of its own.
  const before = takeTargetRowsBefore({ table, match: { eq: { id } } });
  // No row before the call: the delete had nothing to delete, whatever became of its reply (answered as the server
  // would have: a delete of no row).
  const nothingToDelete = () => {
    const none = before !== undefined && before.rows === null;
    if (none) settledAsAnswered();
    return none;
  };
  const first = await send();
  const answerOfFirst = (): DeleteAnswer => {
    if (first.thrown !== undefined) throw first.thrown;
    return first.answer!;
  };
  if ((first.answer && !first.answer.error) || !replyLost()) return answerOfFirst();
  const settled = settleLostDelete(await readBack(db, table, id), changeMayStillLandInThisCall());
  if (settled === 'saved') return nothingToDelete() ? { data: [], error: null } : deleted;
  if (settled === 'not-saved') {
    nothingWasSaved();
  }
  const again = await send();
  // Deleted now, or nothing left to delete: the read after it tells a row gone from one its `where` kept.
  if (again.answer && !again.answer.error && again.answer.data?.length) return again.answer;
  if ((await readBack(db, table, id)) === 'gone') return nothingToDelete() ? { data: [], error: null } : deleted;
  if (again.answer && !again.answer.error) return again.answer;
  return answerOfFirst();
}
