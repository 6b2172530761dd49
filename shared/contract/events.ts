import type { SessionInfo } from '../rules/auth/types.js';
import type { ReplicaStatus } from '../rules/analytics/types.js';
import type { UsersSyncStatus } from './areas/users.js';
import type { Theme } from '../rules/appearance/theme.js';

/** What main tells every window without being asked. Listeners never see transport details. */
export type AppEvent =
  | { readonly type: 'session-changed'; readonly session: SessionInfo | null }
  | { readonly type: 'profile-changed'; readonly profileId: string }
  | { readonly type: 'connectivity'; readonly online: boolean }
  | { readonly type: 'analytics-sync'; readonly status: ReplicaStatus }
  | { readonly type: 'users-sync'; readonly status: UsersSyncStatus }
  | { readonly type: 'tts-progress'; readonly jobId: string; readonly chunk: number; readonly total: number }
  /** A reflect-admin:// link was accepted by main: the window takes it with app.takeDeepLink once signed in. */
  | { readonly type: 'deep-link' }
  /** The theme was chosen in Settings: every window follows, and the desktop app's native theme. */
  | { readonly type: 'theme-changed'; readonly theme: Theme };

export const EVENT_CHANNEL = 'admin:event';
/** The application menu's commands (shared/app-commands.ts), main to the window only: one id of the closed list. */
export const APP_COMMAND_CHANNEL = 'admin:command';
export const OPERATION_CHANNEL_PREFIX = 'admin:op:';
