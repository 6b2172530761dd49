import type { SupabaseClient } from '@supabase/supabase-js';
import { FAMILY_SPECS, MIRROR_DEFAULT_TEXTS, MIRROR_INITIAL_NOTES, MIRROR_TYPES } from '../../../shared/rules/prompts/families.js';
import { MIRROR_MESSAGES } from '../../../shared/rules/prompts/messages.js';
import { AppError } from '../../ground/errors.js';
import { MIRROR_PROMPTS } from '../versions/family.js';
import { versionWriteError } from '../versions/writer.js';
import { updateSettled, type RpcAnswer } from '../support/update-settled.js';

/** How many mirror prompts the project holds; throws when they cannot be counted. One try: a lost reply's read. */
async function mirrorCount(db: SupabaseClient): Promise<number> {
  const { count, error } = await db.from(MIRROR_PROMPTS.name).select('id', { count: 'exact', head: true }).retry(false);
  if (error) throw new AppError('BACKEND_ERROR', error.message);
  return count ?? 0;
}

/**
 * Initialize Prompts (spec 2): version 1, active, of brief, detailed and deep with the default 'we' texts and the
 * mirror's default parameters, in one SQL call that refuses when any mirror prompt exists (two administrators
 * pressing the button at once create one set). Prompts already there are refused before anything is sent. A lost
 * reply is settled by counting them again (update-settled.ts): there now -> initialized; none and the request cannot
 * land -> nothing was saved; otherwise sent once more, which is harmless since the call refuses once they exist.
 */
export async function initializeMirrorPrompts(db: SupabaseClient, adminId: string): Promise<{ created: number }> {
  if ((await mirrorCount(db)) > 0) throw new AppError('PRECONDITION_FAILED', MIRROR_MESSAGES.alreadyInitialized);
  const params = FAMILY_SPECS.mirror.params?.defaults ?? null;
  const rows = MIRROR_TYPES.map((type) => ({
    key: { prompt_type: type },
    fields: { prompt_content: MIRROR_DEFAULT_TEXTS[type], generation_params: params, notes: MIRROR_INITIAL_NOTES, change_reason: 'initial' },
  }));
  const { data, error } = await updateSettled<RpcAnswer, number>(
    { read: () => mirrorCount(db), asked: (n) => n > 0, idempotent: true },
    () => db.rpc('admin_initialize_versions', { p_family: MIRROR_PROMPTS.name, p_rows: rows, p_created_by: adminId }),
    (n) => ({ data: n, error: null }),
  );
  if (error) {
    if (error.code === 'P0001' && /already initialized/.test(error.message)) throw new AppError('PRECONDITION_FAILED', MIRROR_MESSAGES.alreadyInitialized);
    throw versionWriteError(error, 'admin_initialize_versions', '0054_version_activate_initialize.sql');
  }
  return { created: Number(data ?? 0) };
}
