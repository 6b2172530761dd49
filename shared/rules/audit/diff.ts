/**
 * The detail dialog's view of a change: the fields whose values differ between before and after, each as
 * JSON text (shown as text, never HTML).
 */
export interface FieldChange {
  readonly field: string;
  readonly before: string;
  readonly after: string;
}

const text = (v: unknown): string => (v === undefined ? '—' : JSON.stringify(v));

/** Top-level fields that differ; both sides objects (rows), otherwise one change named "(value)". */
export function diffValues(before: unknown, after: unknown): FieldChange[] {
  const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isRecord(before) || !isRecord(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: '(value)', before: text(before ?? undefined), after: text(after ?? undefined) }];
  }
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return fields
    .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
    .map((f) => ({ field: f, before: text(before[f]), after: text(after[f]) }));
}
