import type pg from 'pg';
import { EMAIL_CAMPAIGNS, EMAIL_TEMPLATES, EMAIL_TRIGGERS, QUEUE_TYPES, SEGMENTS } from './catalog/email.js';
import { DAY_MS, daysBefore, type Rng } from './random.js';
import { insertRows, insertUnnest } from './sql.js';
import type { SeedUser } from './users.js';

const QUEUE_STATUSES = ['pending', 'processing', 'sent', 'failed', 'cancelled'] as const;

/** Templates, triggers, segments, campaigns and a queue with items in every status. */
export async function insertEmailEngagement(
  client: pg.PoolClient,
  rng: Rng,
  now: Date,
  users: readonly SeedUser[],
  adminId: string,
  queuePerUser: number,
): Promise<number> {
  const templates = EMAIL_TEMPLATES.map((t, i) => ({ ...t, id: rng.uuid(), at: daysBefore(now, 300 - i * 25) }));
  await insertRows(
    client,
    'public.email_templates',
    templates.map((t) => ({
      id: t.id,
      template_name: t.name,
      template_type: t.type,
      category: t.category,
      subject_template: t.subject,
      html_template: t.html,
      text_template: t.text,
      personalization_fields: t.fields,
      ai_personalization_enabled: t.ai,
      is_active: t.active,
      approval_status: t.approval,
      version: t.version,
      created_by: adminId,
      created_at: t.at,
      updated_at: t.at,
    })),
  );
  await insertRows(
    client,
    'public.email_triggers',
    EMAIL_TRIGGERS.map((t, i) => {
      const at = daysBefore(now, 280 - i * 30);
      return {
        id: rng.uuid(),
        trigger_name: t.name,
        trigger_type: t.type,
        template_id: templates[t.template]!.id,
        condition_parameters: t.conditions,
        target_segments: JSON.stringify([]),
        scheduling_options: {},
        is_active: t.active,
        created_by: adminId,
        created_at: at,
        updated_at: at,
      };
    }),
  );
  const segments = SEGMENTS.map((s, i) => ({ ...s, id: rng.uuid(), at: daysBefore(now, 150 - i * 20) }));
  await insertRows(
    client,
    'public.user_segments',
    segments.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      filters: s.filters,
      estimated_count: Math.round(users.length * s.share),
      created_by: adminId,
      created_at: s.at,
      updated_at: s.at,
    })),
  );
  await insertRows(
    client,
    'public.email_campaigns',
    EMAIL_CAMPAIGNS.map((c, i) => {
      const at = new Date(now.getTime() - c.days * DAY_MS - rng.int(600, 80_000) * 1000);
      return {
        id: rng.uuid(),
        campaign_name: c.name,
        description: null,
        campaign_type: c.type,
        status: c.status,
        estimated_recipients: c.type === 'test' ? 1 : Math.round(users.length * c.recipients),
        template_id: templates[c.template]!.id,
        user_segments: JSON.stringify(c.type === 'test' ? [] : [segments[i % segments.length]!.id]),
        send_immediately: c.status !== 'scheduled',
        created_by: adminId,
        created_at: at,
        updated_at: at,
      };
    }),
  );

  const n = Math.max(40, Math.round(users.length * queuePerUser));
  const rows: unknown[][] = [];
  for (let i = 0; i < n; i++) {
    const u = users[rng.int(0, users.length - 1)]!;
    const type = rng.pick(QUEUE_TYPES);
    const t =
      templates[type === 'welcome_onboarding' ? 0 : type === 'coach_introduction' ? 1 : type === 're_engagement' ? 2 : type === 'streak_milestone' ? 3 : 6]!;
    const status =
      i < QUEUE_STATUSES.length
        ? QUEUE_STATUSES[i]!
        : rng.weighted([
            ['sent', 60],
            ['pending', 15],
            ['failed', 10],
            ['cancelled', 8],
            ['processing', 7],
          ] as const);
    const scheduled = status === 'pending' ? new Date(now.getTime() + (rng.next() - 0.3) * DAY_MS) : new Date(now.getTime() - rng.next() * 30 * DAY_MS);
    const retries = status === 'failed' ? 3 : status === 'pending' && rng.chance(0.2) ? 1 : 0;
    rows.push([
      rng.uuid(),
      u.id,
      type,
      {
        template_id: t.id,
        recipient_email: u.email,
        ...(type === 'custom_campaign' ? { campaign_name: 'Panels launch broadcast', campaign_type: 'broadcast' } : {}),
      },
      type === 'custom_campaign' ? 'admin_campaign' : 'trigger',
      scheduled,
      type === 'custom_campaign' ? 1 : rng.pick([5, 5, 5, 3, 8]),
      status,
      retries,
      3,
      status === 'failed' ? rng.pick(['Mailbox unavailable', 'Template not approved', 'Provider timeout']) : null,
      t.name,
      t.active,
      t.approval === 'approved',
      status === 'sent' || status === 'failed' ? new Date(scheduled.getTime() + 30_000) : null,
      status === 'sent' ? new Date(scheduled.getTime() + 31_000) : null,
      new Date(scheduled.getTime() - 3_600_000),
      scheduled,
    ]);
  }
  await insertUnnest(
    client,
    'public.email_notification_queue',
    [
      { name: 'id', type: 'uuid' },
      { name: 'user_id', type: 'uuid' },
      { name: 'notification_type', type: 'text' },
      { name: 'trigger_data', type: 'jsonb' },
      { name: 'trigger_source', type: 'text' },
      { name: 'scheduled_for', type: 'timestamptz' },
      { name: 'priority', type: 'integer' },
      { name: 'status', type: 'text' },
      { name: 'retry_count', type: 'integer' },
      { name: 'max_retries', type: 'integer' },
      { name: 'error_message', type: 'text' },
      { name: 'template_name', type: 'text' },
      { name: 'template_active', type: 'boolean' },
      { name: 'template_approved', type: 'boolean' },
      { name: 'processed_at', type: 'timestamptz' },
      { name: 'sent_at', type: 'timestamptz' },
      { name: 'created_at', type: 'timestamptz' },
      { name: 'updated_at', type: 'timestamptz' },
    ],
    rows,
  );
  return n;
}
