import type pg from 'pg';
import { requireAdmin, type FunctionContext } from '../../gateway/functions.js';
import { renderTemplate } from '../../../../shared/rules/email/render.js';
import { settingsVariables, type EmailSettings } from '../../../../shared/rules/email/settings.js';
import { loadEmailSettings } from './settings.js';
import { sendMail } from './mailer.js';
import { userValues } from './user-values.js';

/** Items one call claims at most; a larger queue drains over several calls. */
export const PROCESS_BATCH = 100;
/** An item left 'processing' this long (its worker died) may be claimed again. */
const STALE_CLAIM = '10 minutes';

interface QueueRow {
  id: string;
  user_id: string | null;
  notification_type: string;
  trigger_data: Record<string, unknown>;
  retry_count: number;
  max_retries: number;
}

interface TemplateRow {
  id: string;
  subject_template: string;
  html_template: string | null;
  text_template: string | null;
}

/**
 * Claims due items atomically: the inner SELECT ... FOR UPDATE SKIP LOCKED lets a concurrent call pass over rows
 * another call holds, and the UPDATE marks them 'processing' before either commits, so no item is sent twice.
 */
async function claim(db: pg.Pool): Promise<QueueRow[]> {
  const { rows } = await db.query<QueueRow>(
    `update public.email_notification_queue q set status = 'processing', processed_at = now()
      where q.id in (
        select id from public.email_notification_queue
         where scheduled_for <= now()
           and (status = 'pending' or (status = 'processing' and updated_at < now() - interval '${STALE_CLAIM}'))
         order by priority, scheduled_for, created_at
         limit ${PROCESS_BATCH}
         for update skip locked)
     returning q.id, q.user_id, q.notification_type, q.trigger_data, q.retry_count, q.max_retries`,
  );
  return rows;
}

function compose(settings: EmailSettings, template: TemplateRow, values: Record<string, unknown>) {
  const subject = renderTemplate(template.subject_template, values, 'text').replace(/[\r\n]+/g, ' ');
  const text = [renderTemplate(template.text_template, values, 'text'), renderTemplate(settings.complianceFooterText, values, 'text')]
    .filter(Boolean)
    .join('\n\n');
  const htmlBody = renderTemplate(template.html_template, values, 'html');
  // The footer is admin-written HTML; only the values inside it are escaped.
  const html = htmlBody ? `${htmlBody}\n${renderTemplate(settings.complianceFooterHtml, values, 'html')}` : undefined;
  return { subject, text, html };
}

/** process-email-queue: {} -> { processed, errors }. Renders each claimed item and delivers it over SMTP. */
export async function processEmailQueue(ctx: FunctionContext): Promise<{ processed: number; errors: number }> {
  await requireAdmin(ctx);
  const items = await claim(ctx.db);
  if (items.length === 0) return { processed: 0, errors: 0 };
  const settings = await loadEmailSettings(ctx.db);
  const templateIds = [...new Set(items.map((i) => String(i.trigger_data.template_id ?? '')).filter((id) => /^[0-9a-f-]{36}$/i.test(id)))];
  const templates = new Map(
    (
      await ctx.db.query<TemplateRow>(`select id, subject_template, html_template, text_template from public.email_templates where id = any($1::uuid[])`, [
        templateIds,
      ])
    ).rows.map((t) => [t.id, t]),
  );
  const users = await userValues(ctx.db, [...new Set(items.flatMap((i) => (i.user_id ? [i.user_id] : [])))]);
  const now = new Date();
  let processed = 0;
  let errors = 0;
  for (const item of items) {
    const template = templates.get(String(item.trigger_data.template_id ?? ''));
    const user = (item.user_id && users.get(item.user_id)) || {};
    const recipient = String(item.trigger_data.recipient_email ?? '') || user.user_email || '';
    // The item's own values (a test message's sample values, for an address that is no user's) come after the
    // defaults and before a user's data; the settings' values are the same for every message.
    const values: Record<string, unknown> = {
      current_date: now.toISOString().slice(0, 10),
      unsubscribe_link: `https://reflect.local/unsubscribe?user=${item.user_id ?? ''}`,
      preferences_link: 'https://reflect.local/settings/email',
      ...(item.trigger_data as Record<string, unknown>),
      ...user,
      user_email: user.user_email || recipient,
      ...settingsVariables(settings),
    };
    let error: string | undefined;
    let retryable = true;
    if (!template) [error, retryable] = ['Template not found', false];
    else if (!recipient) [error, retryable] = ['No recipient e-mail address', false];
    else {
      try {
        await sendMail(ctx.mail, {
          from: { name: settings.fromName, address: settings.fromEmail },
          replyTo: settings.replyToEmail,
          to: recipient,
          ...compose(settings, template, values),
        });
      } catch (err) {
        error = (err as Error).message || 'Unknown error';
      }
    }
    if (!error) {
      processed += 1;
      await ctx.db.query(`update public.email_notification_queue set status = 'sent', sent_at = now(), error_message = null where id = $1`, [item.id]);
    } else {
      errors += 1;
      // A failed delivery goes back to pending until max_retries retries are used; then it fails, keeping the error.
      const retry = retryable && item.retry_count < item.max_retries;
      await ctx.db.query(
        `update public.email_notification_queue
            set status = $2, retry_count = retry_count + $3::int, error_message = $4
          where id = $1`,
        [item.id, retry ? 'pending' : 'failed', retry ? 1 : 0, error],
      );
    }
  }
  return { processed, errors };
}
