import type { SupabaseClient } from '@supabase/supabase-js';
import type { DemoPassword } from '../../../shared/contract/areas/dashboard.js';
import { DEMO_PASSWORD_MESSAGES, DEMO_PASSWORD_SETTING_KEY, defaultDemoPassword } from '../../../shared/rules/dashboard/demo-password.js';
import { AppError } from '../../ground/errors.js';
import { updateSettled } from '../support/update-settled.js';

/** PostgREST's "no row" answer to .single(): the default password applies (spec 1 section 7). */
const NO_ROW = 'PGRST116';

export async function readDemoPassword(db: SupabaseClient, productName: string): Promise<DemoPassword> {
  const { data, error } = await db.from('admin_settings').select('value, updated_at').eq('key', DEMO_PASSWORD_SETTING_KEY).single();
  if (error?.code === NO_ROW) return { password: defaultDemoPassword(productName), isDefault: true, updatedAt: null };
  if (error || !data) throw new AppError('BACKEND_ERROR', DEMO_PASSWORD_MESSAGES.loadFailed);
  return { password: String(data.value ?? ''), isDefault: false, updatedAt: data.updated_at ?? null };
}

/**
 * The value arrives trimmed and validated by the contract's schema. The saved row comes back in the upsert's own
 * answer (return=representation): the check, then this, two round trips. A lost reply is settled by reading the
 * setting again (update-settled.ts): holding this password, saved; else sent once more (saving it twice is harmless).
 * No read before the call, so never "nothing was saved" either.
 */
export async function saveDemoPassword(db: SupabaseClient, password: string): Promise<DemoPassword> {
  type Row = { value: unknown; updated_at: string | null };
  const { data, error } = await updateSettled<{ data: Row | null; error: { message: string } | null }, Row>(
    {
      read: async () => {
        const { data: rows, error: readError } = await db.from('admin_settings').select('value, updated_at').eq('key', DEMO_PASSWORD_SETTING_KEY).retry(false);
        if (readError) throw new Error(readError.message);
        return (rows?.[0] as Row | undefined) ?? null;
      },
      asked: (row) => String(row.value ?? '') === password,
      idempotent: true,
      noReadBefore: true,
    },
    async () =>
      (await db
        .from('admin_settings')
        .upsert({ key: DEMO_PASSWORD_SETTING_KEY, value: password, updated_at: new Date().toISOString() }, { onConflict: 'key' })
        .select('value, updated_at')
        .single()) as { data: Row | null; error: { message: string } | null },
    (row) => ({ data: row, error: null }),
  );
  if (error || !data || String(data.value ?? '') !== password) throw new AppError('BACKEND_ERROR', DEMO_PASSWORD_MESSAGES.saveFailed);
  return { password: String(data.value), isDefault: false, updatedAt: data.updated_at ?? null };
}
