import type { SupabaseClient } from '@supabase/supabase-js';
import type { Product } from '../../../shared/rules/products/types.js';
import { must, readCounted } from '../support/query.js';
import type { UrlRebase } from '../coaches/rows.js';
import { PRODUCT_COLUMNS, toProduct, type ProductRow } from './rows.js';

/** Every product by sort_order (ties by name, then id, so pages never overlap), in pages past the row cap. */
export async function listProducts(db: SupabaseClient, rebase: UrlRebase): Promise<Product[]> {
  const rows = await readCounted<ProductRow>(
    { count: 'Counting products', read: 'Reading products' },
    db.from('partner_products').select('id', { count: 'exact', head: true }),
    (from, to) => db.from('partner_products').select(PRODUCT_COLUMNS).order('sort_order').order('name').order('id').range(from, to),
  );
  return rows.map((r) => toProduct(r, rebase));
}

export async function readProductRow(db: SupabaseClient, id: string): Promise<ProductRow | null> {
  const rows = must(await db.from('partner_products').select(PRODUCT_COLUMNS).eq('id', id).limit(1), 'Reading the product') as ProductRow[] | null;
  return rows?.[0] ?? null;
}

export async function getProduct(db: SupabaseClient, id: string, rebase: UrlRebase): Promise<Product | null> {
  const row = await readProductRow(db, id);
  return row ? toProduct(row, rebase) : null;
}
