import { ResponsiveBar } from '@nivo/bar';
import type { FunnelStage } from '../../shared/rules/campaigns/model.js';
import { formatRate } from '../../shared/rules/campaigns/metrics.js';
import { ChartFrame } from '../components/ChartFrame.js';
import { formatCount } from '../lib/format.js';
import { CHART_COLORS, axisTitle, chartTheme } from '../components/charts/theme.js';
import { ChartTooltip } from '../components/charts/ChartTooltip.js';
import { countTicks } from '../../shared/rules/common/chart-scale.js';

/** Conversion Funnel: each stage's count as a horizontal bar (first stage on top), its rate in the table and the label. */
export function FunnelChart({ funnel }: { readonly funnel: readonly FunnelStage[] }) {
  const data = [...funnel].reverse().map((f) => ({ stage: f.stage, count: f.count }));
  const rate = new Map(funnel.map((f) => [f.stage, f.rate]));
  const ticks = countTicks(Math.max(0, ...funnel.map((f) => f.count)));
  return (
    <ChartFrame
      title="Conversion Funnel"
      testId="campaign-funnel"
      empty={funnel.every((f) => f.count === 0)}
      table={{ head: ['Stage', 'Count', 'Rate'], rows: funnel.map((f) => [f.stage, f.count, formatRate(f.rate)]) }}
    >
      <ResponsiveBar
        // ChartFrame names the picture and carries its table; the svg itself is decoration for assistive tech.
        role="presentation"
        data={data}
        keys={['count']}
        indexBy="stage"
        layout="horizontal"
        theme={chartTheme}
        colors={[CHART_COLORS[1]]}
        margin={{ top: 8, right: 24, bottom: 48, left: 130 }}
        padding={0.3}
        valueFormat={(v) => formatCount(v)}
        label={(d) => `${formatCount(Number(d.value))} (${formatRate(rate.get(String(d.indexValue)) ?? 0)})`}
        valueScale={{ type: 'linear', min: 0, max: ticks[ticks.length - 1]! }}
        axisBottom={{ tickValues: ticks, format: (v) => formatCount(Number(v)), ...axisTitle('People', 38) }}
        gridXValues={ticks}
        enableGridY={false}
        tooltip={({ indexValue, value, color }) => (
          <ChartTooltip
            title={String(indexValue)}
            rows={[
              ['Count', formatCount(value), color],
              ['Rate', formatRate(rate.get(String(indexValue)) ?? 0)],
            ]}
          />
        )}
        labelTextColor="#ffffff"
        labelSkipWidth={80}
        labelSkipHeight={14}
        animate={false}
      />
    </ChartFrame>
  );
}
