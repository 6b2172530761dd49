import { ChartFrame } from '../ChartFrame.js';
import { formatCount } from '../../lib/format.js';
import { CHART_COLORS } from './theme.js';
import type { Slice } from './Charts.js';

interface Props {
  readonly title: string;
  readonly testId: string;
  readonly items: readonly Slice[];
  readonly description?: string;
  readonly format?: (value: number) => string;
  /** The table's column heads (default: Label, Value). */
  readonly head?: readonly [string, string];
}

/**
 * A ranked list of bars, largest first: each label whole (it wraps rather than being cut), its bar against the
 * largest, its value. Reads better than a donut of many slices or a bar chart with truncated axis labels.
 */
export function RankedBars({ title, testId, items, description, format = formatCount, head = ['Label', 'Value'] }: Props) {
  const ranked = [...items].sort((a, b) => b.value - a.value);
  const max = Math.max(0, ...ranked.map((i) => i.value));
  return (
    <ChartFrame
      title={title}
      testId={testId}
      description={description}
      fit
      empty={ranked.every((i) => i.value <= 0)}
      table={{ head, rows: ranked.map((i) => [i.label, format === formatCount ? i.value : format(i.value)]) }}
    >
      <ol className="ranked-bars">
        {ranked.map((item) => (
          <li key={item.label}>
            <span className="ranked-label">{item.label}</span>
            <span className="ranked-track">
              <span className="ranked-fill" style={{ width: `${max > 0 ? (item.value / max) * 100 : 0}%`, background: CHART_COLORS[0] }} />
            </span>
            <span className="ranked-value">{format(item.value)}</span>
          </li>
        ))}
      </ol>
    </ChartFrame>
  );
}
