/**
 * The pure rules of versioned prompt families (coach prompts and knowledge bases now; mirror, daily wisdom, entry
 * analysis, block suggestion and the chatbots later): numbering, previews, the compare selection, rollback
 * records and when a save is allowed.
 */
import { counted } from '../common/plural.js';

/** History previews: 150 characters, except entry analysis (500). */
export const PREVIEW_LENGTH = 150;
export const ENTRY_ANALYSIS_PREVIEW_LENGTH = 500;

export const ROLLBACK_CHANGE_REASON = 'rollback';

/** The version a save creates: one above the highest existing, or 1 for an empty family. */
export function nextVersion(existing: readonly number[]): number {
  return existing.reduce((max, v) => (v > max ? v : max), 0) + 1;
}

/** The first `limit` characters, with an ellipsis when the text is longer. */
export function preview(text: string, limit: number = PREVIEW_LENGTH): string {
  const chars = Array.from(text);
  return chars.length > limit ? `${chars.slice(0, limit).join('')}...` : text;
}

export function rollbackNotes(version: number): string {
  return `Rolled back to version ${version}`;
}

/** created_by set: an administrator made it; unset: seeded or created by the system. */
export function creatorLabel(createdBy: string | null | undefined): 'Admin User' | 'System' {
  return createdBy ? 'Admin User' : 'System';
}

/** Rollback is offered for every version except the current (active) one. */
export function canRollback(version: { readonly isActive: boolean }): boolean {
  return !version.isActive;
}

// Compare mode ------------------------------------------------------------------------------------------------

export interface CompareSelection {
  readonly first: string | null;
  readonly second: string | null;
  /** Swap pressed: the newer version is shown on the left (the diff still reads older to newer). */
  readonly flipped?: boolean;
}

export const NO_SELECTION: CompareSelection = { first: null, second: null };

/** Compare mode needs at least two versions. */
export function canCompare(versionCount: number): boolean {
  return versionCount >= 2;
}

/**
 * A click on a version in compare mode: the first pick, then a different second pick; a third pick restarts the
 * selection with that version as the new first. Clicking the lone first pick again clears it.
 */
export function pickForCompare(selection: CompareSelection, id: string): CompareSelection {
  if (selection.first === null) return { first: id, second: null };
  if (selection.second === null) return selection.first === id ? NO_SELECTION : { first: selection.first, second: id };
  return { first: id, second: null };
}

/** Swap flips the sides on screen; which version is older, and so what was removed or added, stays. */
export function swapCompare(selection: CompareSelection): CompareSelection {
  return { ...selection, flipped: !selection.flipped };
}

/**
 * The two picked versions in reading order, whichever was picked first: the diff runs from the older (lower
 * version number) to the newer, so a sentence the newer one added reads as added. `left` and `right` are the
 * sides on screen: older on the left unless the admin swapped them.
 */
export function compareSides<T extends { readonly version: number }>(a: T, b: T, flipped = false): { older: T; newer: T; left: T; right: T } {
  const [older, newer] = a.version <= b.version ? [a, b] : [b, a];
  return flipped ? { older, newer, left: newer, right: older } : { older, newer, left: older, right: newer };
}

/** The diff opens once two different versions are picked. */
export function compareReady(selection: CompareSelection): selection is { first: string; second: string } {
  return selection.first !== null && selection.second !== null && selection.first !== selection.second;
}

// Saving --------------------------------------------------------------------------------------------------------

export type SaveProblem = 'blank' | 'unchanged';

/** Deep equality of JSON-like values (generation parameters), ignoring key order and undefined members. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}

export interface VersionDraft {
  /** The text that must not be blank (prompt content, knowledge base content). */
  readonly text: string;
  /** Everything else whose change makes a save worthwhile (parameters, title). */
  readonly extra?: unknown;
}

/** A save needs non-blank text and a change from the current version (any text counts when there is none). */
export function saveProblem(draft: VersionDraft, current: VersionDraft | null): SaveProblem | null {
  if (!draft.text.trim()) return 'blank';
  if (current && current.text === draft.text && sameJson(current.extra ?? null, draft.extra ?? null)) return 'unchanged';
  return null;
}

export const VARIETY_PROMPT_BLANK = 'A variety prompt cannot be empty.';

/** Adds a variety prompt: trimmed, never blank; an exact duplicate is not added twice. */
export function addVarietyPrompt(list: readonly string[], text: string): string[] | null {
  const t = text.trim();
  if (!t) return null;
  return list.includes(t) ? [...list] : [...list, t];
}

/** The count above a history: "3 versions", or "latest 5 of 12 versions" when the list shows only the newest. */
export function versionCountText(shown: number, total: number = shown): string {
  return total > shown ? `latest ${shown} of ${counted(total, 'version')}` : counted(shown, 'version');
}
