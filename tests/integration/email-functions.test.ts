// The e-mail area's functions of the embedded backend, over HTTP as main calls them: the sending queue delivers
// for real over SMTP to the stack's mail sink (one .eml per message), against SQL ground truth.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { ADMIN_EMAIL, DEMO_PASSWORD } from '../support/booted.js';
import { outboxDirOf } from '../../main/local-backend/process/mail-sink.js';
import { parseEml, type ParsedEml } from '../../main/services/email/eml.js';

const backend = sharedBackend();
const outbox = outboxDirOf(backend.dataDir);

async function call<T>(name: string, body: unknown, token = backend.serviceRoleKey): Promise<{ status: number; data: T }> {
  const res = await fetch(`${backend.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, data: (await res.json()) as T };
}

function delivered(to: string): ParsedEml[] {
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => parseEml(fs.readFileSync(path.join(outbox, f), 'utf8')))
    .filter((m) => m.to.includes(to));
}

let db: pg.Client;
let adminToken: string;
let templateId: string;
beforeAll(async () => {
  db = new pg.Client({ connectionString: backend.databaseUrl });
  await db.connect();
  const res = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: DEMO_PASSWORD }),
  });
  adminToken = ((await res.json()) as { access_token: string }).access_token;
  templateId = (
    await db.query<{ id: string }>(
      `insert into email_templates (template_name, subject_template, html_template, text_template)
       values ('IT template', 'Hello {{campaign_name}}', '<p>News: {{campaign_name}}</p>', 'News: {{campaign_name}}') returning id`,
    )
  ).rows[0]!.id;
});
afterAll(async () => db?.end());

async function enqueue(recipients: readonly string[], campaignName: string, maxRetries = 3): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into email_notification_queue (notification_type, trigger_data, priority, max_retries)
     select 'custom_campaign', jsonb_build_object('template_id', $1::text, 'recipient_email', r, 'campaign_name', $2::text), 1, $3
       from unnest($4::text[]) r returning id`,
    [templateId, campaignName, maxRetries, recipients],
  );
  return rows.map((r) => r.id);
}

async function drain(): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const { data } = await call<{ processed: number; errors: number }>('process-email-queue', {}, adminToken);
    if (data.processed + data.errors === 0) return;
  }
}

describe('process-email-queue', () => {
  it('sends each item exactly once when several calls run at once', async () => {
    const recipients = Array.from({ length: 24 }, (_, i) => `concurrent-${i}@example.com`);
    const ids = await enqueue(recipients, 'Concurrency check');
    const answers = await Promise.all([1, 2, 3, 4].map(() => call<{ processed: number; errors: number }>('process-email-queue', {}, adminToken)));
    for (const a of answers) expect(a.status).toBe(200);
    await drain();
    const { rows } = await db.query<{ status: string; n: number }>(
      `select status, count(*)::int n from email_notification_queue where id = any($1::uuid[]) group by 1`,
      [ids],
    );
    expect(rows).toEqual([{ status: 'sent', n: 24 }]);
    for (const to of recipients) expect(delivered(to)).toHaveLength(1);
  });

  it('escapes a <script> value in the HTML part, renders the subject and appends the settings footer', async () => {
    await call('admin-update-email-settings', { settings: { complianceFooterText: 'Footer of {{company_name}}', companyName: 'Reflect IT' } }, adminToken);
    await enqueue(['escape-check@example.com'], '<script>alert(1)</script>');
    await drain();
    const [mail] = delivered('escape-check@example.com');
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Hello <script>alert(1)</script>');
    expect(mail!.html).toContain('<p>News: &lt;script&gt;alert(1)&lt;&#x2F;script&gt;</p>');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.text).toContain('Footer of Reflect IT');
  });

  it('retries a refused delivery up to max_retries, then fails keeping the error', async () => {
    const [id] = await enqueue(['nobody@mailbox.invalid'], 'Retry check', 2);
    const state = async () =>
      (
        await db.query<{ status: string; retry_count: number; error_message: string | null }>(
          `select status, retry_count, error_message from email_notification_queue where id = $1`,
          [id],
        )
      ).rows[0]!;
    await call('process-email-queue', {}, adminToken);
    expect(await state()).toMatchObject({ status: 'pending', retry_count: 1 });
    await call('process-email-queue', {}, adminToken);
    await call('process-email-queue', {}, adminToken);
    const final = await state();
    expect(final).toMatchObject({ status: 'failed', retry_count: 2 });
    expect(final.error_message).toMatch(/Mailbox unavailable/);
    expect(delivered('nobody@mailbox.invalid')).toHaveLength(0);
  });

  it('refuses callers who are not admins', async () => {
    const { status } = await call('process-email-queue', {}, backend.anonKey);
    expect(status).toBe(403);
  });
});

describe('segments, broadcasts, stats, settings and clearing', () => {
  it('counts a segment in SQL and queues a broadcast to exactly that many users', async () => {
    const filters = { hasGoals: true, activityLevel: 'inactive' };
    const truth = (
      await db.query<{ n: number }>(
        `select count(*)::int n from auth.users u left join user_engagement_metrics m on m.user_id = u.id
        where coalesce(m.engagement_score, 0) < 25 and exists (select 1 from goals g where g.user_id = u.id) and coalesce(u.email, '') <> ''`,
      )
    ).rows[0]!.n;
    const { data } = await call<{ count: number }>('admin-get-segment-count', { filters }, adminToken);
    expect(data.count).toBe(truth);
    const all = (await db.query<{ n: number }>(`select count(*)::int n from auth.users where coalesce(email, '') <> ''`)).rows[0]!.n;
    expect((await call<{ count: number }>('admin-get-segment-count', { filters: {} }, adminToken)).data.count).toBe(all);
    const q = await call<{ emailsQueued: number }>('admin-create-broadcast-campaign', { templateId, campaignName: 'Segment broadcast', filters }, adminToken);
    expect(q.data.emailsQueued).toBe(truth);
    const queued = (
      await db.query<{ n: number }>(
        `select count(*)::int n from email_notification_queue where trigger_data ->> 'campaign_name' = 'Segment broadcast' and status = 'pending'`,
      )
    ).rows[0]!.n;
    expect(queued).toBe(truth);
    await db.query(`delete from email_notification_queue where trigger_data ->> 'campaign_name' = 'Segment broadcast'`);
  });

  it('answers stats equal to SQL and clears only finished items', async () => {
    const { data } = await call<{ stats: Record<string, number>; templates: unknown[]; recentItems: unknown[] }>('admin-get-email-stats', {}, adminToken);
    const truth = Object.fromEntries(
      (await db.query<{ status: string; n: number }>(`select status, count(*)::int n from email_notification_queue group by 1`)).rows.map((r) => [
        r.status,
        r.n,
      ]),
    );
    expect(data.stats).toEqual({ pending: truth.pending ?? 0, sent: truth.sent ?? 0, failed: truth.failed ?? 0, processing: truth.processing ?? 0 });
    expect(data.templates).toHaveLength((await db.query(`select 1 from email_templates`)).rowCount!);
    const failed = (
      await db.query<{ id: string; notification_type: string }>(`select id, notification_type from email_notification_queue where status = 'failed' limit 1`)
    ).rows[0]!;
    const cleared = await call<{ success: boolean; clearedItem: { notification_type: string } }>(
      'admin-clear-failed-queue-item',
      { queueItemId: failed.id },
      adminToken,
    );
    expect(cleared.data).toEqual({ success: true, clearedItem: { notification_type: failed.notification_type } });
    const [pendingItem] = await enqueue(['later@example.com'], 'Not clearable');
    expect((await call<{ success: boolean }>('admin-clear-failed-queue-item', { queueItemId: pendingItem }, adminToken)).data.success).toBe(false);
    await db.query(`delete from email_notification_queue where id = $1`, [pendingItem]);
  });

  it('keeps each settings block saved on its own', async () => {
    await call('admin-update-email-settings', { settings: { fromName: 'Reflect Team' } }, adminToken);
    await call('admin-update-email-settings', { settings: { supportEmail: 'help@reflect.local' } }, adminToken);
    const { data } = await call<Record<string, string>>('admin-get-email-settings', {}, adminToken);
    expect(data).toMatchObject({ fromName: 'Reflect Team', supportEmail: 'help@reflect.local', companyName: 'Reflect IT' });
    expect((await call('admin-update-email-settings', { settings: { nope: 'x' } }, adminToken)).status).toBe(400);
  });

  it('moves the settings stamp on every save, the same values again or a clock behind the stamp included', async () => {
    const stamp = async () => (await db.query<{ at: string }>(`select updated_at::text at from admin_settings where key = 'email_settings'`)).rows[0]!.at;
    // A stamp ahead of the database's clock (a clock set back since): a save still moves it forward.
    await db.query(`update admin_settings set updated_at = now() + interval '1 hour' where key = 'email_settings'`);
    const ahead = await stamp();
    await call('admin-update-email-settings', { settings: { fromName: 'Reflect Team' } }, adminToken);
    const first = await stamp();
    await call('admin-update-email-settings', { settings: { fromName: 'Reflect Team' } }, adminToken);
    const second = await stamp();
    expect((await db.query(`select $1::timestamptz < $2::timestamptz and $2::timestamptz < $3::timestamptz ok`, [ahead, first, second])).rows[0]).toEqual({
      ok: true,
    });
    await db.query(`update admin_settings set updated_at = now() where key = 'email_settings'`);
  });

  it('test_admin_email delivers to the admin by default and logs the attempt', async () => {
    const { data } = await call<{ success: boolean; message: string }>('test_admin_email', { test_type: 'basic' }, adminToken);
    expect(data.success).toBe(true);
    expect(delivered(ADMIN_EMAIL).length).toBeGreaterThan(0);
    const log = (
      await db.query(`select delivery_status, recipient_emails from admin_notification_logs where notification_type = 'basic' order by created_at desc limit 1`)
    ).rows[0];
    expect(log).toEqual({ delivery_status: 'sent', recipient_emails: [ADMIN_EMAIL] });
  });
});
