/**
 * The analytics charts: nivo's line, pie and bar charts (SVG with React style props, which the CSP allows), each
 * in the kit's ChartFrame: a summary as the picture's name and the table of its numbers ("Show as table").
 */
import { ResponsiveLine } from '@nivo/line';
import { ResponsivePie } from '@nivo/pie';
import { ResponsiveBar } from '@nivo/bar';
import { ChartFrame as ChartCard } from '../ChartFrame.js';
import { formatCount, formatDay } from '../../lib/format.js';
import { CHART_COLORS, chartTheme } from './theme.js';

export interface DailySeries {
  readonly id: string;
  readonly points: readonly { readonly date: string; readonly value: number }[];
}

/** One or more daily series over the same days. */
export function DailyLineChart({
  title,
  testId,
  series,
  description,
}: {
  readonly title: string;
  readonly testId: string;
  readonly series: readonly DailySeries[];
  readonly description?: string;
}) {
  const dates = series[0]?.points.map((p) => p.date) ?? [];
  const every = Math.max(1, Math.ceil(dates.length / 6));
  return (
    <ChartCard
      title={title}
      testId={testId}
      {...(description ? { description } : {})}
      empty={dates.length === 0}
      table={{ head: ['Day', ...series.map((s) => s.id)], rows: dates.map((d, i) => [d, ...series.map((s) => s.points[i]?.value ?? 0)]) }}
    >
      <div className="plot">
        <ResponsiveLine
          // ChartFrame names the picture and carries its table; the svg itself is decoration for assistive tech.
          role="presentation"
          data={series.map((s) => ({ id: s.id, data: s.points.map((p) => ({ x: p.date, y: p.value })) }))}
          theme={chartTheme}
          colors={[...CHART_COLORS]}
          margin={{ top: 12, right: 16, bottom: 36, left: 56 }}
          yScale={{ type: 'linear', min: 0, max: 'auto' }}
          axisBottom={{ tickValues: dates.filter((_, i) => i % every === 0), format: (v) => formatDay(String(v)) }}
          axisLeft={{ tickValues: 5, format: (v) => formatCount(Number(v)) }}
          pointSize={dates.length > 45 ? 0 : 5}
          enableSlices="x"
          animate={false}
        />
      </div>
      {series.length > 1 ? (
        <ul className="chart-legend" aria-hidden="true">
          {series.map((s, i) => (
            <li key={s.id}>
              <span className="pie-swatch" style={{ background: CHART_COLORS[i % CHART_COLORS.length] }} />
              {s.id}
            </li>
          ))}
        </ul>
      ) : null}
    </ChartCard>
  );
}

export interface Slice {
  readonly label: string;
  readonly value: number;
}

interface PieProps {
  readonly title: string;
  readonly testId: string;
  readonly slices: readonly Slice[];
  readonly description?: string;
  /** How a value reads in the legend and on the arcs (counts by default). */
  readonly format?: (value: number) => string;
  /** The screen-reader table, when it should hold more than label and value. */
  readonly table?: { readonly head: readonly string[]; readonly rows: readonly (readonly (string | number)[])[] };
  readonly arcLabels?: boolean;
}

export function PieChart({ title, testId, slices, description, format = formatCount, table, arcLabels = true }: PieProps) {
  const shown = slices.filter((s) => s.value > 0);
  return (
    <ChartCard
      title={title}
      testId={testId}
      {...(description ? { description } : {})}
      empty={shown.length === 0}
      table={table ?? { head: ['Label', 'Value'], rows: slices.map((s) => [s.label, s.value]) }}
    >
      <div className="pie-layout">
        <div className="pie-area">
          <ResponsivePie
            // ChartFrame names the picture and carries its table; the svg itself is decoration for assistive tech.
            role="presentation"
            data={shown.map((s) => ({ id: s.label, label: s.label, value: s.value }))}
            theme={chartTheme}
            colors={[...CHART_COLORS]}
            margin={{ top: 12, right: 12, bottom: 12, left: 12 }}
            innerRadius={0.5}
            padAngle={1}
            cornerRadius={3}
            valueFormat={(v) => format(v)}
            enableArcLinkLabels={false}
            enableArcLabels={arcLabels}
            arcLabelsSkipAngle={14}
            arcLabelsTextColor="#ffffff"
            animate={false}
          />
        </div>
        <ul className="pie-legend" aria-hidden="true">
          {shown.map((s, i) => (
            <li key={s.label}>
              <span className="pie-swatch" style={{ background: CHART_COLORS[i % CHART_COLORS.length] }} />
              <span className="pie-label">{s.label}</span>
              <span className="pie-value">{format(s.value)}</span>
            </li>
          ))}
        </ul>
      </div>
    </ChartCard>
  );
}

export function BarChart({
  title,
  testId,
  bars,
  horizontal = false,
  description,
}: {
  readonly title: string;
  readonly testId: string;
  readonly bars: readonly Slice[];
  readonly horizontal?: boolean;
  readonly description?: string;
}) {
  // Horizontal bars list the first item on top.
  const data = (horizontal ? [...bars].reverse() : bars).map((b) => ({ label: b.label, value: b.value }));
  return (
    <ChartCard
      title={title}
      testId={testId}
      {...(description ? { description } : {})}
      empty={bars.length === 0}
      table={{ head: ['Label', 'Value'], rows: bars.map((b) => [b.label, b.value]) }}
    >
      <ResponsiveBar
        // ChartFrame names the picture and carries its table; the svg itself is decoration for assistive tech.
        role="presentation"
        data={data}
        keys={['value']}
        indexBy="label"
        layout={horizontal ? 'horizontal' : 'vertical'}
        theme={chartTheme}
        colors={[CHART_COLORS[0]]}
        margin={horizontal ? { top: 8, right: 24, bottom: 32, left: 160 } : { top: 12, right: 16, bottom: 56, left: 56 }}
        padding={0.3}
        valueFormat={(v) => formatCount(v)}
        axisLeft={horizontal ? { format: (v) => truncate(String(v), 22) } : { tickValues: 5, format: (v) => formatCount(Number(v)) }}
        axisBottom={horizontal ? { tickValues: 4, format: (v) => formatCount(Number(v)) } : { tickRotation: bars.length > 6 ? -30 : 0 }}
        labelTextColor="#ffffff"
        labelSkipWidth={24}
        labelSkipHeight={14}
        animate={false}
      />
    </ChartCard>
  );
}

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
