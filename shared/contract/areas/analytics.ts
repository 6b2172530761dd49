import { z } from 'zod';
import { op } from '../define.js';
import { auditNone } from '../facts.js';
import { DEFAULT_RANGE, isMonthKey, RANGE_OPTIONS } from '../../rules/analytics/range.js';
import type { ReplicaStatus, UserActivity, UserAnalytics, WebAnalytics } from '../../rules/analytics/types.js';

const month = z.string().refine(isMonthKey, 'A month is written YYYY-MM');

/** Every figure is computed by main over its local replica of the backend's tables; see services/analytics. */
export const analytics = {
  userAnalytics: op<UserAnalytics>()({
    input: z.strictObject({
      days: z.literal(RANGE_OPTIONS, 'The range is 7, 14, 30, 60 or 90 days, or 0 for all time').default(DEFAULT_RANGE),
      /** Off excludes the signed-in admin's own data from every count. */
      includeAdmin: z.boolean().default(false),
    }),
    kind: 'read',
    access: 'admin',
    answersLocally: true,
  }),
  userActivity: op<UserActivity>()({
    input: z.strictObject({
      startMonth: month.optional(),
      endMonth: month.optional(),
      /** On leaves the signed-in admin's own metrics out. */
      adminMuted: z.boolean().default(true),
    }),
    kind: 'read',
    access: 'admin',
    answersLocally: true,
  }),
  webAnalytics: op<WebAnalytics>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  syncStatus: op<ReplicaStatus>()({ input: z.strictObject({}), kind: 'read', access: 'admin', answersLocally: true }),
  /** Brings the replica up to date now (with a full reconcile against the server's counts) and waits for it. */
  refresh: op<ReplicaStatus>()({
    input: z.strictObject({}),
    kind: 'write',
    effect: 'local',
    audit: auditNone('Refreshes the local analytics replica; nothing in the project changes.'),
    access: 'admin',
    invalidates: ['analytics.userAnalytics', 'analytics.userActivity', 'analytics.syncStatus'],
  }),
};
