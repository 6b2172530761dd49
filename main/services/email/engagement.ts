import type { SupabaseClient } from '@supabase/supabase-js';
import type { EmailSettings, EmailTemplate, EmailTrigger, EngagementStats } from '../../../shared/rules/email/types.js';
import { ENGAGEMENT_MESSAGES } from '../../../shared/rules/email/engagement.js';
import { EMAIL_SETTINGS_KEY } from '../../../shared/rules/email/settings.js';
import { AppError } from '../../ground/errors.js';
import { must } from '../support/query.js';
import { invoke } from '../support/functions.js';
import { holdsAsked } from '../support/settle.js';
import { updateSettled } from '../support/update-settled.js';
import { readTargetRows } from '../../core/target-rows.js';

/** The signed-in admin's email_engagement flag, enabled and not expired (spec README). */
export async function engagementAccess(db: SupabaseClient, userId: string, now = new Date()): Promise<{ enabled: boolean }> {
  const rows = must(
    await db.from('user_feature_flags').select('expires_at').eq('user_id', userId).eq('feature_key', 'email_engagement').eq('enabled', true),
    'Reading the feature flag',
  ) as { expires_at: string | null }[];
  return { enabled: rows.some((r) => r.expires_at === null || new Date(r.expires_at) > now) };
}

/**
 * admin-get-email-stats with the admin's own session. If it fails, templates and triggers are read directly and
 * the answer says so (the screen shows 'Admin Data Loading Error', 'Using fallback queries').
 */
export async function engagementStats(userClient: SupabaseClient, db: SupabaseClient): Promise<EngagementStats> {
  try {
    return await invoke<EngagementStats>(userClient, 'admin-get-email-stats', {}, ENGAGEMENT_MESSAGES.loading);
  } catch {
    const [templates, triggers] = await Promise.all([
      db.from('email_templates').select('*').order('created_at', { ascending: false }),
      db.from('email_triggers').select('*').order('created_at', { ascending: false }),
    ]);
    return {
      templates: must(templates, ENGAGEMENT_MESSAGES.loading) as EmailTemplate[],
      triggers: must(triggers, ENGAGEMENT_MESSAGES.loading) as EmailTrigger[],
      stats: { pending: 0, sent: 0, failed: 0, processing: 0 },
      recentItems: [],
      fallback: true,
    };
  }
}

export async function clearQueueItem(userClient: SupabaseClient, id: string): Promise<{ notificationType: string }> {
  const answer = await invoke<{ success?: boolean; error?: string; clearedItem?: { notification_type: string } }>(
    userClient,
    'admin-clear-failed-queue-item',
    { queueItemId: id },
    ENGAGEMENT_MESSAGES.clearItem('').trim(),
  );
  if (!answer?.success) throw new AppError('BACKEND_ERROR', ENGAGEMENT_MESSAGES.clearItem(answer?.error ?? 'Unknown error'));
  return { notificationType: answer.clearedItem?.notification_type ?? '' };
}

export async function processQueue(userClient: SupabaseClient): Promise<{ processed: number; errors: number }> {
  const answer = await invoke<{ processed?: number; errors?: number }>(userClient, 'process-email-queue', {}, ENGAGEMENT_MESSAGES.processing);
  return { processed: Number(answer?.processed ?? 0), errors: Number(answer?.errors ?? 0) };
}

export async function emailSettings(userClient: SupabaseClient): Promise<EmailSettings> {
  return invoke<EmailSettings>(userClient, 'admin-get-email-settings', {}, 'Loading e-mail settings failed');
}

/** The stored settings row: its updated_at is the stamp every save moves (admin-update-email-settings). */
const SETTINGS_ROW = { table: 'admin_settings', match: { eq: { key: EMAIL_SETTINGS_KEY } } };

/**
 * Saves the given settings and answers the whole record read again. A lost reply (of the save, or of that read) is
 * settled by reading the record again (update-settled.ts): saved when every setting asked for holds its value; the
 * same settings saved twice are harmless. "Untouched" is judged on the settings and on their stored row with its
 * stamp (admin_settings' updated_at, through the service client), read together: another administrator saving these
 * settings back to their old values meanwhile is a change, never "nothing was saved".
 */
export async function saveEmailSettings(userClient: SupabaseClient, service: SupabaseClient, settings: Partial<EmailSettings>): Promise<EmailSettings> {
  return updateSettled<EmailSettings, { settings: EmailSettings; row: unknown }>(
    {
      // Both at once: the settings as the function answers them (a project may keep them elsewhere) and the row.
      read: async () => {
        const [now, row] = await Promise.all([emailSettings(userClient), readTargetRows(service, SETTINGS_ROW, { retry: false })]);
        return { settings: now, row };
      },
      asked: (now) => holdsAsked(now.settings, settings),
      idempotent: true,
    },
    async () => {
      const saved = await invoke<{ success?: boolean; error?: string }>(
        userClient,
        'admin-update-email-settings',
        { settings },
        'Saving e-mail settings failed',
      );
      if (!saved?.success) throw new AppError('BACKEND_ERROR', saved?.error || 'Saving e-mail settings failed');
      return emailSettings(userClient);
    },
    (now) => now.settings,
    () => false,
  );
}
