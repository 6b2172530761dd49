/**
 * tags, target_audience and benefits are typed as comma-separated text (spec 2 section 5): split on commas,
 * each item trimmed, empty items dropped; a list with nothing left is sent as null.
 */
export function parseCommaList(text: string | null | undefined): string[] | null {
  const items = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return items.length ? items : null;
}

/** The text an edit form starts from: the stored items joined with ", " (empty for null). */
export function formatCommaList(list: readonly string[] | null | undefined): string {
  return list?.length ? list.join(', ') : '';
}
