import { useId, useState, type ReactNode } from 'react';
import { Card } from './Card.js';
import { Button } from './Button.js';
import { EmptyState } from './States.js';
import { formatCount } from '../lib/format.js';
import { chartSummary, type ChartTable } from './chart-table.js';

interface Props {
  readonly title: string;
  readonly description?: string | undefined;
  readonly testId?: string;
  /** The same numbers as the chart; screen readers get it always, everyone else via "Show as table". */
  readonly table: ChartTable;
  /** The chart's aria-label; default: the title and the first rows in words. */
  readonly summary?: string;
  /** Nothing to draw: the empty state says so, with no chart, no table and no table button. */
  readonly empty?: boolean;
  readonly emptyTitle?: string;
  /** Offer a visible "Show as table" toggle (default true). */
  readonly tableToggle?: boolean;
  readonly className?: string;
  /** The chart takes the height its content needs (a ranked list) instead of the fixed plot height. */
  readonly fit?: boolean;
  readonly children: ReactNode;
}

/** A titled chart card whose picture (role="img", a summary as its name) has the table of its numbers. */
export function ChartFrame({
  title,
  description,
  testId,
  table,
  summary,
  empty = false,
  emptyTitle = 'No data for this period',
  tableToggle = true,
  className,
  fit = false,
  children,
}: Props) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const toggle =
    tableToggle && !empty ? (
      <Button variant="ghost" className="chart-table-toggle" aria-expanded={asTable} aria-controls={tableId} onClick={() => setAsTable((v) => !v)}>
        {asTable ? 'Show as chart' : 'Show as table'}
      </Button>
    ) : undefined;
  return (
    <Card title={title} description={description} actions={toggle} className={['chart-card', className].filter(Boolean).join(' ')}>
      <div data-testid={testId}>
        {empty ? (
          <EmptyState title={emptyTitle} />
        ) : asTable ? null : (
          <div className={fit ? 'chart-area chart-area-fit' : 'chart-area'} role="img" aria-label={summary ?? chartSummary(title, table, formatCount)}>
            {children}
          </div>
        )}
        {empty ? null : (
          <table id={tableId} className={asTable ? 'data-table' : 'visually-hidden'}>
            <caption className={asTable ? 'visually-hidden' : undefined}>{title}</caption>
            <thead>
              <tr>
                {table.head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r, i) => (
                <tr key={i}>
                  {r.map((c, j) => (
                    <td key={j}>{typeof c === 'number' ? formatCount(c) : c}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Card>
  );
}
