import { z } from 'zod';
import { op } from '../define.js';
import { auditRows } from '../facts.js';
import type { CoachDetail, CoachInquiry, CoachList, CoachRequestLeader, CoachUsageMap } from '../../rules/coaches/types.js';
import { COACH_CATEGORIES, COACH_MESSAGES, INQUIRY_STATUSES, SUBSCRIPTION_TIERS, blankToNull } from '../../rules/coaches/fields.js';
import { id, jpegBase64, optionalText, requiredText } from '../../rules/common/fields.js';

/**
 * Coaches (spec 2): the list and its usage, create and edit, the avatar, coach requests and coach inquiries. The
 * versioned system prompt and knowledge base are prompt families (shared/contract/areas/prompts.ts).
 */

const oneOf = (list: readonly string[], v: string) => list.includes(v);

const coachFields = {
  name: requiredText(120, COACH_MESSAGES.nameRequired),
  description: optionalText(2000),
  // Typed as strings (the form's values) and checked against the lists.
  category: z
    .string()
    .nullable()
    .transform((v) => blankToNull(v))
    .refine((v) => v === null || oneOf(COACH_CATEGORIES, v), 'Not a valid category'),
  subscriptionTier: z.string().refine((v) => oneOf(SUBSCRIPTION_TIERS, v), 'Not a valid subscription tier'),
  // The product's own type depends on the connection's product name: main checks the value.
  coachType: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Not a valid coach type'),
  isFree: z.boolean(),
  isActive: z.boolean(),
  sampleInteraction: optionalText(4000),
};

const byCoach = z.strictObject({ coachId: id });

export const coaches = {
  list: op<CoachList>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  /** admin-coach-stats, called with the administrator's own token. */
  usage: op<CoachUsageMap>()({ input: z.strictObject({}), kind: 'read', access: 'admin' }),
  /** null when no coach has this id (the Coach Not Found screen). */
  get: op<CoachDetail | null>()({ input: z.strictObject({ id }), kind: 'read', access: 'admin', keepOffline: true }),
  create: op<{ id: string }>()({
    input: z.strictObject(coachFields),
    kind: 'write',
    effect: 'project',
    audit: auditRows('coaches'),
    access: 'admin',
    invalidates: ['coaches.list', 'dashboard'],
  }),
  update: op<{ id: string }>()({
    input: z.strictObject({ id, ...coachFields }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('coaches'),
    access: 'admin',
    invalidates: ['coaches.list', 'coaches.get', 'dashboard'],
  }),
  /** The cropped JPEG's bytes as base64; main checks size and format and chooses the storage name. */
  uploadAvatar: op<{ avatarUrl: string }>()({
    input: z.strictObject({
      coachId: id,
      jpegBase64,
    }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('coaches', 'coachId'),
    access: 'admin',
    invalidates: ['coaches.list', 'coaches.get'],
  }),
  removeAvatar: op<{ removed: boolean }>()({
    input: byCoach,
    kind: 'write',
    effect: 'project',
    audit: auditRows('coaches', 'coachId'),
    destructive: true,
    access: 'admin',
    invalidates: ['coaches.list', 'coaches.get'],
  }),

  requests: op<readonly CoachRequestLeader[]>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  inquiries: op<readonly CoachInquiry[]>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  setInquiryStatus: op<CoachInquiry>()({
    input: z.strictObject({ id, status: z.enum(INQUIRY_STATUSES) }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('coach_inquiries'),
    access: 'admin',
    invalidates: ['coaches.inquiries', 'dashboard'],
  }),
  deleteInquiry: op<{ id: string }>()({
    input: z.strictObject({ id }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('coach_inquiries'),
    destructive: true,
    access: 'admin',
    invalidates: ['coaches.inquiries', 'dashboard'],
  }),
};
