import { DEFAULT_SAFETY, SAFETY_MODES, type ProfileSafety, type SafetyMode } from './types.js';

export const READ_ONLY_MESSAGE = 'This connection is read-only: nothing was changed. Change its safety mode in Settings to make changes.';
export const CONFIRMATION_REQUIRED_MESSAGE = "This connection asks for its name before anything is deleted. Type the connection's name to confirm.";
export const WRONG_NAME_MESSAGE = "That is not the connection's name: nothing was deleted.";

/** Operation names that read as destructive: each must state `destructive: true`, or `false` where it is not. */
export const DESTRUCTIVE_NAME = /delete|remove|purge|clean|clear|wipe|destroy/i;

const isMode = (v: unknown): v is SafetyMode => typeof v === 'string' && (SAFETY_MODES as readonly string[]).includes(v);

/** A stored safety setting, field by field; anything missing or unknown reads as normal / not production. */
export function toSafety(value: unknown): ProfileSafety {
  if (!value || typeof value !== 'object') return DEFAULT_SAFETY;
  const v = value as Record<string, unknown>;
  return { safetyMode: isMode(v.safetyMode) ? v.safetyMode : 'normal', production: v.production === true };
}
