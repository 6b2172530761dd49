import { sourceName } from '../../shared/rules/common/brands.js';
import { PieChart } from '../components/charts/Charts.js';
import { allTypes, formatCents, type TypeFigures } from '../../shared/rules/affiliates/figures.js';

/** Revenue by Type: the period's revenue split into affiliate, campaign and referral, in dollars. */
export function RevenueByType({ byType }: { readonly byType: readonly TypeFigures[] }) {
  const types = allTypes(byType);
  return (
    <PieChart
      title="Revenue by Type"
      testId="chart-revenue-type"
      slices={types.map((t) => ({ label: sourceName(t.type), value: t.revenueCents / 100 }))}
      format={(v) => formatCents(Math.round(v * 100))}
      arcLabels={false}
      table={{ head: ['Type', 'Revenue', 'Payments'], rows: types.map((t) => [sourceName(t.type), formatCents(t.revenueCents), t.payments]) }}
    />
  );
}
