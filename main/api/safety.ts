import { err, type Err, type OpEntry } from '../../shared/contract/index.js';
import type { SafetyMode } from '../../shared/rules/profiles/types.js';
import { CONFIRMATION_REQUIRED_MESSAGE, READ_ONLY_MESSAGE, WRONG_NAME_MESSAGE } from '../../shared/rules/profiles/safety.js';

/** What the router needs to know of the active profile: its safety mode, and its name for confirm mode. */
export interface SafetyState {
  active(): { readonly id: string; readonly name: string; readonly safetyMode: SafetyMode } | undefined;
}

/**
 * The safety mode of the active profile, applied in the router before access checks and the handler, so a
 * refused write sends nothing to the project whatever the window asked for. Read-only refuses every write whose
 * effect is not 'local' (a write that changes only this computer), before the input is even looked at.
 */
export function readOnlyRefusal(state: SafetyState | undefined, entry: OpEntry): Err | undefined {
  if (!state || entry.spec.kind !== 'write' || entry.spec.effect === 'local') return undefined;
  return state.active()?.safetyMode === 'read-only' ? err('READ_ONLY', READ_ONLY_MESSAGE) : undefined;
}

/**
 * Confirm mode runs a destructive operation only when this very call carries the profile's typed name. Without
 * one the answer names the profile, so the window can ask and call again; nothing is granted or kept, so no
 * other operation can ride on a name typed for this one.
 */
export function confirmRefusal(state: SafetyState | undefined, entry: OpEntry, confirmName: string | undefined): Err | undefined {
  if (!state || entry.spec.kind !== 'write' || !entry.spec.destructive) return undefined;
  const active = state.active();
  if (active?.safetyMode !== 'confirm') return undefined;
  if (confirmName === undefined) return { ...err('CONFIRMATION_REQUIRED', CONFIRMATION_REQUIRED_MESSAGE), confirmName: active.name };
  return confirmName.trim() === active.name ? undefined : err('CONFIRMATION_REQUIRED', WRONG_NAME_MESSAGE);
}
