import { DEFAULT_SAFETY, SAFETY_MODES, type ProfileSafety, type SafetyMode } from './types.js';

export const READ_ONLY_MESSAGE = 'This connection is read-only: nothing was changed. Change its safety mode in Settings to make changes.';
export const CONFIRMATION_REQUIRED_MESSAGE = "This connection asks for its name before anything is deleted. Type the connection's name to confirm.";
export const WRONG_NAME_MESSAGE = "That is not the connection's name: nothing was deleted.";

/**
 * Writes a read-only profile still allows, each because it changes nothing in the project's data:
 * signing in and out (the session is how an administrator gets in and leaves), the connection profiles
 * themselves (kept on this computer; the way out of read-only), and exports, downloads and the analytics
 * refresh (they read the project and write files or the local replica only). auth.signUp is not here: it
 * creates an account in the project.
 */
export const READ_ONLY_EXEMPT: ReadonlySet<string> = new Set([
  'auth.signIn',
  'auth.signOut',
  'profiles.save',
  'profiles.test',
  'profiles.activate',
  'profiles.remove',
  'profiles.setSafety',
  'users.exportCsv',
  'feedback.exportCsv',
  'campaigns.exportCsv',
  'audit.exportCsv',
  'analytics.refresh',
  'users.refresh',
  'tts.downloadGenerated',
  'ttsLibrary.download',
  'palette.opened',
]);

/** Operation names that read as destructive: each must carry `destructive: true` (or be listed as not). */
export const DESTRUCTIVE_NAME = /delete|remove|purge|clean|clear|wipe|destroy/i;

/**
 * Named like a removal but not destructive of project data: profiles.remove forgets a connection on this
 * computer (the project is untouched; the active one cannot be removed) and feedback.undoDelete brings an item back.
 */
export const NOT_DESTRUCTIVE_BY_DECISION: ReadonlySet<string> = new Set(['profiles.remove', 'feedback.undoDelete']);

const isMode = (v: unknown): v is SafetyMode => typeof v === 'string' && (SAFETY_MODES as readonly string[]).includes(v);

/** A stored safety setting, field by field; anything missing or unknown reads as normal / not production. */
export function toSafety(value: unknown): ProfileSafety {
  if (!value || typeof value !== 'object') return DEFAULT_SAFETY;
  const v = value as Record<string, unknown>;
  return { safetyMode: isMode(v.safetyMode) ? v.safetyMode : 'normal', production: v.production === true };
}
