import type { SupabaseClient } from '@supabase/supabase-js';
import type { MarketingLink } from '../../../shared/rules/marketing/types.js';
import type { MarketingLinkFields } from '../../../shared/rules/marketing/schema.js';
import { MARKETING_MESSAGES as M, slugTakenMessage } from '../../../shared/rules/marketing/fields.js';
import { AppError } from '../../ground/errors.js';
import { must, readCounted } from '../support/query.js';
import { insertSettled } from '../support/insert-settled.js';
import { LINK_COLUMNS, toColumns, toLink, type LinkRow } from './rows.js';
import { updateRowSettled } from '../support/update-settled.js';
import { deleteRowSettled } from '../support/delete-settled.js';

const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

/** A slug taken by another link is the administrator's to fix; a check the form missed is said plainly. */
function failure(error: { code?: string; message: string }, slug: string): AppError {
  if (error.code === UNIQUE_VIOLATION) return new AppError('CONFLICT', slugTakenMessage(slug));
  if (error.code === CHECK_VIOLATION) return new AppError('INVALID_INPUT', `The backend refused the campaign: ${error.message}`);
  return new AppError('BACKEND_ERROR', error.message);
}

/** Every link, newest first (ties by id, so pages never overlap), in pages past the row cap. */
export async function listLinks(db: SupabaseClient): Promise<MarketingLink[]> {
  const rows = await readCounted<LinkRow>(
    { count: 'Counting marketing links', read: 'Reading marketing links' },
    db.from('marketing_links').select('id', { count: 'exact', head: true }),
    (from, to) => db.from('marketing_links').select(LINK_COLUMNS).order('created_at', { ascending: false }).order('id').range(from, to),
  );
  return rows.map(toLink);
}

export async function getLink(db: SupabaseClient, id: string): Promise<MarketingLink | null> {
  const rows = must(await db.from('marketing_links').select(LINK_COLUMNS).eq('id', id).limit(1), 'Reading the marketing link') as LinkRow[] | null;
  return rows?.[0] ? toLink(rows[0]) : null;
}

/**
 * One insert: the row is written whole or not at all. created_by is the signed-in administrator; the id is main's, so
 * a lost reply is settled by reading it back.
 */
export async function createLink(db: SupabaseClient, f: MarketingLinkFields, createdBy: string): Promise<{ id: string }> {
  const { data, error } = await insertSettled<{ id: string }>(db, 'marketing_links', { ...toColumns(f), created_by: createdBy }, 'id');
  if (error) throw failure(error, f.slug);
  if (!data?.[0]) throw new AppError('BACKEND_ERROR', 'The new marketing link was not returned.');
  return { id: String(data[0].id) };
}

export async function updateLink(db: SupabaseClient, id: string, f: MarketingLinkFields): Promise<{ id: string }> {
  // A lost reply is settled by reading the link again (update-settled.ts).
  const { data, error } = await updateRowSettled(db, 'marketing_links', id, toColumns(f), '*');
  if (error) throw failure(error, f.slug);
  // No row updated means no such link: never report a save that did not happen.
  if (!data?.length) throw new AppError('NOT_FOUND', M.notFound);
  return { id };
}

export async function deleteLink(db: SupabaseClient, id: string): Promise<{ id: string }> {
  const { data, error } = await deleteRowSettled(db, 'marketing_links', id);
  if (error) throw new AppError('BACKEND_ERROR', error.message);
  if (!data?.length) throw new AppError('NOT_FOUND', M.notFound);
  return { id };
}
