import { requireAdmin, type FunctionContext } from '../../gateway/functions.js';
import { loadEmailSettings } from './settings.js';
import { sendMail } from './mailer.js';

const TEST_TYPES = ['basic', 'user_registration', 'system_error'] as const;
type TestType = (typeof TEST_TYPES)[number];

const SUBJECTS: Record<TestType, string> = {
  basic: 'Test e-mail from the admin notification system',
  user_registration: 'Test: new user registration notification',
  system_error: 'Test: system error notification',
};

interface Answer {
  readonly success: boolean;
  readonly message?: string;
  readonly error?: string;
}

/**
 * test_admin_email: { test_type, recipient_email? } -> { success, message, error }. The recipient defaults to the
 * signed-in admin's own e-mail; every attempt is written to admin_notification_logs, so it shows in the health panel.
 */
export async function testAdminEmail(ctx: FunctionContext): Promise<Answer> {
  await requireAdmin(ctx);
  const body = (ctx.body ?? {}) as { test_type?: unknown; recipient_email?: unknown };
  const type = TEST_TYPES.find((t) => t === body.test_type);
  if (!type) return { success: false, error: 'test_type must be basic, user_registration or system_error' };
  let recipient = typeof body.recipient_email === 'string' ? body.recipient_email.trim() : '';
  if (!recipient) {
    if (!ctx.caller.userId) return { success: false, error: 'Authentication required' };
    const { rows } = await ctx.db.query<{ email: string | null }>(`select email from auth.users where id = $1`, [ctx.caller.userId]);
    recipient = rows[0]?.email ?? '';
    if (!recipient) return { success: false, error: 'Authentication required' };
  }
  const settings = await loadEmailSettings(ctx.db);
  const subject = SUBJECTS[type];
  const sentAt = new Date().toISOString();
  let error: string | undefined;
  try {
    await sendMail(ctx.mail, {
      from: { name: settings.fromName, address: settings.fromEmail },
      replyTo: settings.replyToEmail,
      to: recipient,
      subject,
      text: `This is a ${type} test e-mail sent at ${sentAt}.\n\n${settings.companyName}`,
    });
  } catch (err) {
    error = (err as Error).message || 'Unknown error';
  }
  await ctx.db.query(
    `insert into public.admin_notification_logs (notification_type, delivery_status, recipient_emails, subject, error_message, metadata)
     values ($1, $2, array[$3], $4, $5, jsonb_build_object('test', true, 'requested_by', $6::text))`,
    [type, error ? 'failed' : 'sent', recipient, subject, error ?? null, ctx.caller.userId ?? 'service_role'],
  );
  return error ? { success: false, error } : { success: true, message: `Test email sent to ${recipient}` };
}
