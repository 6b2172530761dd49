/**
 * The target of an activation (one active version per family, issue 31's settling): the family's active versions and
 * the one asked for, with their stamps. Asked: the version asked for is active. Every activation changes a stamp of
 * the rows it touches (activated_at, deactivated_at or updated_at), so another administrator's activation of the old
 * version back shows as a change, never as "untouched".
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { UpdateTarget } from './update-settled.js';

export type ActiveVersion = { readonly id: string; readonly is_active: boolean };

export function activationTarget(
  db: SupabaseClient,
  table: string,
  versionId: string,
  columns: string,
  family: Readonly<Record<string, string>>,
): UpdateTarget<readonly ActiveVersion[]> {
  return {
    read: async () => {
      let q = db.from(table).select(columns).or(`is_active.eq.true,id.eq.${versionId}`);
      for (const [column, value] of Object.entries(family)) q = q.eq(column, value);
      const { data, error } = await q.order('id').retry(false);
      if (error) throw new Error(error.message);
      const rows = (data ?? []) as unknown as ActiveVersion[];
      // The version asked for is gone: nothing to settle against.
      return rows.some((r) => r.id === versionId) ? rows : null;
    },
    asked: (rows) => rows.some((r) => r.id === versionId && r.is_active),
    // Activating the same version again is harmless.
    idempotent: true,
  };
}
