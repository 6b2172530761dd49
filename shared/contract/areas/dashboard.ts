import { z } from 'zod';
import { op } from '../define.js';
import { auditNone } from '../facts.js';
import { demoPasswordProblem } from '../../rules/dashboard/demo-password.js';
import type { PeriodCounts } from '../../rules/dashboard/period-change.js';
import type { WaitingCounts } from '../../rules/dashboard/waiting.js';

export interface DashboardStats {
  readonly totalUsers: number;
  readonly activeCoaches: number;
  readonly coachRequests: number;
  readonly feedbackSubmissions: number;
  readonly totalInteractions: number;
  readonly activePrompts: number;
}

export interface RequestedCoach {
  readonly name: string;
  readonly count: number;
}

export type ActivityKind = 'signup' | 'journal' | 'coach_session' | 'feedback';

export interface ActivityItem {
  readonly id: string;
  readonly kind: ActivityKind;
  readonly at: string;
  readonly title: string;
  readonly detail: string;
}

/** The stat cards whose rows have a creation time, so a change against the previous period can be told. */
export type DatedStat = 'totalUsers' | 'coachRequests' | 'feedbackSubmissions' | 'totalInteractions';

export interface DashboardOverview {
  readonly stats: DashboardStats;
  /** When the figures were counted (periods and windows end here). */
  readonly countedAt: string;
  readonly periods: Readonly<Record<DatedStat, PeriodCounts>>;
  readonly waiting: WaitingCounts;
  readonly topRequestedCoaches: readonly RequestedCoach[];
  readonly recentActivity: readonly ActivityItem[];
}

export interface DemoPassword {
  readonly password: string;
  /** True when no demo_password row exists yet and the default applies. */
  readonly isDefault: boolean;
  readonly updatedAt: string | null;
}

export const dashboard = {
  overview: op<DashboardOverview>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  demoPassword: op<DemoPassword>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  setDemoPassword: op<DemoPassword>()({
    input: z.strictObject({
      password: z
        .string()
        .max(200, 'Password is at most 200 characters')
        .superRefine((value, ctx) => {
          const problem = demoPasswordProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .transform((v) => v.trim()),
    }),
    kind: 'write',
    effect: 'project',
    audit: auditNone('The demo password is a setting of an edge function, not a row the app reads.'),
    access: 'admin',
    invalidates: ['dashboard.demoPassword'],
  }),
};
