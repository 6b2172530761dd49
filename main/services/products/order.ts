import type { SupabaseClient } from '@supabase/supabase-js';
import { orderUpdates } from '../../../shared/rules/products/order.js';
import { AppError } from '../../ground/errors.js';
import { updateSettled, type RpcAnswer } from '../support/update-settled.js';

type Placed = readonly { readonly id: string; readonly sort_order: number; readonly updated_at: string }[];

/**
 * Saves a new order through update_product_order, numbered from 1. The function (migration 0052) locks the table
 * and renumbers every product in one statement, so concurrent reorders leave one consistent 1..n order.
 * A lost reply is settled by reading every product's place again (update-settled.ts): saved when the ids asked for
 * hold 1..n in the order asked; not saved while every place and stamp is as read before the call; sent again
 * otherwise (the same order twice is harmless).
 */
export async function reorderProducts(db: SupabaseClient, ids: readonly string[]): Promise<{ count: number }> {
  const wanted = orderUpdates(ids);
  const { error } = await updateSettled<RpcAnswer, Placed>(
    {
      read: async () => {
        const { data, error: readError } = await db.from('partner_products').select('id, sort_order, updated_at').order('id').retry(false);
        if (readError) throw new Error(readError.message);
        return (data ?? []) as Placed;
      },
      asked: (rows: Placed) => {
        const place = new Map(rows.map((r) => [r.id, r.sort_order]));
        return wanted.every((w) => place.get(w.id) === w.sort_order);
      },
      idempotent: true,
    },
    () => db.rpc('update_product_order', { product_updates: wanted }),
    () => ({ error: null }),
  );
  if (error) throw new AppError(error.code === 'P0002' ? 'NOT_FOUND' : 'BACKEND_ERROR', error.message);
  return { count: ids.length };
}
