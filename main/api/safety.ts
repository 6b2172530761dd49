import { err, type Err, type OpEntry } from '../../shared/contract/index.js';
import type { SafetyMode } from '../../shared/rules/profiles/types.js';
import { CONFIRMATION_REQUIRED_MESSAGE, READ_ONLY_EXEMPT, READ_ONLY_MESSAGE } from '../../shared/rules/profiles/safety.js';

/** What the router needs to know of the active profile's safety mode, and its one-time confirmations. */
export interface SafetyState {
  active(): { readonly id: string; readonly safetyMode: SafetyMode } | undefined;
  /** Uses up a typed-name confirmation for this profile; false when there is none. */
  takeConfirmation(profileId: string): boolean;
}

/**
 * The safety mode of the active profile, applied in the router before access checks and the handler, so a
 * refused write sends nothing to the project whatever the window asked for. Read-only refuses every write
 * outside READ_ONLY_EXEMPT, before the input is even looked at.
 */
export function readOnlyRefusal(state: SafetyState | undefined, entry: OpEntry): Err | undefined {
  if (!state || entry.spec.kind !== 'write' || READ_ONLY_EXEMPT.has(entry.name)) return undefined;
  return state.active()?.safetyMode === 'read-only' ? err('READ_ONLY', READ_ONLY_MESSAGE) : undefined;
}

/**
 * Confirm mode refuses a destructive operation without a fresh typed-name confirmation. Checked after the input
 * is valid, so a rejected input does not use the confirmation up.
 */
export function confirmRefusal(state: SafetyState | undefined, entry: OpEntry): Err | undefined {
  if (!state || entry.spec.kind !== 'write' || !entry.spec.destructive) return undefined;
  const active = state.active();
  if (active?.safetyMode !== 'confirm' || state.takeConfirmation(active.id)) return undefined;
  return err('CONFIRMATION_REQUIRED', CONFIRMATION_REQUIRED_MESSAGE);
}
