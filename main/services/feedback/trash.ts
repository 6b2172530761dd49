import type { SupabaseClient } from '@supabase/supabase-js';
import { FEEDBACK_MESSAGES } from '../../../shared/rules/feedback/model.js';
import { AppError } from '../../ground/errors.js';
import { bulkChunkSettled, type BulkState } from '../support/bulk-settled.js';
import { inPool } from '../support/pool.js';
import { TABLE } from './rows.js';

/** Ids per request: an `in` filter travels in the URL, which must stay well under the server's limit. */
const CHUNK = 200;

function chunks(ids: readonly string[]): string[][] {
  const unique = [...new Set(ids)];
  const out: string[][] = [];
  for (let i = 0; i < unique.length; i += CHUNK) out.push(unique.slice(i, i + CHUNK));
  return out;
}

/**
 * Each id's state for a lost reply's settlement (bulk-settled.ts), from its status now (undefined: no such row). One
 * try: a failed read settles as "send again".
 */
async function statesOf(db: SupabaseClient, chunk: readonly string[], state: (status: string | undefined) => BulkState): Promise<Map<string, BulkState>> {
  const { data, error } = await db
    .from(TABLE)
    .select('id, status')
    .in('id', [...chunk])
    .retry(false);
  if (error) throw new Error(error.message);
  const status = new Map(((data ?? []) as { id: string; status: string }[]).map((r) => [r.id, r.status]));
  return new Map(chunk.map((id) => [id, state(status.get(id))]));
}

/** Restore sets status new on the selected items that are still in the trash. */
export async function restoreFeedback(db: SupabaseClient, ids: readonly string[]): Promise<{ restored: number }> {
  let restored = 0;
  const all = chunks(ids);
  await inPool(all, 4, async (chunk) => {
    const settled = await bulkChunkSettled(
      () => db.from(TABLE).update({ status: 'new' }).in('id', chunk).eq('status', 'deleted').select('id'),
      () => statesOf(db, chunk, (status) => (status === undefined ? 'other' : status === 'deleted' ? 'waiting' : 'done')),
      all.length === 1,
    );
    if ('error' in settled) throw new AppError('BACKEND_ERROR', FEEDBACK_MESSAGES.restoreFailed);
    restored += settled.count;
  });
  if (restored === 0) throw new AppError('NOT_FOUND', FEEDBACK_MESSAGES.restoreFailed);
  return { restored };
}

/**
 * Permanent deletion, re-checked here whatever the screen sent (A3): the DELETE itself carries `status = deleted`,
 * so a row restored or never deleted is left alone, even if it changed after the screen loaded.
 */
export async function deleteFeedbackForever(db: SupabaseClient, ids: readonly string[]): Promise<{ deleted: number; skipped: number }> {
  let deleted = 0;
  const unique = new Set(ids).size;
  const all = chunks(ids);
  await inPool(all, 4, async (chunk) => {
    const settled = await bulkChunkSettled(
      () => db.from(TABLE).delete().in('id', chunk).eq('status', 'deleted').select('id'),
      () => statesOf(db, chunk, (status) => (status === undefined ? 'done' : status === 'deleted' ? 'waiting' : 'other')),
      all.length === 1,
    );
    if ('error' in settled) throw new AppError('BACKEND_ERROR', FEEDBACK_MESSAGES.purgeFailed);
    deleted += settled.count;
  });
  if (deleted === 0) throw new AppError('NOT_FOUND', FEEDBACK_MESSAGES.purgeFailed);
  return { deleted, skipped: unique - deleted };
}
