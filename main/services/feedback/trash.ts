import type { SupabaseClient } from '@supabase/supabase-js';
import { FEEDBACK_MESSAGES } from '../../../shared/rules/feedback/model.js';
import { AppError } from '../../ground/errors.js';
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

/** Restore sets status new on the selected items that are still in the trash. */
export async function restoreFeedback(db: SupabaseClient, ids: readonly string[]): Promise<{ restored: number }> {
  let restored = 0;
  await inPool(chunks(ids), 4, async (chunk) => {
    const { data, error } = await db.from(TABLE).update({ status: 'new' }).in('id', chunk).eq('status', 'deleted').select('id');
    if (error) throw new AppError('BACKEND_ERROR', FEEDBACK_MESSAGES.restoreFailed);
    restored += data?.length ?? 0;
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
  await inPool(chunks(ids), 4, async (chunk) => {
    const { data, error } = await db.from(TABLE).delete().in('id', chunk).eq('status', 'deleted').select('id');
    if (error) throw new AppError('BACKEND_ERROR', FEEDBACK_MESSAGES.purgeFailed);
    deleted += data?.length ?? 0;
  });
  if (deleted === 0) throw new AppError('NOT_FOUND', FEEDBACK_MESSAGES.purgeFailed);
  return { deleted, skipped: unique - deleted };
}
