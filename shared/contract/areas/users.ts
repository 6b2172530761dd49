import { z } from 'zod';
import { op } from '../define.js';
import type { AdminUserRow, DeletionPreview, DeletionResult, EngagementMetrics, UserDetailRecord } from '../../types/users.js';
import { SEARCH_MAX_LENGTH, USER_FILTERS } from '../../rules/users/filters.js';
import { USER_SORT_KEYS } from '../../rules/users/list.js';
import { DELETION_MESSAGES, DELETION_REASON_MAX_LENGTH, deletionReasonProblem } from '../../rules/users/deletion.js';
import { isUuid } from '../../rules/users/detail.js';

export interface UserList {
  /** Every user, newest first; the screen searches, filters and sorts them itself (shared/rules/users/list.ts). */
  readonly users: readonly AdminUserRow[];
}

export interface UserDetail {
  /** null: no such user (the screen shows User Not Found). */
  readonly user: UserDetailRecord | null;
  /** The user's user_engagement_metrics row; null when none was calculated yet. */
  readonly engagement: EngagementMetrics | null;
}

/** What an export did. No path ever comes from the renderer (F1); main reports where it wrote. */
export type UserExport =
  | { readonly outcome: 'saved'; readonly count: number; readonly path: string; readonly fileName: string }
  | { readonly outcome: 'cancelled' }
  | { readonly outcome: 'empty' };

const userId = z.string().refine(isUuid, 'Not a user id');

export const users = {
  // Not kept for offline use: at 100,000 users the copy is tens of megabytes, rewritten on every load.
  list: op<UserList>()({ input: z.strictObject({}), kind: 'read', access: 'admin' }),
  /** Exports the list as the screen shows it: main reads it again, applies the same rules and writes the file. */
  exportCsv: op<UserExport>()({
    input: z.strictObject({
      filter: z.enum(USER_FILTERS),
      search: z.string().max(SEARCH_MAX_LENGTH),
      sort: z.strictObject({ key: z.enum(USER_SORT_KEYS), direction: z.enum(['asc', 'desc']) }),
    }),
    // A write: it needs the backend and changes the disk; offline it fails with "nothing was saved".
    kind: 'write',
    access: 'admin',
    invalidates: [],
  }),
  detail: op<UserDetail>()({ input: z.strictObject({ userId }), kind: 'read', access: 'admin', keepOffline: true }),
  deletionPreview: op<DeletionPreview>()({ input: z.strictObject({ userId }), kind: 'read', access: 'admin' }),
  deleteUser: op<DeletionResult>()({
    input: z.strictObject({
      targetUserId: userId,
      reason: z
        .string()
        .max(DELETION_REASON_MAX_LENGTH + 200, DELETION_MESSAGES.reasonTooLong)
        .superRefine((value, ctx) => {
          const problem = deletionReasonProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .transform((v) => v.trim()),
      /** The e-mail the administrator typed; main compares it with the server's record of this user. */
      confirmEmail: z.string().max(320),
    }),
    kind: 'write', destructive: true,
    access: 'admin',
    invalidates: ['users', 'dashboard'],
  }),
};
