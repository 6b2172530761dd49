import { z } from 'zod';
import { op } from '../define.js';
import { auditNone, auditRows } from '../facts.js';
import type {
  AdminUser,
  DeliveryOverview,
  CreatedCampaign,
  EmailCampaign,
  EmailSettings,
  EngagementStats,
  HealthSummary,
  NotificationPreference,
  Outbox,
  OutboxMessage,
  UserSegment,
} from '../../rules/email/types.js';
import { ADMIN_MESSAGES, ADMIN_ROLES, NOTIFICATION_TYPES, TEST_EMAIL_TYPES } from '../../rules/email/admin-users.js';
import { ACTIVITY_LEVELS } from '../../rules/email/segments.js';
import { DELIVERY_STATUSES, HEALTH_WINDOW_HOURS } from '../../rules/email/health.js';
import { EMAIL_ADDRESS_SETTINGS, EMAIL_SETTING_KEYS } from '../../rules/email/settings.js';
import { CAMPAIGN_MESSAGES, CONDITION_BOUNDS, ENGAGEMENT_MESSAGES, TEMPLATE_TYPES, TRIGGER_TYPES } from '../../rules/email/engagement.js';
import { emailAddress, id, idWith, jsonObject, optionalEmailAddress, optionalText, optionalVerbatimText, requiredText } from '../../rules/common/fields.js';

/**
 * E-mail (spec 3): admin notification health, admin users and their preferences, the demo outbox, and the
 * engagement system (templates, triggers, campaigns and segments, the sending queue, settings).
 */

const none = z.strictObject({});
const setting = (key: (typeof EMAIL_SETTING_KEYS)[number]): z.ZodOptional<z.ZodType<string, string>> =>
  ((EMAIL_ADDRESS_SETTINGS as readonly string[]).includes(key) ? emailAddress() : z.string().max(20_000)).optional();

const filters = z.strictObject({
  activityLevel: z.enum(ACTIVITY_LEVELS).optional(),
  daysSinceLastActivity: z.number().int().min(0).max(36500).optional(),
  hasGoals: z.boolean().optional(),
  hasChallenges: z.boolean().optional(),
});

const templateFields = z.strictObject({
  id: id.optional(),
  templateName: requiredText(200, ENGAGEMENT_MESSAGES.templateName),
  templateType: z.enum(TEMPLATE_TYPES),
  category: optionalText(100),
  subjectTemplate: requiredText(500, ENGAGEMENT_MESSAGES.subject),
  htmlTemplate: optionalVerbatimText(200_000),
  textTemplate: optionalVerbatimText(100_000),
  aiPersonalizationEnabled: z.boolean(),
});

const triggerFields = z.strictObject({
  id: id.optional(),
  triggerName: requiredText(200, ENGAGEMENT_MESSAGES.triggerName),
  triggerType: z.enum(TRIGGER_TYPES),
  templateId: idWith(ENGAGEMENT_MESSAGES.triggerTemplate),
  conditionParameters: jsonObject(CONDITION_BOUNDS),
});

// The dashboard counts the templates waiting for approval.
const engagementStale = ['email.engagementStats', 'dashboard'] as const;

export const email = {
  // --- E-mail system: health, deliveries, admin users and preferences --------------------------------------------
  health: op<HealthSummary>()({ input: none, kind: 'read', access: 'admin', keepOffline: true }),
  deliveries: op<DeliveryOverview>()({
    input: z.strictObject({ status: z.enum(DELIVERY_STATUSES).optional(), withinHours: z.literal(HEALTH_WINDOW_HOURS).optional() }),
    kind: 'read',
    access: 'admin',
    keepOffline: true,
  }),
  adminUsers: op<AdminUser[]>()({ input: none, kind: 'read', access: 'admin', keepOffline: true }),
  createAdminUser: op<AdminUser>()({
    input: z.strictObject({
      email: emailAddress({ blank: ADMIN_MESSAGES.required, invalid: ADMIN_MESSAGES.invalidEmail }),
      fullName: requiredText(200, ADMIN_MESSAGES.required),
      role: z.enum(ADMIN_ROLES),
    }),
    kind: 'write',
    effect: 'project',
    audit: auditNone('Created through an edge function that answers no row id.'),
    access: 'admin',
    invalidates: ['email.adminUsers'],
  }),
  setAdminUserActive: op<AdminUser>()({
    input: z.strictObject({ id, isActive: z.boolean() }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('admin_users'),
    access: 'admin',
    invalidates: ['email.adminUsers'],
  }),
  preferences: op<NotificationPreference[]>()({ input: z.strictObject({ adminUserId: id }), kind: 'read', access: 'admin', keepOffline: true }),
  savePreferences: op<NotificationPreference[]>()({
    input: z.strictObject({
      adminUserId: id,
      preferences: z.array(z.strictObject({ notificationType: z.enum(NOTIFICATION_TYPES), isEnabled: z.boolean() })).max(NOTIFICATION_TYPES.length),
    }),
    kind: 'write',
    effect: 'project',
    audit: auditNone('Several preference rows at once, through an edge function.'),
    access: 'admin',
    invalidates: ['email.preferences'],
  }),
  /** test_admin_email, with the administrator's own session (the recipient defaults to their e-mail). */
  sendTest: op<{ message: string }>()({
    input: z.strictObject({ testType: z.enum(TEST_EMAIL_TYPES), recipientEmail: optionalEmailAddress() }),
    kind: 'write',
    effect: 'project',
    audit: auditNone('Sends an e-mail; no row is changed.'),
    access: 'admin',
    invalidates: ['email.health', 'email.deliveries', 'email.outbox', 'dashboard'],
  }),
  /** The embedded demo's delivered messages; `available: false` for any other profile. */
  outbox: op<Outbox>()({ input: none, kind: 'read', access: 'admin' }),
  outboxMessage: op<OutboxMessage>()({
    input: z.strictObject({ id: z.string().regex(/^[A-Za-z0-9-]+\.eml$/, 'Not a message') }),
    kind: 'read',
    access: 'admin',
  }),

  // --- E-mail engagement ------------------------------------------------------------------------------------------
  /** The signed-in admin's email_engagement flag: enabled and not expired. */
  engagementAccess: op<{ enabled: boolean }>()({ input: none, kind: 'read', access: 'admin' }),
  /** admin-get-email-stats: templates, triggers, queue counts and the recent queue items. */
  engagementStats: op<EngagementStats>()({ input: none, kind: 'read', access: 'admin', keepOffline: true }),
  saveTemplate: op<{ id: string }>()({
    input: templateFields,
    kind: 'write',
    effect: 'project',
    audit: auditRows('email_templates'),
    access: 'admin',
    invalidates: engagementStale,
  }),
  approveTemplate: op<{ id: string }>()({
    input: z.strictObject({ id }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('email_templates'),
    access: 'admin',
    invalidates: engagementStale,
  }),
  setTemplateActive: op<{ id: string }>()({
    input: z.strictObject({ id, isActive: z.boolean() }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('email_templates'),
    access: 'admin',
    invalidates: engagementStale,
  }),
  deleteTemplate: op<{ id: string }>()({
    input: z.strictObject({ id }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('email_templates'),
    destructive: true,
    access: 'admin',
    invalidates: [...engagementStale, 'email.campaigns'],
  }),
  saveTrigger: op<{ id: string }>()({
    input: triggerFields,
    kind: 'write',
    effect: 'project',
    audit: auditRows('email_triggers'),
    access: 'admin',
    invalidates: engagementStale,
  }),
  setTriggerActive: op<{ id: string }>()({
    input: z.strictObject({ id, isActive: z.boolean() }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('email_triggers'),
    access: 'admin',
    invalidates: engagementStale,
  }),
  deleteTrigger: op<{ id: string }>()({
    input: z.strictObject({ id }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('email_triggers'),
    destructive: true,
    access: 'admin',
    invalidates: engagementStale,
  }),
  campaigns: op<EmailCampaign[]>()({ input: none, kind: 'read', access: 'admin', keepOffline: true }),
  createCampaign: op<CreatedCampaign>()({
    input: z.discriminatedUnion('recipientType', [
      z.strictObject({
        recipientType: z.literal('test'),
        name: requiredText(200, CAMPAIGN_MESSAGES.name),
        description: optionalText(2000),
        templateId: idWith(CAMPAIGN_MESSAGES.template),
        testEmail: emailAddress({ blank: CAMPAIGN_MESSAGES.testEmail }),
      }),
      z.strictObject({
        recipientType: z.literal('segment'),
        name: requiredText(200, CAMPAIGN_MESSAGES.name),
        description: optionalText(2000),
        templateId: idWith(CAMPAIGN_MESSAGES.template),
        segmentId: idWith(CAMPAIGN_MESSAGES.segment),
      }),
    ]),
    kind: 'write',
    effect: 'project',
    audit: auditNone('A campaign and its queue, created by an edge function.'),
    access: 'admin',
    invalidates: ['email.campaigns', ...engagementStale],
  }),
  segments: op<UserSegment[]>()({ input: none, kind: 'read', access: 'admin', keepOffline: true }),
  segmentCount: op<{ count: number }>()({ input: z.strictObject({ filters }), kind: 'read', access: 'admin' }),
  saveSegment: op<{ id: string }>()({
    input: z.strictObject({
      id: id.optional(),
      name: requiredText(200, 'Segment name is required'),
      description: optionalText(2000),
      filters,
      estimatedCount: z.number().int().min(0),
    }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('user_segments'),
    access: 'admin',
    invalidates: ['email.segments'],
  }),
  clearQueueItem: op<{ notificationType: string }>()({
    input: z.strictObject({ id }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('email_notification_queue'),
    destructive: true,
    access: 'admin',
    invalidates: engagementStale,
  }),
  processQueue: op<{ processed: number; errors: number }>()({
    input: none,
    kind: 'write',
    effect: 'project',
    audit: auditNone('Processes whatever the queue holds; its figures are the answer.'),
    access: 'admin',
    invalidates: [...engagementStale, 'email.outbox', 'email.campaigns'],
  }),
  settings: op<EmailSettings>()({ input: none, kind: 'read', access: 'admin', keepOffline: true }),
  saveSettings: op<EmailSettings>()({
    input: z.strictObject(
      Object.fromEntries(EMAIL_SETTING_KEYS.map((k) => [k, setting(k)])) as Record<
        (typeof EMAIL_SETTING_KEYS)[number],
        z.ZodOptional<z.ZodType<string, string>>
      >,
    ),
    kind: 'write',
    effect: 'project',
    audit: auditNone('Settings kept by an edge function, not a row the app reads.'),
    access: 'admin',
    invalidates: ['email.settings'],
  }),
};
