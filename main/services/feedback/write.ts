import type { SupabaseClient } from '@supabase/supabase-js';
import type { FeedbackItem } from '../../../shared/rules/feedback/types.js';
import { FEEDBACK_MESSAGES, type LiveStatus } from '../../../shared/rules/feedback/model.js';
import { cleanTags } from '../../../shared/rules/feedback/tags.js';
import { AppError } from '../../ground/errors.js';
import { updateRowSettled } from '../support/update-settled.js';
import { COLUMNS, TABLE, toItem, type FeedbackRow } from './rows.js';

/**
 * Writes on one item. Each is a single conditional UPDATE, so the check (live, or still in the trash) and the change
 * cannot be separated by another administrator's write; no row matched is a failure, never a silent success.
 */
async function updateOne(db: SupabaseClient, id: string, patch: Record<string, unknown>, where: 'live' | 'trash', failure: string): Promise<FeedbackItem> {
  // A lost reply is settled by reading the item again (update-settled.ts).
  const { data, error } = await updateRowSettled(db, TABLE, id, patch, COLUMNS, {
    where: (q) => (where === 'live' ? q.neq('status', 'deleted') : q.eq('status', 'deleted')),
  });
  if (error || !data?.length) throw new AppError(error ? 'BACKEND_ERROR' : 'NOT_FOUND', failure);
  return toItem(data[0] as FeedbackRow);
}

export const setFeedbackStatus = (db: SupabaseClient, id: string, status: LiveStatus) => updateOne(db, id, { status }, 'live', FEEDBACK_MESSAGES.updateFailed);

export const setFeedbackTags = (db: SupabaseClient, id: string, tags: readonly string[]) =>
  updateOne(db, id, { tags: cleanTags(tags) }, 'live', FEEDBACK_MESSAGES.tagsFailed);

/** The board's and the detail page's delete: the item moves to the trash (A3). */
export const softDeleteFeedback = (db: SupabaseClient, id: string) => updateOne(db, id, { status: 'deleted' }, 'live', FEEDBACK_MESSAGES.deleteFailed);

/** Undo of a board delete: only while the item is still in the trash. */
export const undoDeleteFeedback = (db: SupabaseClient, id: string, status: LiveStatus) =>
  updateOne(db, id, { status }, 'trash', FEEDBACK_MESSAGES.restoreFailed);
