import { z } from 'zod';
import { op } from '../define.js';
import { auditMatch, auditRows } from '../facts.js';
import { FEATURE_KEYS, FLAG_MESSAGES, type FlagOverride } from '../../rules/flags/flags.js';
import { emailAddress, id, optionalText } from '../../rules/common/fields.js';

/**
 * Per-user feature flags (spec 3): every override with its user's e-mail, grant (again) and revoke through the
 * SQL helpers. The e-mail engagement screen is gated by the admin's own email_engagement flag (the read email.engagementAccess), so
 * grant and revoke also invalidate that read: that screen opens or closes at once, without a restart.
 */

const key = z.string().refine((v) => (FEATURE_KEYS as readonly string[]).includes(v), FLAG_MESSAGES.missing);

export const flags = {
  /** Every override (enabled, expired and revoked); the screen narrows it with shared/rules/flags. */
  list: op<FlagOverride[]>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  grant: op<{ id: string }>()({
    input: z.strictObject({
      email: emailAddress({ blank: FLAG_MESSAGES.missing }),
      featureKey: key,
      notes: optionalText(2000),
      expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
    }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('user_feature_flags'),
    access: 'admin',
    invalidates: ['flags', 'email.engagementAccess', 'dashboard'],
  }),
  revoke: op<{ revoked: boolean }>()({
    input: z.strictObject({ userId: id, featureKey: key }),
    kind: 'write',
    effect: 'project',
    // The override row of this user and feature (the input holds no row id).
    audit: auditMatch('user_feature_flags', ({ input: i }) =>
      typeof i.userId === 'string' && typeof i.featureKey === 'string' ? { eq: { user_id: i.userId, feature_key: i.featureKey } } : undefined,
    ),
    access: 'admin',
    invalidates: ['flags', 'email.engagementAccess', 'dashboard'],
  }),
};
