import type pg from 'pg';
import { DELIVERY_ERRORS, NOTIFICATION_TYPES } from './catalog/email.js';
import { DAY_MS, daysBefore, type Rng } from './random.js';
import { insertRows, type Row } from './sql.js';
import type { SeedUser } from './users.js';

/** Roles (admin for the demo admin, a couple of moderators), admin_users and their notification preferences. */
export async function insertAdmins(client: pg.PoolClient, rng: Rng, now: Date, users: readonly SeedUser[]): Promise<void> {
  const admin = users[0]!;
  const roles: Row[] = [{ id: rng.uuid(), user_id: admin.id, role: 'admin', created_at: admin.createdAt }];
  for (const u of users.slice(2, 4)) roles.push({ id: rng.uuid(), user_id: u.id, role: 'moderator', created_at: u.createdAt });
  await insertRows(client, 'public.user_roles', roles);

  const admins = [
    { email: admin.email, full_name: 'Alex Admin', role: 'super_admin', is_active: true, user_id: admin.id, days: 540 },
    { email: 'ops.lead@reflect.local', full_name: 'Jordan Blake', role: 'admin', is_active: true, user_id: null, days: 320 },
    { email: 'support@reflect.local', full_name: 'Riley Support', role: 'support', is_active: true, user_id: null, days: 210 },
    { email: 'sam.ortiz@reflect.local', full_name: 'Sam Ortiz', role: 'support', is_active: true, user_id: null, days: 60 },
    { email: 'dana.whitfield@reflect.local', full_name: 'Dana Whitfield', role: 'admin', is_active: false, user_id: null, days: 400 },
  ].map((a) => ({
    id: rng.uuid(),
    email: a.email,
    full_name: a.full_name,
    role: a.role,
    is_active: a.is_active,
    user_id: a.user_id,
    created_at: daysBefore(now, a.days),
    updated_at: daysBefore(now, Math.max(1, a.days - 30)),
  }));
  await insertRows(client, 'public.admin_users', admins);
  const prefs: Row[] = [];
  for (const a of admins) {
    for (const type of NOTIFICATION_TYPES) {
      // Defaults: everything but system_maintenance; support staff opted out of a few more.
      const enabled = type !== 'system_maintenance' && !(a.role === 'support' && (type === 'data_export_complete' || type === 'user_registration'));
      prefs.push({
        id: rng.uuid(),
        admin_user_id: a.id,
        notification_type: type,
        is_enabled: enabled,
        delivery_method: 'email',
        created_at: a.created_at,
        updated_at: a.updated_at,
      });
    }
  }
  await insertRows(client, 'public.admin_notification_preferences', prefs);

  const recipients = admins.filter((a) => a.is_active).map((a) => a.email);
  const logs: Row[] = [];
  for (let i = 0; i < 140; i++) {
    // A third in the last 24 hours (the health panel's window), the rest over the month.
    const at = new Date(now.getTime() - (i < 45 ? rng.next() * DAY_MS : DAY_MS + rng.next() * 29 * DAY_MS));
    const status =
      i < 3
        ? (['sent', 'failed', 'pending'] as const)[i]!
        : rng.weighted([
            ['sent', 88],
            ['failed', 8],
            ['pending', 4],
          ] as const);
    const type = rng.weighted(NOTIFICATION_TYPES.map((t, k) => [t, 8 - k] as const));
    logs.push({
      id: rng.uuid(),
      notification_type: type,
      delivery_status: status,
      recipient_emails: rng.sample(recipients, rng.int(1, recipients.length)),
      subject: `[Reflect] ${type.replace(/_/g, ' ')}`,
      error_message: status === 'failed' ? rng.pick(DELIVERY_ERRORS) : null,
      metadata: {},
      created_at: at,
    });
  }
  await insertRows(client, 'public.admin_notification_logs', logs);
}

const FLAG_KEYS = ['email_engagement', 'email_templates', 'email_campaigns', 'ai_email_personalization', 'email_analytics'] as const;

/** The demo admin holds email_engagement (so the screen opens); some users hold overrides, some expired or revoked. */
export async function insertFeatureFlags(client: pg.PoolClient, rng: Rng, now: Date, users: readonly SeedUser[]): Promise<void> {
  const admin = users[0]!;
  const rows: Row[] = [];
  const add = (userId: string, key: string, enabled: boolean, expires: Date | null, notes: string | null, granted: Date) =>
    rows.push({
      id: rng.uuid(),
      user_id: userId,
      feature_key: key,
      enabled,
      notes,
      expires_at: expires,
      granted_at: granted,
      granted_by: admin.id,
      created_at: granted,
      updated_at: granted,
    });
  add(admin.id, 'email_engagement', true, null, 'Admin access to the e-mail engagement system', daysBefore(now, 120));
  add(admin.id, 'email_templates', true, null, null, daysBefore(now, 120));
  add(admin.id, 'email_analytics', true, null, null, daysBefore(now, 90));
  const others = rng.sample(users.slice(2), Math.min(18, Math.max(0, users.length - 2)));
  others.forEach((u, i) => {
    const key = FLAG_KEYS[i % FLAG_KEYS.length]!;
    const granted = rng.between(new Date(Math.max(u.createdAt.getTime(), now.getTime() - 200 * DAY_MS)), now);
    const expired = i % 4 === 1;
    const expires = expired ? daysBefore(now, rng.int(1, 30)) : i % 4 === 2 ? new Date(now.getTime() + rng.int(5, 90) * DAY_MS) : null;
    add(u.id, key, i % 7 !== 3, expires, i % 3 === 0 ? 'Beta tester' : null, granted);
  });
  await insertRows(client, 'public.user_feature_flags', rows);
}

export const PRIVACY_TEXT = `# Our privacy intentions

We built Reflect to be a private space. Your journal belongs to you.

- We never sell your data and never use your entries to advertise to you.
- When you delete your account, we delete your data within 30 days.
- Backups that still contain your data are purged within 90 days.
- We answer privacy inquiries within 48 hours.`;

/** Four versions: version 4 was created, then version 3 re-activated from the history, so 3 is the active one. */
export async function insertPrivacyVersions(client: pg.PoolClient, rng: Rng, now: Date, adminId: string): Promise<void> {
  const v = [
    { summary: 'First published version', reason: 'Launch', review: 'approved', days: 400, extra: '' },
    { summary: 'Clarified backup retention', reason: 'User question', review: 'pending', days: 250, extra: '\n- Backups are encrypted at rest.' },
    {
      summary: 'Added the AI processing section',
      reason: 'Legal review',
      review: 'approved',
      days: 120,
      extra: '\n- Entries sent to AI models are not used to train them.',
    },
    { summary: 'Shorter wording for mobile', reason: 'Design feedback', review: 'rejected', days: 20, extra: '\n\n(Short version.)' },
  ];
  await insertRows(
    client,
    'public.privacy_document_versions',
    v.map((x, i) => {
      const created = daysBefore(now, x.days);
      const active = i === 2;
      const reactivated = daysBefore(now, 10);
      return {
        id: rng.uuid(),
        document_type: 'privacy_intentions',
        version: i + 1,
        content:
          PRIVACY_TEXT +
          v
            .slice(0, i + 1)
            .map((y) => y.extra)
            .join(''),
        is_active: active,
        change_summary: x.summary,
        change_reason: x.reason,
        created_by: adminId,
        created_at: created,
        activated_at: active ? reactivated : created,
        deactivated_at: active ? null : i === 3 ? reactivated : daysBefore(now, v[i + 1]!.days),
        view_count: rng.int(40, 4000),
        legal_review_status: x.review,
        legal_review_notes: x.review === 'rejected' ? 'Too vague about retention.' : x.review === 'approved' ? 'Approved by counsel.' : null,
        legal_review_date: x.review === 'pending' ? null : new Date(created.getTime() + 3 * DAY_MS),
      };
    }),
  );
}

const IMPORT_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;

export async function insertImportJobs(client: pg.PoolClient, rng: Rng, now: Date, users: readonly SeedUser[]): Promise<void> {
  const admin = users[0]!;
  const rows: Row[] = [];
  for (let i = 0; i < 14; i++) {
    const status =
      i < IMPORT_STATUSES.length
        ? IMPORT_STATUSES[i]!
        : rng.weighted([
            ['completed', 6],
            ['failed', 2],
            ['cancelled', 1],
            ['processing', 1],
            ['pending', 1],
          ] as const);
    const target = users.length > 2 ? users[rng.int(1, users.length - 1)]! : users[users.length - 1]!;
    const total = rng.int(20, 2500);
    const processed = status === 'completed' || status === 'failed' ? total : status === 'pending' ? 0 : Math.floor(total * rng.next());
    const failed =
      status === 'failed' ? Math.floor(processed * (0.3 + 0.5 * rng.next())) : status === 'completed' ? Math.floor(processed * 0.02 * rng.next()) : 0;
    const created = status === 'pending' || status === 'processing' ? new Date(now.getTime() - rng.int(1, 50) * 60_000) : daysBefore(now, rng.next() * 120);
    rows.push({
      id: rng.uuid(),
      filename: `${rng.pick(['journal-export', 'day-one-backup', 'notes-archive', 'reflections'])}-${created.toISOString().slice(0, 10)}.${rng.pick(['csv', 'json'])}`,
      import_type: 'journal_entries',
      status,
      created_by: admin.id,
      user_id: target.id,
      total_rows: total,
      processed_rows: processed,
      successful_rows: processed - failed,
      failed_rows: failed,
      progress_percentage: total ? Math.round((processed / total) * 10000) / 100 : 0,
      error_message: status === 'failed' ? 'Row 14: invalid date format' : null,
      error_details: status === 'failed' ? { first_error_row: 14 } : null,
      started_at: status === 'pending' ? null : new Date(created.getTime() + 5000),
      completed_at: ['completed', 'failed', 'cancelled'].includes(status) ? new Date(created.getTime() + 90_000) : null,
      created_at: created,
      updated_at: created,
    });
  }
  await insertRows(client, 'public.import_jobs', rows);
}
