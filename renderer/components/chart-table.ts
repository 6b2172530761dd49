/** The numbers behind a chart, as a table: the text alternative of every chart. */
export interface ChartTable {
  readonly head: readonly string[];
  readonly rows: readonly (readonly (string | number)[])[];
}

/**
 * The chart's aria-label: its title and its first rows in words, e.g. 'Coach popularity: Maya 12, Leo 9, and 3
 * more'. Numbers go through format so they read as the table shows them.
 */
export function chartSummary(title: string, table: ChartTable, format: (n: number) => string, shown = 3): string {
  if (table.rows.length === 0) return `${title}: no data`;
  const cell = (c: string | number) => (typeof c === 'number' ? format(c) : c);
  const parts = table.rows.slice(0, shown).map((r) => r.map(cell).join(' '));
  const rest = table.rows.length - shown;
  return `${title}: ${parts.join(', ')}${rest > 0 ? `, and ${rest} more` : ''}`;
}
