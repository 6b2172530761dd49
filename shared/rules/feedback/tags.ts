/** Feedback tags (spec 2 section 5): trimmed, never blank, no duplicates; clicking a tag removes it. */
import { TAG_MAX_LENGTH } from './model.js';

export const normaliseTag = (tag: string): string => tag.trim();

/** Whether the add button is enabled for what was typed: not blank, not too long and not already there. */
export function canAddTag(tags: readonly string[], typed: string): boolean {
  const tag = normaliseTag(typed);
  return tag.length > 0 && tag.length <= TAG_MAX_LENGTH && !tags.includes(tag);
}

/** The list with the tag added, or the same list when it is blank or already present. */
export function addTag(tags: readonly string[], typed: string): readonly string[] {
  return canAddTag(tags, typed) ? [...tags, normaliseTag(typed)] : tags;
}

export function removeTag(tags: readonly string[], tag: string): readonly string[] {
  return tags.filter((t) => t !== tag);
}

/** A list as main stores it: trimmed, blanks dropped, first occurrence kept. */
export function cleanTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map(normaliseTag).filter((t) => t.length > 0))];
}
