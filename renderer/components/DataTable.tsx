import type { ReactNode } from 'react';

export interface Column<T> {
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  /** e.g. 'row-actions' for a cell of buttons, 'num' for figures. */
  readonly className?: string;
}

interface Props<T> {
  readonly columns: readonly Column<T>[];
  readonly rows: readonly T[];
  readonly rowKey: (row: T) => string;
  /** The table's accessible name when no heading names it. */
  readonly label?: string;
  readonly className?: string;
  readonly testId?: string;
  readonly rowTestId?: string;
}

/** A plain read-only table from column definitions: header cells scoped, one row per item. */
export function DataTable<T>({ columns, rows, rowKey, label, className = 'data-table', testId, rowTestId }: Props<T>) {
  return (
    <table className={className} aria-label={label} data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} data-testid={rowTestId}>
            {columns.map((c) => (
              <td key={c.header} className={c.className}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
