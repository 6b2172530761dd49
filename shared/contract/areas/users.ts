import { z } from 'zod';
import { op } from '../define.js';
import { csvExport } from '../export.js';
import { auditNone, auditRows } from '../facts.js';
import type { AdminUserRow, DeletionPreview, DeletionResult, EngagementMetrics, UserDetailRecord } from '../../rules/users/types.js';
import { SEARCH_MAX_LENGTH, USER_FILTERS } from '../../rules/users/filters.js';
import { USER_SORT_KEYS } from '../../rules/users/list.js';
import { DELETION_MESSAGES, DELETION_REASON_MAX_LENGTH, deletionReasonProblem } from '../../rules/users/deletion.js';
import { id } from '../../rules/common/fields.js';

/** The user list's replica in main (main/services/users/replica.ts): when it last synced, and a sync under way. */
export interface UsersSyncStatus {
  /** When the last complete sync with admin-get-users ended; null before the first one. */
  readonly lastSyncedAt: string | null;
  readonly syncing: boolean;
  /** Users received so far by the running sync; null when none runs. */
  readonly received: number | null;
  /** The message of the last failed sync, cleared by the next successful one. */
  readonly lastError: string | null;
}

/** A page of the list as the screen shows it, answered by main from the replica with its exact counts. */
export interface UserListPage {
  readonly rows: readonly AdminUserRow[];
  readonly offset: number;
  /** Users matching the search and filter. */
  readonly matched: number;
  /** Every user in the replica. */
  readonly total: number;
  readonly sync: UsersSyncStatus;
}

/** Rows per page of users.page: a screenful or two of the virtualised table. */
export const USER_PAGE_MAX = 500;

export interface UserDetail {
  /** null: no such user (the screen shows User Not Found). */
  readonly user: UserDetailRecord | null;
  /** The user's user_engagement_metrics row; null when none was calculated yet. */
  readonly engagement: EngagementMetrics | null;
}

const userId = id;

const listQuery = {
  filter: z.enum(USER_FILTERS),
  search: z.string().max(SEARCH_MAX_LENGTH),
  sort: z.strictObject({ key: z.enum(USER_SORT_KEYS), direction: z.enum(['asc', 'desc']) }),
};

export const users = {
  /**
   * A page of the list from main's replica (the first call waits for a first sync); offline it is answered from
   * the replica as last synced, under the offline notice.
   */
  page: op<UserListPage>()({
    input: z.strictObject({ ...listQuery, offset: z.number().int().min(0).max(10_000_000), limit: z.number().int().min(1).max(USER_PAGE_MAX) }),
    kind: 'read',
    access: 'admin',
    answersLocally: true,
  }),
  /** The replica's sync status; with start, a sync begins in the background unless one runs (the screen opening). */
  syncStatus: op<UsersSyncStatus>()({ input: z.strictObject({ start: z.boolean().default(false) }), kind: 'read', access: 'admin', answersLocally: true }),
  /** Brings the replica up to date now and waits for it (Refresh). */
  refresh: op<UsersSyncStatus>()({
    input: z.strictObject({}),
    kind: 'write',
    effect: 'local',
    audit: auditNone('Refreshes the local replica of the user list; nothing in the project changes.'),
    access: 'admin',
    invalidates: ['users.page', 'users.syncStatus'],
  }),
  /** Exports the list as the screen shows it, from the replica: the same search, filter and sort, streamed to the file. */
  exportCsv: csvExport(z.strictObject(listQuery)),
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
    kind: 'write',
    destructive: true,
    effect: 'project',
    audit: auditRows('profiles', 'targetUserId'),
    access: 'admin',
    invalidates: ['users', 'dashboard'],
  }),
};
