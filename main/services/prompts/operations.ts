import type { SupabaseClient } from '@supabase/supabase-js';
import type { GenerationParams, VersionItem } from '../../../shared/rules/versions/types.js';
import type { PromptHistory } from '../../../shared/rules/prompts/types.js';
import { familySpec } from '../../../shared/rules/prompts/families.js';
import { CHATBOT_MESSAGES } from '../../../shared/rules/prompts/messages.js';
import { AppError } from '../../ground/errors.js';
import { countVersions, readVersions, toVersionItem, type VersionRow } from '../versions/reader.js';
import { rollbackVersion, saveVersion, versionWriteError } from '../versions/writer.js';
import { resolveFamily, type FamilyRef } from './families.js';
import { activationTarget, type ActiveVersion } from '../support/activation-target.js';
import { updateSettled, type RpcAnswer } from '../support/update-settled.js';

/** The prompt operations of every family: the version module, with each family's key, extras and messages. */

export async function familyHistory(db: SupabaseClient, ref: FamilyRef): Promise<PromptHistory> {
  const { table, key, owner } = await resolveFamily(db, ref);
  const limit = familySpec(ref.family).historyLimit;
  const [versions, total] = await Promise.all([readVersions(db, table, key), countVersions(db, table, key)]);
  return { owner, total, versions: limit === null ? versions : versions.slice(0, limit) };
}

export interface SaveInput extends FamilyRef {
  readonly content: string;
  readonly notes: string | null;
  readonly title?: string | null;
  readonly knowledgeBase?: string;
  readonly params?: GenerationParams;
}

export async function saveFamilyVersion(db: SupabaseClient, input: SaveInput, adminId: string): Promise<VersionItem> {
  const spec = familySpec(input.family);
  const { table, key } = await resolveFamily(db, input);
  const extras: Record<string, unknown> = {};
  if (spec.params) extras.generation_params = input.params ?? null;
  if (spec.hasTitle) extras.title = input.title ?? null;
  if (spec.hasKnowledgeBase) extras.knowledge_base = input.knowledgeBase ?? '';
  return saveVersion(db, table, key, { text: input.content, extras, notes: input.notes }, adminId, spec.messages, { notesAreAChange: spec.notesAreAChange });
}

export async function rollbackFamilyVersion(db: SupabaseClient, ref: FamilyRef, versionId: string, adminId: string): Promise<VersionItem> {
  const spec = familySpec(ref.family);
  if (!spec.rollback) throw new AppError('PRECONDITION_FAILED', `The ${spec.title} keeps no rollbacks.`);
  const { table, key } = await resolveFamily(db, ref);
  return rollbackVersion(db, table, key, versionId, adminId, spec.messages.currentNotRollbackable);
}

/** Public chatbot Activate: one SQL call that deactivates every other version and activates this one. */
export async function activateFamilyVersion(db: SupabaseClient, ref: FamilyRef, versionId: string): Promise<VersionItem> {
  if (!familySpec(ref.family).activate) throw new AppError('PRECONDITION_FAILED', 'Versions of this family are not activated this way.');
  const { table, key } = await resolveFamily(db, ref);
  // A lost reply is settled by reading the family's active version and the one asked for (update-settled.ts).
  const { data, error } = await updateSettled<RpcAnswer, readonly ActiveVersion[]>(
    activationTarget(db, table.name, versionId, '*', key),
    () => db.rpc('admin_activate_version', { p_family: table.name, p_key: key, p_id: versionId }),
    (rows) => ({ data: rows.find((r) => r.id === versionId) as unknown, error: null }),
  );
  if (error) {
    if (error.code === 'P0002') throw new AppError('NOT_FOUND', error.message);
    throw versionWriteError(error, 'admin_activate_version', '0054_version_activate_initialize.sql');
  }
  if (!data || typeof data !== 'object') throw new AppError('BACKEND_ERROR', CHATBOT_MESSAGES.notActivatable);
  return toVersionItem(table, data as VersionRow);
}
