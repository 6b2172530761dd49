import type { SupabaseClient } from '@supabase/supabase-js';
import { orderUpdates } from '../../../shared/rules/products/order.js';
import { AppError } from '../../ground/errors.js';

/**
 * Saves a new order through update_product_order, numbered from 1. The function (migration 0052) locks the table
 * and renumbers every product in one statement, so concurrent reorders leave one consistent 1..n order.
 */
export async function reorderProducts(db: SupabaseClient, ids: readonly string[]): Promise<{ count: number }> {
  const { error } = await db.rpc('update_product_order', { product_updates: orderUpdates(ids) });
  if (error) throw new AppError(error.code === 'P0002' ? 'NOT_FOUND' : 'BACKEND_ERROR', error.message);
  return { count: ids.length };
}
