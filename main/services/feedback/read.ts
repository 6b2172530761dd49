import type { SupabaseClient } from '@supabase/supabase-js';
import type { FeedbackItem } from '../../../shared/types/feedback.js';
import { countOf, must, readAll } from '../support/query.js';
import { COLUMNS, TABLE, toItem, type FeedbackRow } from './rows.js';

/** The board: every item not in the trash, newest first, read page by page (20,000 items and more). */
export async function readBoard(db: SupabaseClient): Promise<FeedbackItem[]> {
  const total = countOf(await db.from(TABLE).select('id', { count: 'exact', head: true }).neq('status', 'deleted'), 'Counting feedback');
  const rows = await readAll<FeedbackRow>('Reading feedback', total, (from, to) =>
    db.from(TABLE).select(COLUMNS).neq('status', 'deleted').order('created_at', { ascending: false }).order('id').range(from, to),
  );
  return rows.map(toItem);
}

/** The trash: status deleted, the most recently deleted (last updated) first. */
export async function readTrash(db: SupabaseClient): Promise<FeedbackItem[]> {
  const total = countOf(await db.from(TABLE).select('id', { count: 'exact', head: true }).eq('status', 'deleted'), 'Counting deleted feedback');
  const rows = await readAll<FeedbackRow>('Reading deleted feedback', total, (from, to) =>
    db.from(TABLE).select(COLUMNS).eq('status', 'deleted').order('updated_at', { ascending: false }).order('id').range(from, to),
  );
  return rows.map(toItem);
}

export async function readFeedback(db: SupabaseClient, id: string): Promise<FeedbackItem | null> {
  const rows = must(await db.from(TABLE).select(COLUMNS).eq('id', id).limit(1), 'Reading feedback') as FeedbackRow[] | null;
  return rows?.[0] ? toItem(rows[0]) : null;
}
