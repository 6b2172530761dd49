/** The e-mail engagement system's rules (spec 3 sections 4, 5, 8 and 9). */
import { EMAIL_MESSAGES, isEmailAddress } from '../common/email-address.js';
import { formatRelative } from '../common/format.js';

export const TEMPLATE_TYPES = ['onboarding', 're_engagement', 'milestone', 'ai_insight', 'announcement'] as const;
export const TRIGGER_TYPES = ['activity_based', 'time_based', 'milestone_based'] as const;

export const ENGAGEMENT_MESSAGES = {
  validationTitle: 'Validation Error',
  templateName: 'Template name is required.',
  subject: 'Subject template is required.',
  triggerName: 'Trigger name is required.',
  triggerTemplate: 'Template selection is required.',
  saveTemplate: (m: string) => `Failed to save template: ${m}`,
  saveTrigger: (m: string) => `Failed to save trigger: ${m}`,
  approve: 'Failed to approve template.',
  deleteTemplate: 'Failed to delete template.',
  deleteTrigger: 'Failed to delete trigger.',
  triggerStatus: 'Failed to update trigger status.',
  templateActive: (m: string) => `Failed to activate/deactivate template: ${m}`,
  clearItem: (m: string) => `Failed to clear queue item: ${m}`,
  processing: 'Processing Failed',
  footerHtml: 'Failed to save HTML compliance footer.',
  footerText: 'Failed to save text compliance footer.',
  company: 'Failed to save company information.',
  delivery: 'Failed to save delivery settings.',
  preview: 'Unable to preview this template.',
  loading: 'Admin Data Loading Error',
  loadingDetail: 'Using fallback queries',
  campaign: 'Failed to Create Campaign',
  disabled: 'Email Engagement System Disabled',
} as const;

export const CAMPAIGN_MESSAGES = {
  name: 'Campaign Name Required',
  template: 'Template Required',
  testEmail: 'Test Email Required',
  segment: 'Segment Required',
  invalid: 'Invalid campaign configuration',
} as const;

/**
 * A trigger's condition parameters are a small flat object of the keys the form's hint lists; these bounds leave
 * room for any of them and refuse what no trigger needs (a 10 MB or deeply nested value).
 */
export const CONDITION_BOUNDS = { label: 'Condition parameters', maxDepth: 8, maxBytes: 16_384 } as const;

export const QUEUE_REFRESH_MS = 30_000;
export const CAMPAIGN_REFRESH_MS = 30_000;
export const CAMPAIGN_LIST_SIZE = 10;
export const DEFAULT_PRIORITY = 5;
export const TEST_CAMPAIGN_PRIORITY = 1;
export const TEST_CAMPAIGN_RETRIES = 3;
export const CLEARABLE = ['sent', 'failed', 'cancelled'] as const;

export function templateErrors(name: string, subject: string): string[] {
  const out: string[] = [];
  if (!name.trim()) out.push(ENGAGEMENT_MESSAGES.templateName);
  if (!subject.trim()) out.push(ENGAGEMENT_MESSAGES.subject);
  return out;
}

export function triggerErrors(name: string, templateId: string): string[] {
  const out: string[] = [];
  if (!name.trim()) out.push(ENGAGEMENT_MESSAGES.triggerName);
  if (!templateId) out.push(ENGAGEMENT_MESSAGES.triggerTemplate);
  return out;
}

/** Condition parameters: a JSON object, or undefined when the text is not one (the spec ignores it). */
export function parseConditions(text: string): Record<string, unknown> | undefined {
  if (!text.trim()) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export interface CampaignDraft {
  readonly name: string;
  readonly templateId: string;
  readonly recipientType: 'test' | 'segment';
  readonly testEmail: string;
  readonly segmentId: string;
}

export function campaignError(d: CampaignDraft): string | null {
  if (!d.name.trim()) return CAMPAIGN_MESSAGES.name;
  if (!d.templateId) return CAMPAIGN_MESSAGES.template;
  if (d.recipientType === 'test') return !d.testEmail.trim() ? CAMPAIGN_MESSAGES.testEmail : isEmailAddress(d.testEmail) ? null : EMAIL_MESSAGES.invalid;
  if (d.recipientType === 'segment') return d.segmentId ? null : CAMPAIGN_MESSAGES.segment;
  return CAMPAIGN_MESSAGES.invalid;
}

/** 'Just now', 'N minutes ago', 'In N minutes', otherwise the date and time. */
export function relativeQueueTime(iso: string, now: Date, formatDateTime: (d: Date) => string): string {
  return formatRelative(iso, now, { withinSeconds: 59 * 60 + 29, beyond: formatDateTime });
}

export const shortId = (id: string) => id.slice(0, 8);
