import type { SupabaseClient } from '@supabase/supabase-js';
import type { AdminUser, DeliveryOverview, NotificationLog, NotificationPreference } from '../../../shared/rules/email/types.js';
import { ADMIN_MESSAGES, NOTIFICATION_TYPES, defaultPreferences, type NotificationType } from '../../../shared/rules/email/admin-users.js';
import {
  FILTERED_DELIVERIES,
  HEALTH_WINDOW_HOURS,
  summariseHealth,
  type DeliveryStatus,
  type HealthLog,
  type HealthSummary,
} from '../../../shared/rules/email/health.js';
import { AppError } from '../../ground/errors.js';
import { countOf, must, readCounted } from '../support/query.js';
import { invoke } from '../support/functions.js';
import { insertSettled } from '../support/insert-settled.js';
import { updateRowSettled, updateSettled } from '../support/update-settled.js';

const LOG_COLUMNS = 'id, notification_type, delivery_status, recipient_emails, error_message, created_at';
const ADMIN_COLUMNS = 'id, email, full_name, role, is_active, user_id, created_at, updated_at';
export const RECENT_DELIVERIES = 10;

/** The health panel: every log of the last 24 hours, read whole (never cut at the row cap), summarised. */
export async function emailHealth(db: SupabaseClient, now = new Date()): Promise<HealthSummary> {
  const since = new Date(now.getTime() - HEALTH_WINDOW_HOURS * 3_600_000).toISOString();
  const what = ADMIN_MESSAGES.statsFailed;
  const logs = await readCounted<HealthLog>(
    what,
    db.from('admin_notification_logs').select('id', { count: 'exact', head: true }).gte('created_at', since),
    (from, to) =>
      db
        .from('admin_notification_logs')
        .select('notification_type, delivery_status, error_message, created_at')
        .gte('created_at', since)
        .order('created_at', { ascending: false })
        .order('id')
        .range(from, to),
  );
  return summariseHealth(logs);
}

export interface DeliveryFilter {
  readonly status?: DeliveryStatus | undefined;
  readonly withinHours?: number | undefined;
}

/**
 * The three stat cards (all logs, exact counts) and the latest deliveries: the 10 latest, or with a filter (one
 * status, the last hours) the latest FILTERED_DELIVERIES of those and how many match in all.
 */
export async function deliveryOverview(db: SupabaseClient, filter: DeliveryFilter = {}, now = new Date()): Promise<DeliveryOverview> {
  const what = ADMIN_MESSAGES.statsFailed;
  const count = async (status: string) =>
    countOf(await db.from('admin_notification_logs').select('id', { count: 'exact', head: true }).eq('delivery_status', status), what);
  const filtered = filter.status !== undefined || filter.withinHours !== undefined;
  const since = filter.withinHours === undefined ? null : new Date(now.getTime() - filter.withinHours * 3_600_000).toISOString();
  const [sent, failed, pending, recent] = await Promise.all([
    count('sent'),
    count('failed'),
    count('pending'),
    (() => {
      let q = db.from('admin_notification_logs').select(LOG_COLUMNS, { count: 'exact' });
      if (filter.status !== undefined) q = q.eq('delivery_status', filter.status);
      if (since !== null) q = q.gte('created_at', since);
      return q
        .order('created_at', { ascending: false })
        .order('id')
        .limit(filtered ? FILTERED_DELIVERIES : RECENT_DELIVERIES);
    })(),
  ]);
  return { sent, failed, pending, recent: must(recent, what) as NotificationLog[], matching: countOf(recent, what) };
}

export async function listAdminUsers(db: SupabaseClient): Promise<AdminUser[]> {
  return readCounted<AdminUser>(ADMIN_MESSAGES.loadFailed, db.from('admin_users').select('id', { count: 'exact', head: true }), (from, to) =>
    db.from('admin_users').select(ADMIN_COLUMNS).order('created_at', { ascending: false }).order('id').range(from, to),
  );
}

/** E-mail stored lowercase; a duplicate (any case) is refused with the spec's message. */
export async function createAdminUser(db: SupabaseClient, input: { email: string; fullName: string; role: string }): Promise<AdminUser> {
  const email = input.email.trim().toLowerCase();
  const existing = must(await db.from('admin_users').select('id').eq('email', email).limit(1), ADMIN_MESSAGES.createFailed) as unknown[];
  if (existing.length > 0) throw new AppError('CONFLICT', ADMIN_MESSAGES.duplicate);
  // Its id is chosen in main, so a lost reply is settled by reading it back (issue 31).
  const { data, error } = await insertSettled<AdminUser>(
    db,
    'admin_users',
    { email, full_name: input.fullName.trim(), role: input.role, is_active: true, user_id: null },
    ADMIN_COLUMNS,
  );
  if (error?.code === '23505') throw new AppError('CONFLICT', ADMIN_MESSAGES.duplicate);
  const row = data?.[0];
  if (error || !row) throw new AppError('BACKEND_ERROR', `${ADMIN_MESSAGES.createFailed}: ${error?.message ?? ADMIN_MESSAGES.unknown}`);
  return row;
}

export async function setAdminUserActive(db: SupabaseClient, id: string, isActive: boolean): Promise<AdminUser> {
  const patch = { is_active: isActive, updated_at: new Date().toISOString() };
  const { data, error } = await updateRowSettled(db, 'admin_users', id, patch, ADMIN_COLUMNS, { asked: { is_active: isActive } });
  if (error || !data?.length) throw new AppError(error ? 'BACKEND_ERROR' : 'NOT_FOUND', ADMIN_MESSAGES.statusFailed);
  return data[0] as AdminUser;
}

/** All eight types: stored choices over the defaults (all on but system_maintenance). */
export async function adminPreferences(db: SupabaseClient, adminUserId: string): Promise<NotificationPreference[]> {
  const rows = must(
    await db.from('admin_notification_preferences').select('notification_type, is_enabled, delivery_method').eq('admin_user_id', adminUserId),
    ADMIN_MESSAGES.prefsLoadFailed,
  ) as NotificationPreference[];
  const stored = new Map(rows.map((r) => [r.notification_type, r]));
  const defaults = defaultPreferences();
  return NOTIFICATION_TYPES.map((t) => stored.get(t) ?? { notification_type: t, is_enabled: defaults[t], delivery_method: 'email' });
}

/** Upsert keyed on admin plus type; e-mail is the only delivery method today. */
export async function saveAdminPreferences(
  db: SupabaseClient,
  adminUserId: string,
  prefs: readonly { notificationType: NotificationType; isEnabled: boolean }[],
): Promise<NotificationPreference[]> {
  const now = new Date().toISOString();
  const types = prefs.map((p) => p.notificationType);
  // A lost reply is settled by reading the rows again (update-settled.ts): saving the same choices twice is harmless.
  const { error } = await updateSettled<{ error: { message: string } | null }, readonly Record<string, unknown>[]>(
    {
      read: async () => {
        const read = await db
          .from('admin_notification_preferences')
          .select('*')
          .eq('admin_user_id', adminUserId)
          .in('notification_type', types)
          .order('notification_type')
          .retry(false);
        if (read.error) throw new Error(read.error.message);
        return (read.data ?? []) as Record<string, unknown>[];
      },
      asked: (rows) => prefs.every((p) => rows.some((r) => r.notification_type === p.notificationType && r.is_enabled === p.isEnabled)),
      idempotent: true,
    },
    () =>
      db.from('admin_notification_preferences').upsert(
        prefs.map((p) => ({
          admin_user_id: adminUserId,
          notification_type: p.notificationType,
          is_enabled: p.isEnabled,
          delivery_method: 'email',
          updated_at: now,
        })),
        { onConflict: 'admin_user_id,notification_type' },
      ),
    () => ({ error: null }),
  );
  if (error) throw new AppError('BACKEND_ERROR', ADMIN_MESSAGES.prefsSaveFailed);
  return adminPreferences(db, adminUserId);
}

/** test_admin_email with the administrator's own session. */
export async function sendTestEmail(userClient: SupabaseClient, testType: string, recipientEmail: string | null | undefined): Promise<{ message: string }> {
  const body: Record<string, unknown> = { test_type: testType };
  if (recipientEmail?.trim()) body.recipient_email = recipientEmail.trim();
  const answer = await invoke<{ success?: boolean; message?: string; error?: string }>(userClient, 'test_admin_email', body, ADMIN_MESSAGES.testFailed);
  if (!answer?.success) throw new AppError('BACKEND_ERROR', `${ADMIN_MESSAGES.testFailed}: ${answer?.error || ADMIN_MESSAGES.unknown}`);
  return { message: answer.message ?? 'Test email sent' };
}
