/**
 * Revenue Over Time (area) and Conversions Over Time (bar) of a period's buckets: days, weeks or months so that
 * no chart holds more than about 31 marks. Both sit in the kit's ChartFrame with their numbers as a table.
 */
import { ResponsiveLine } from '@nivo/line';
import { ResponsiveBar } from '@nivo/bar';
import { ChartFrame } from '../components/ChartFrame.js';
import { formatCount } from '../lib/format.js';
import { CHART_COLORS, axisTitle, chartTheme } from '../components/charts/theme.js';
import { ChartTooltip } from '../components/charts/ChartTooltip.js';
import { countTicks } from '../../shared/rules/common/chart-scale.js';
import { bucketLabel, type Bucket } from '../../shared/rules/affiliates/periods.js';
import { formatCents } from '../../shared/rules/affiliates/figures.js';

const HEAD = { day: 'Day', week: 'Week', month: 'Month' } as const;
/** About six tick labels whatever the number of buckets, so they never overlap. */
const everyNth = (labels: readonly string[]) => {
  const every = Math.max(1, Math.ceil(labels.length / 6));
  return labels.filter((_, i) => i % every === 0);
};
const dollars = (v: number) => (v >= 10_000 ? `$${formatCount(Math.round(v / 1000))}k` : `$${formatCount(Math.round(v))}`);

export function RevenueOverTime({ buckets, testId = 'chart-revenue' }: { readonly buckets: readonly Bucket[]; readonly testId?: string }) {
  const labels = buckets.map(bucketLabel);
  const empty = buckets.every((b) => b.revenueCents === 0);
  return (
    <ChartFrame
      title="Revenue Over Time"
      testId={testId}
      empty={empty}
      table={{ head: [HEAD[buckets[0]?.unit ?? 'day'], 'Revenue'], rows: buckets.map((b, i) => [labels[i]!, formatCents(b.revenueCents)]) }}
    >
      <div className="plot">
        <ResponsiveLine
          // ChartFrame names the picture and carries its table; the svg itself is decoration for assistive tech.
          role="presentation"
          data={[{ id: 'Revenue', data: buckets.map((b, i) => ({ x: labels[i]!, y: b.revenueCents / 100 })) }]}
          theme={chartTheme}
          colors={[CHART_COLORS[0]]}
          margin={{ top: 12, right: 32, bottom: 48, left: 72 }}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', min: 0, max: 'auto' }}
          axisBottom={{ tickValues: everyNth(labels), ...axisTitle(HEAD[buckets[0]?.unit ?? 'day'], 38) }}
          axisLeft={{ tickValues: 4, format: (v) => dollars(Number(v)), ...axisTitle('Revenue', -60) }}
          gridYValues={4}
          enableGridX={false}
          sliceTooltip={({ slice }) => (
            <ChartTooltip
              title={String(slice.points[0]?.data.x ?? '')}
              rows={slice.points.map((p) => ['Revenue', formatCents(Math.round(Number(p.data.y) * 100)), p.seriesColor])}
            />
          )}
          yFormat={(v) => formatCents(Math.round(Number(v) * 100))}
          enableArea
          areaOpacity={0.2}
          pointSize={buckets.length > 31 ? 0 : 5}
          enableSlices="x"
          animate={false}
        />
      </div>
    </ChartFrame>
  );
}

export function ConversionsOverTime({ buckets, testId = 'chart-conversions' }: { readonly buckets: readonly Bucket[]; readonly testId?: string }) {
  const labels = buckets.map(bucketLabel);
  const empty = buckets.every((b) => b.payments === 0);
  const ticks = countTicks(Math.max(0, ...buckets.map((b) => b.payments)));
  return (
    <ChartFrame
      title="Conversions Over Time"
      testId={testId}
      empty={empty}
      table={{ head: [HEAD[buckets[0]?.unit ?? 'day'], 'Conversions'], rows: buckets.map((b, i) => [labels[i]!, b.payments]) }}
    >
      <div className="plot">
        <ResponsiveBar
          // ChartFrame names the picture and carries its table; the svg itself is decoration for assistive tech.
          role="presentation"
          data={buckets.map((b, i) => ({ label: labels[i]!, value: b.payments }))}
          keys={['value']}
          indexBy="label"
          theme={chartTheme}
          colors={[CHART_COLORS[1]]}
          margin={{ top: 12, right: 32, bottom: 48, left: 64 }}
          padding={0.25}
          valueFormat={(v) => formatCount(v)}
          valueScale={{ type: 'linear', min: 0, max: ticks[ticks.length - 1]! }}
          axisLeft={{ tickValues: ticks, format: (v) => formatCount(Number(v)), ...axisTitle('Conversions', -52) }}
          axisBottom={{ tickValues: everyNth(labels), ...axisTitle(HEAD[buckets[0]?.unit ?? 'day'], 38) }}
          gridYValues={ticks}
          tooltip={({ indexValue, value, color }) => <ChartTooltip title={String(indexValue)} rows={[['Conversions', formatCount(value), color]]} />}
          enableLabel={buckets.length <= 14}
          labelTextColor="#ffffff"
          labelSkipWidth={24}
          labelSkipHeight={14}
          animate={false}
        />
      </div>
    </ChartFrame>
  );
}
