import type { SupabaseClient } from '@supabase/supabase-js';
import type { EmailCampaign, SegmentFilters, UserSegment } from '../../../shared/rules/email/types.js';
import { CAMPAIGN_LIST_SIZE, ENGAGEMENT_MESSAGES, TEST_CAMPAIGN_PRIORITY, TEST_CAMPAIGN_RETRIES } from '../../../shared/rules/email/engagement.js';
import { AppError } from '../../ground/errors.js';
import { must, readCounted } from '../support/query.js';
import { invoke } from '../support/functions.js';
import { settingsVariables } from '../../../shared/rules/email/settings.js';
import { USER_VARIABLES } from '../../../shared/rules/email/render.js';
import { CAMPAIGN_VARIABLES, emptyVariables, templateFields, testRecipientValues } from '../../../shared/rules/email/test-message.js';
import type { CreatedCampaign } from '../../../shared/rules/email/types.js';
import { emailSettings } from './engagement.js';
import { updateRowSettled } from '../support/update-settled.js';

/** The latest 10 campaigns with their template's name. */
export async function listCampaigns(db: SupabaseClient): Promise<EmailCampaign[]> {
  const rows = must(
    await db
      .from('email_campaigns')
      .select('id, campaign_name, campaign_type, status, estimated_recipients, created_at, email_templates(template_name)')
      .order('created_at', { ascending: false })
      .order('id')
      .limit(CAMPAIGN_LIST_SIZE),
    'Loading campaigns failed',
  ) as unknown as (Omit<EmailCampaign, 'template_name'> & { email_templates: { template_name: string } | null })[];
  return rows.map(({ email_templates, ...c }) => ({ ...c, template_name: email_templates?.template_name ?? null }));
}

export async function listSegments(db: SupabaseClient): Promise<UserSegment[]> {
  return readCounted<UserSegment>('Loading segments failed', db.from('user_segments').select('id', { count: 'exact', head: true }), (from, to) =>
    db
      .from('user_segments')
      .select('id, name, description, filters, estimated_count, created_at')
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, to),
  );
}

export async function segmentCount(userClient: SupabaseClient, filters: SegmentFilters): Promise<{ count: number }> {
  const answer = await invoke<{ count?: number }>(userClient, 'admin-get-segment-count', { filters }, 'Counting the segment failed');
  return { count: Number(answer?.count ?? 0) };
}

export async function saveSegment(
  db: SupabaseClient,
  s: { id?: string | undefined; name: string; description?: string | null | undefined; filters: SegmentFilters; estimatedCount: number },
  userId: string,
): Promise<{ id: string }> {
  const row = { name: s.name, description: s.description?.trim() || null, filters: s.filters, estimated_count: s.estimatedCount };
  const q = s.id
    ? updateRowSettled<{ id: string }>(db, 'user_segments', s.id, row, '*')
    : db
        .from('user_segments')
        .insert({ ...row, created_by: userId })
        .select('id');
  const { data, error } = await q;
  if (error || !data?.length) throw new AppError('BACKEND_ERROR', `Saving the segment failed: ${error?.message ?? 'not found'}`);
  return { id: (data[0] as { id: string }).id };
}

/** The user whose e-mail this is, any case, or null when the address is no user's. */
async function userIdByEmail(db: SupabaseClient, email: string): Promise<string | null> {
  const { data, error } = await db
    .from('profiles')
    .select('id')
    .ilike(
      'email',
      email.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`),
    )
    .limit(1);
  if (error) throw new AppError('BACKEND_ERROR', `${ENGAGEMENT_MESSAGES.campaign}: ${error.message}`);
  return (data?.[0] as { id: string } | undefined)?.id ?? null;
}

type CampaignInput =
  | { recipientType: 'test'; name: string; description?: string | null | undefined; templateId: string; testEmail: string }
  | { recipientType: 'segment'; name: string; description?: string | null | undefined; templateId: string; segmentId: string };

/**
 * Created active and sent immediately. A test campaign queues one custom_campaign item (priority 1, 3 retries);
 * a segment campaign queues one per user of the segment through admin-create-broadcast-campaign. The answer names
 * the template's variables that nothing will fill (shared/rules/email/test-message.ts).
 */
export async function createCampaign(db: SupabaseClient, userClient: SupabaseClient, c: CampaignInput, userId: string): Promise<CreatedCampaign> {
  const failed = (m: string) => new AppError('BACKEND_ERROR', `${ENGAGEMENT_MESSAGES.campaign}: ${m}`);
  const tpl = must(
    await db
      .from('email_templates')
      .select('id, template_name, is_active, approval_status, subject_template, html_template, text_template')
      .eq('id', c.templateId),
    ENGAGEMENT_MESSAGES.campaign,
  ) as {
    id: string;
    template_name: string;
    is_active: boolean;
    approval_status: string;
    subject_template: string | null;
    html_template: string | null;
    text_template: string | null;
  }[];
  const template = tpl[0];
  if (!template) throw failed('Template not found');
  let segment: UserSegment | undefined;
  if (c.recipientType === 'segment') {
    const rows = must(
      await db.from('user_segments').select('id, name, description, filters, estimated_count, created_at').eq('id', c.segmentId),
      ENGAGEMENT_MESSAGES.campaign,
    ) as UserSegment[];
    segment = rows[0];
    if (!segment) throw failed('Segment not found');
  }
  const fields = templateFields(template.subject_template, template.html_template, template.text_template);
  const settings = settingsVariables(await emailSettings(userClient));
  // A test to an address that is a user's gets that user's data; any other gets the preview's sample values.
  const recipientId = c.recipientType === 'test' ? await userIdByEmail(db, c.testEmail) : null;
  const { data, error } = await db
    .from('email_campaigns')
    .insert({
      campaign_name: c.name,
      description: c.description?.trim() || null,
      campaign_type: c.recipientType === 'test' ? 'test' : 'broadcast',
      status: 'active',
      estimated_recipients: segment ? segment.estimated_count : 1,
      template_id: c.templateId,
      user_segments: segment ? [segment.id] : [],
      send_immediately: true,
      created_by: userId,
    })
    .select('id')
    .single();
  if (error || !data) throw failed(error?.message ?? 'Unknown error');
  const campaignId = (data as { id: string }).id;
  if (c.recipientType === 'test') {
    const campaign = { template_id: c.templateId, recipient_email: c.testEmail, campaign_name: c.name, campaign_type: 'test', campaign_id: campaignId };
    const trigger_data = recipientId ? campaign : { ...testRecipientValues(new Date(), c.testEmail), ...campaign };
    const queued = await db.from('email_notification_queue').insert({
      user_id: recipientId,
      notification_type: 'custom_campaign',
      trigger_data,
      trigger_source: 'admin_campaign',
      priority: TEST_CAMPAIGN_PRIORITY,
      retry_count: 0,
      max_retries: TEST_CAMPAIGN_RETRIES,
      template_name: template.template_name,
      template_active: template.is_active,
      template_approved: template.approval_status === 'approved',
    });
    if (queued.error) throw failed(queued.error.message);
    return { id: campaignId, emailsQueued: 1, emptyVariables: emptyVariables(fields, { ...trigger_data, ...settings }, recipientId ? USER_VARIABLES : []) };
  }
  const answer = await invoke<{ emailsQueued?: number }>(
    userClient,
    'admin-create-broadcast-campaign',
    { templateId: c.templateId, campaignName: c.name, campaignId, filters: segment?.filters ?? {} },
    ENGAGEMENT_MESSAGES.campaign,
  );
  const emailsQueued = Number(answer?.emailsQueued ?? 0);
  await db.from('email_campaigns').update({ estimated_recipients: emailsQueued }).eq('id', campaignId);
  return { id: campaignId, emailsQueued, emptyVariables: emptyVariables(fields, settings, [...USER_VARIABLES, ...CAMPAIGN_VARIABLES]) };
}
