import { useOp } from '../api/hooks.js';
import type { FamilyRef } from './use-family-editor.js';

/** A family's versions; refetched on mount so an editor never starts from a version that is no longer current. */
export function useFamilyHistory(ref: FamilyRef) {
  return useOp('prompts', 'history', ref, { refetchOnMount: 'always' });
}
