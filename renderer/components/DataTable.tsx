import type { ReactNode } from 'react';
import { NoMatches } from './States.js';

export interface Column<T> {
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  /** e.g. 'row-actions' for a cell of buttons, 'num' for figures. */
  readonly className?: string;
  /** The header is read by screen readers only (e.g. 'Actions' above a column of buttons). */
  readonly hideHeader?: boolean;
  /** The cell names its row (`th scope="row"`), e.g. the campaign's name. */
  readonly rowHeader?: boolean;
  /** Set as the cell's data-col, so a test can read one figure of a row. */
  readonly dataCol?: string;
}

/** Data attributes of one row (e.g. `{ 'data-slug': row.slug }`), for tests and row lookups. */
export type RowData = Readonly<Record<`data-${string}`, string>>;

interface Props<T> {
  readonly columns: readonly Column<T>[];
  readonly rows: readonly T[];
  readonly rowKey: (row: T) => string;
  /** The table's accessible name when no heading names it. */
  readonly label?: string;
  readonly className?: string;
  readonly testId?: string;
  readonly rowTestId?: string;
  readonly rowData?: (row: T) => RowData;
  /** Shown instead of the table when there is no row (the search or filters hide them all), e.g. 'No entries match'. */
  readonly noMatches?: string;
  /** A caption under the header row's table, for a table that no heading names visibly. */
  readonly caption?: ReactNode;
}

/** A plain read-only table from column definitions: header cells scoped, one row per item. */
export function DataTable<T>({ columns, rows, rowKey, label, className = 'data-table', testId, rowTestId, rowData, noMatches, caption }: Props<T>) {
  if (noMatches !== undefined && rows.length === 0) return <NoMatches message={noMatches} />;
  return (
    <table className={className} aria-label={label} data-testid={testId}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.hideHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} data-testid={rowTestId} {...rowData?.(row)}>
            {columns.map((c) =>
              c.rowHeader ? (
                <th key={c.header} scope="row" className={c.className} data-col={c.dataCol}>
                  {c.cell(row)}
                </th>
              ) : (
                <td key={c.header} className={c.className} data-col={c.dataCol}>
                  {c.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
