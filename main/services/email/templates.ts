import type { SupabaseClient } from '@supabase/supabase-js';
import { ENGAGEMENT_MESSAGES } from '../../../shared/rules/email/engagement.js';
import { AppError } from '../../ground/errors.js';
import { insertSettled } from '../support/insert-settled.js';
import { templateFields } from '../../../shared/rules/email/test-message.js';
import { updateRowSettled } from '../support/update-settled.js';
import { deleteRowSettled } from '../support/delete-settled.js';

export interface TemplateInput {
  readonly id?: string | undefined;
  readonly templateName: string;
  readonly templateType: string;
  readonly category?: string | null | undefined;
  readonly subjectTemplate: string;
  readonly htmlTemplate?: string | null | undefined;
  readonly textTemplate?: string | null | undefined;
  readonly aiPersonalizationEnabled: boolean;
}

/** The `{{variables}}` a template uses, kept as its personalization_fields. */
export const fieldsOf = templateFields;

const blank = (v: string | null | undefined) => (v && v.trim() ? v : null);

/** Insert (draft, inactive, version 1 by the table's defaults) or update by id. */
export async function saveTemplate(db: SupabaseClient, t: TemplateInput, userId: string): Promise<{ id: string }> {
  const row = {
    template_name: t.templateName,
    template_type: t.templateType,
    category: blank(t.category),
    subject_template: t.subjectTemplate,
    html_template: blank(t.htmlTemplate),
    text_template: blank(t.textTemplate),
    ai_personalization_enabled: t.aiPersonalizationEnabled,
    personalization_fields: fieldsOf(t.subjectTemplate, t.htmlTemplate, t.textTemplate),
  };
  // A new template's id is main's, so a lost reply is settled by reading it back.
  const q = t.id
    ? updateRowSettled<{ id: string }>(db, 'email_templates', t.id, row, '*')
    : insertSettled<{ id: string }>(db, 'email_templates', { ...row, created_by: userId }, 'id');
  const { data, error } = await q;
  if (error || !data?.length)
    throw new AppError(error ? 'BACKEND_ERROR' : 'NOT_FOUND', ENGAGEMENT_MESSAGES.saveTemplate(error?.message ?? 'Template not found'));
  return { id: (data[0] as { id: string }).id };
}

async function updateOne(db: SupabaseClient, table: string, id: string, patch: Record<string, unknown>, message: string): Promise<{ id: string }> {
  // A lost reply is settled by reading the row again (update-settled.ts).
  const { data, error } = await updateRowSettled(db, table, id, patch, '*');
  if (error || !data?.length) throw new AppError(error ? 'BACKEND_ERROR' : 'NOT_FOUND', message);
  return { id };
}

export const approveTemplate = (db: SupabaseClient, id: string) =>
  updateOne(db, 'email_templates', id, { approval_status: 'approved' }, ENGAGEMENT_MESSAGES.approve);
export const setTemplateActive = (db: SupabaseClient, id: string, isActive: boolean) =>
  updateOne(db, 'email_templates', id, { is_active: isActive, updated_at: new Date().toISOString() }, ENGAGEMENT_MESSAGES.templateActive('Template not found'));
export const setTriggerActive = (db: SupabaseClient, id: string, isActive: boolean) =>
  updateOne(db, 'email_triggers', id, { is_active: isActive }, ENGAGEMENT_MESSAGES.triggerStatus);

async function deleteOne(db: SupabaseClient, table: string, id: string, message: string): Promise<{ id: string }> {
  const { data, error } = await deleteRowSettled(db, table, id);
  if (error || !data?.length) throw new AppError(error ? 'BACKEND_ERROR' : 'NOT_FOUND', message);
  return { id };
}

export const deleteTemplate = (db: SupabaseClient, id: string) => deleteOne(db, 'email_templates', id, ENGAGEMENT_MESSAGES.deleteTemplate);
export const deleteTrigger = (db: SupabaseClient, id: string) => deleteOne(db, 'email_triggers', id, ENGAGEMENT_MESSAGES.deleteTrigger);

export interface TriggerInput {
  readonly id?: string | undefined;
  readonly triggerName: string;
  readonly triggerType: string;
  readonly templateId: string;
  readonly conditionParameters: Record<string, unknown>;
}

/** New triggers are inactive (the table's default). */
export async function saveTrigger(db: SupabaseClient, t: TriggerInput, userId: string): Promise<{ id: string }> {
  const row = { trigger_name: t.triggerName, trigger_type: t.triggerType, template_id: t.templateId, condition_parameters: t.conditionParameters };
  const q = t.id
    ? updateRowSettled<{ id: string }>(db, 'email_triggers', t.id, row, '*')
    : insertSettled<{ id: string }>(db, 'email_triggers', { ...row, created_by: userId }, 'id');
  const { data, error } = await q;
  if (error || !data?.length) throw new AppError(error ? 'BACKEND_ERROR' : 'NOT_FOUND', ENGAGEMENT_MESSAGES.saveTrigger(error?.message ?? 'Trigger not found'));
  return { id: (data[0] as { id: string }).id };
}
