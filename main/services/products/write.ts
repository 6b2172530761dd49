import type { SupabaseClient } from '@supabase/supabase-js';
import type { ProductFields } from '../../../shared/rules/products/types.js';
import { NEW_PRODUCT_SORT_ORDER, PRODUCT_MESSAGES } from '../../../shared/rules/products/fields.js';
import { AppError } from '../../ground/errors.js';
import { insertSettled } from '../support/insert-settled.js';
import { updateRowSettled } from '../support/update-settled.js';
import { toColumns } from './rows.js';
import { deleteRowSettled } from '../support/delete-settled.js';

const UNIQUE_VIOLATION = '23505';

function failure(error: { code?: string; message: string }, slug: string | null): AppError {
  if (error.code === UNIQUE_VIOLATION) return new AppError('CONFLICT', `A product with the slug "${slug ?? ''}" already exists. Choose another slug.`);
  return new AppError('BACKEND_ERROR', error.message);
}

/** Inserts one product at the end of the list (sort_order 999 until the next reorder) and returns its id. */
export async function createProduct(db: SupabaseClient, f: ProductFields): Promise<{ id: string }> {
  // The id is main's, so a lost reply is settled by reading it back.
  const { data, error } = await insertSettled<{ id: string }>(db, 'partner_products', { ...toColumns(f), sort_order: NEW_PRODUCT_SORT_ORDER }, 'id');
  if (error) throw failure(error, f.slug);
  if (!data?.[0]) throw new AppError('BACKEND_ERROR', 'The new product was not returned.');
  return { id: String(data[0].id) };
}

/** Updates every edited column; sort_order and click_count are not the form's to change. */
export async function updateProduct(db: SupabaseClient, id: string, f: ProductFields): Promise<{ id: string }> {
  // A lost reply is settled by reading the product again (update-settled.ts).
  const { data, error } = await updateRowSettled(db, 'partner_products', id, toColumns(f), '*');
  if (error) throw failure(error, f.slug);
  // No row updated means no such product: never report a save that did not happen.
  if (!data?.length) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
  return { id };
}

export async function setProductActive(db: SupabaseClient, id: string, isActive: boolean): Promise<{ id: string; isActive: boolean }> {
  const { data, error } = await updateRowSettled(db, 'partner_products', id, { is_active: isActive }, '*');
  if (error) throw new AppError('BACKEND_ERROR', error.message);
  const row = data?.[0] as { is_active: boolean } | undefined;
  if (!row) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
  return { id, isActive: row.is_active };
}

export async function deleteProduct(db: SupabaseClient, id: string): Promise<{ id: string }> {
  const { data, error } = await deleteRowSettled(db, 'partner_products', id);
  if (error) throw new AppError('BACKEND_ERROR', error.message);
  if (!data?.length) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
  return { id };
}
