import { ResponsivePie } from '@nivo/pie';
import { ChartFrame } from '../components/ChartFrame.js';
import { CHART_COLORS, chartTheme } from '../analytics/charts/theme.js';
import { allTypes, formatCents, type TypeFigures } from '../../shared/rules/affiliates/figures.js';

/** Revenue by Type: the period's revenue split into affiliate, campaign and referral, in dollars. */
export function RevenueByType({ byType }: { readonly byType: readonly TypeFigures[] }) {
  const types = allTypes(byType);
  const shown = types.filter((t) => t.revenueCents > 0);
  return (
    <ChartFrame
      title="Revenue by Type"
      testId="chart-revenue-type"
      empty={shown.length === 0}
      table={{ head: ['Type', 'Revenue', 'Payments'], rows: types.map((t) => [t.type, formatCents(t.revenueCents), t.payments]) }}
    >
      <div className="pie-layout">
        <div className="pie-area">
          <ResponsivePie
            // ChartFrame names the picture and carries its table; the svg itself is decoration for assistive tech.
            role="presentation"
            data={shown.map((t) => ({ id: t.type, label: t.type, value: t.revenueCents / 100 }))}
            theme={chartTheme}
            colors={[...CHART_COLORS]}
            margin={{ top: 12, right: 12, bottom: 12, left: 12 }}
            innerRadius={0.5}
            padAngle={1}
            cornerRadius={3}
            valueFormat={(v) => formatCents(Math.round(v * 100))}
            enableArcLinkLabels={false}
            enableArcLabels={false}
            animate={false}
          />
        </div>
        <ul className="pie-legend" aria-hidden="true">
          {shown.map((t, i) => (
            <li key={t.type}>
              <span className="pie-swatch" style={{ background: CHART_COLORS[i % CHART_COLORS.length] }} />
              <span className="pie-label capitalize">{t.type}</span>
              <span className="pie-value">{formatCents(t.revenueCents)}</span>
            </li>
          ))}
        </ul>
      </div>
    </ChartFrame>
  );
}
