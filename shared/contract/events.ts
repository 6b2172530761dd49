import type { SessionInfo } from '../rules/auth/types.js';
import type { ReplicaStatus } from '../rules/analytics/types.js';
import type { UsersSyncStatus } from './areas/users.js';

/** What main tells every window without being asked. Listeners never see transport details. */
export type AppEvent =
  | { readonly type: 'session-changed'; readonly session: SessionInfo | null }
  | { readonly type: 'profile-changed'; readonly profileId: string }
  | { readonly type: 'connectivity'; readonly online: boolean }
  | { readonly type: 'analytics-sync'; readonly status: ReplicaStatus }
  | { readonly type: 'users-sync'; readonly status: UsersSyncStatus }
  | { readonly type: 'tts-progress'; readonly jobId: string; readonly chunk: number; readonly total: number };

export const EVENT_CHANNEL = 'admin:event';
export const OPERATION_CHANNEL_PREFIX = 'admin:op:';
