import { WISDOM_MESSAGES } from './fields.js';

/**
 * Spec 2 section 5: create requires name, description and category; update requires name and description.
 * Blank after trimming counts as missing. Returns the message to show, or null when the draft may be sent.
 */
export function missingRequired(
  draft: { readonly name?: string | null; readonly description?: string | null; readonly category?: string | null },
  mode: 'create' | 'update',
): string | null {
  const blank = (v: string | null | undefined) => !v || v.trim() === '';
  if (blank(draft.name) || blank(draft.description)) return WISDOM_MESSAGES.required;
  if (mode === 'create' && blank(draft.category)) return WISDOM_MESSAGES.required;
  return null;
}
