/**
 * The analytics charts: nivo's line, pie and bar charts (SVG with React style props, which the CSP allows), each
 * in the kit's ChartFrame: a summary as the picture's name and the table of its numbers ("Show as table").
 * Every chart here gets the same reading aids: tooltips that name the mark (its day or label) and its value,
 * whole-number ticks and few grid lines on count axes, axis titles, the current day marked as incomplete, and
 * ranked bars where a donut or an axis would have to cut labels.
 */
import { useState } from 'react';
import { ResponsiveLine } from '@nivo/line';
import { ResponsivePie } from '@nivo/pie';
import { ResponsiveBar } from '@nivo/bar';
import { ChartFrame as ChartCard } from '../ChartFrame.js';
import { formatCount, formatDay } from '../../lib/format.js';
import { countTicks, isCurrentDay } from '../../../shared/rules/common/chart-scale.js';
import { CHART_COLORS, axisTitle, chartTheme } from './theme.js';
import { ChartTooltip } from './ChartTooltip.js';
import { CurrentDayLayer, CURRENT_DAY_NOTE } from './CurrentDayLayer.js';
import { RankedBars } from './RankedBars.js';

export interface DailySeries {
  readonly id: string;
  readonly points: readonly { readonly date: string; readonly value: number }[];
}

/** One or more daily series over the same days; a last day that is today is drawn dashed, as still in progress. */
export function DailyLineChart({
  title,
  testId,
  series,
  description,
  yTitle,
}: {
  readonly title: string;
  readonly testId: string;
  readonly series: readonly DailySeries[];
  readonly description?: string;
  /** The value axis' title (default: the only series' name, or 'Count'). */
  readonly yTitle?: string;
}) {
  const dates = series[0]?.points.map((p) => p.date) ?? [];
  const every = Math.max(1, Math.ceil(dates.length / 6));
  const [now] = useState(Date.now);
  const current = isCurrentDay(dates[dates.length - 1], now);
  const ticks = countTicks(Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.value))));
  const dayCell = (d: string, i: number) => (current && i === dates.length - 1 ? `${d} (${CURRENT_DAY_NOTE})` : d);
  return (
    <ChartCard
      title={title}
      testId={testId}
      {...(description ? { description } : {})}
      empty={dates.length === 0}
      table={{ head: ['Day', ...series.map((s) => s.id)], rows: dates.map((d, i) => [dayCell(d, i), ...series.map((s) => s.points[i]?.value ?? 0)]) }}
    >
      <div className="plot">
        <ResponsiveLine
          // ChartFrame names the picture and carries its table; the svg itself is decoration for assistive tech.
          role="presentation"
          data={series.map((s) => ({ id: s.id, data: s.points.map((p) => ({ x: p.date, y: p.value })) }))}
          theme={chartTheme}
          colors={[...CHART_COLORS]}
          margin={{ top: 12, right: 20, bottom: 48, left: 64 }}
          yScale={{ type: 'linear', min: 0, max: ticks[ticks.length - 1]! }}
          axisBottom={{
            tickValues: dates.filter((_, i) => i % every === 0),
            format: (v) => formatDay(String(v)),
            ...axisTitle('Day', 38),
          }}
          axisLeft={{ tickValues: ticks, format: (v) => formatCount(Number(v)), ...axisTitle(yTitle ?? (series.length === 1 ? series[0]!.id : 'Count'), -52) }}
          enableGridX={false}
          gridYValues={ticks}
          pointSize={dates.length > 45 ? 0 : 5}
          enableSlices="x"
          layers={['grid', 'axes', 'areas', 'crosshair', current ? CurrentDayLayer : 'lines', 'points', 'slices', 'mesh']}
          sliceTooltip={({ slice }) => {
            const day = String(slice.points[0]?.data.x ?? '');
            return (
              <ChartTooltip
                title={formatDay(day)}
                {...(current && day === dates[dates.length - 1] ? { note: `Today, ${CURRENT_DAY_NOTE}` } : {})}
                rows={slice.points.map((p) => [String(p.seriesId), formatCount(Number(p.data.y)), p.seriesColor])}
              />
            );
          }}
          animate={false}
        />
      </div>
      {series.length > 1 || current ? (
        <ul className="chart-legend" aria-hidden="true">
          {series.length > 1
            ? series.map((s, i) => (
                <li key={s.id}>
                  <span className="pie-swatch" style={{ background: CHART_COLORS[i % CHART_COLORS.length] }} />
                  {s.id}
                </li>
              ))
            : null}
          {current ? (
            <li className="chart-legend-current">
              <span className="legend-dash" />
              Today ({CURRENT_DAY_NOTE})
            </li>
          ) : null}
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

/** More slices than this read better as ranked bars: a donut's small slices cannot be told apart. */
export const MAX_PIE_SLICES = 6;

export function PieChart({ title, testId, slices, description, format = formatCount, table, arcLabels = true }: PieProps) {
  const shown = slices.filter((s) => s.value > 0);
  if (shown.length > MAX_PIE_SLICES) {
    return <RankedBars title={title} testId={testId} items={shown} format={format} {...(description ? { description } : {})} />;
  }
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
            tooltip={({ datum }) => <ChartTooltip title={String(datum.label)} rows={[['Value', format(datum.value), datum.color]]} />}
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

/** Rotated axis labels longer than this are cut (with an ellipsis); the tooltip and the table hold them whole. */
const MAX_AXIS_LABEL = 18;
/** The height a label rotated by 40 degrees takes below the axis, in pixels (about 6.5 px a character at 11 px). */
const rotatedLabelHeight = (chars: number) => Math.ceil(Math.sin((40 * Math.PI) / 180) * chars * 6.5) + 12;

export function BarChart({
  title,
  testId,
  bars,
  horizontal = false,
  description,
  yTitle = 'Count',
}: {
  readonly title: string;
  readonly testId: string;
  readonly bars: readonly Slice[];
  /** Ranked bars, largest first, labels whole: for a ranking of named items. */
  readonly horizontal?: boolean;
  readonly description?: string;
  readonly yTitle?: string;
}) {
  if (horizontal) return <RankedBars title={title} testId={testId} items={bars} {...(description ? { description } : {})} />;
  const ticks = countTicks(Math.max(0, ...bars.map((b) => b.value)));
  const longest = Math.min(MAX_AXIS_LABEL, Math.max(0, ...bars.map((b) => b.label.length)));
  const rotate = bars.length > 6 && longest > 8;
  return (
    <ChartCard
      title={title}
      testId={testId}
      {...(description ? { description } : {})}
      empty={bars.length === 0}
      table={{ head: ['Label', 'Value'], rows: bars.map((b) => [b.label, b.value]) }}
    >
      <div className="plot">
        <ResponsiveBar
          // ChartFrame names the picture and carries its table; the svg itself is decoration for assistive tech.
          role="presentation"
          data={bars.map((b) => ({ label: b.label, value: b.value }))}
          keys={['value']}
          indexBy="label"
          theme={chartTheme}
          colors={[CHART_COLORS[0]]}
          margin={{ top: 12, right: 16, bottom: rotate ? rotatedLabelHeight(longest) : 40, left: 64 }}
          padding={0.3}
          valueScale={{ type: 'linear', min: 0, max: ticks[ticks.length - 1]! }}
          valueFormat={(v) => formatCount(v)}
          axisLeft={{ tickValues: ticks, format: (v) => formatCount(Number(v)), ...axisTitle(yTitle, -52) }}
          axisBottom={{ tickRotation: rotate ? -40 : 0, format: (v) => truncate(String(v), MAX_AXIS_LABEL) }}
          gridYValues={ticks}
          tooltip={({ indexValue, value, color }) => <ChartTooltip title={String(indexValue)} rows={[[yTitle, formatCount(value), color]]} />}
          labelTextColor="#ffffff"
          labelSkipWidth={24}
          labelSkipHeight={14}
          animate={false}
        />
      </div>
    </ChartCard>
  );
}

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
