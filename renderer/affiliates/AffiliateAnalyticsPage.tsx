import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { Card } from '../components/Card.js';
import { QueryView } from '../components/QueryView.js';
import { StatCards } from '../components/StatCards.js';
import { avgCommissionPerSale, formatCents, type PeriodFigures } from '../../shared/rules/affiliates/figures.js';
import { AFFILIATE_PERIOD_LABELS, DEFAULT_AFFILIATE_PERIOD, type AffiliatePeriod } from '../../shared/rules/affiliates/periods.js';
import { PeriodSelect } from './PeriodSelect.js';
import { ConversionsOverTime, RevenueOverTime } from './TimeCharts.js';
import { RevenueByType } from './RevenueByType.js';
import { PerformanceTable } from './PerformanceTable.js';

/** /admin/affiliate-analytics (spec 3): revenue, commissions and conversions of every link for a period. */
export default function AffiliateAnalyticsPage() {
  const [period, setPeriod] = useState<AffiliatePeriod>(DEFAULT_AFFILIATE_PERIOD);
  const query = useOp('affiliates', 'overview', { days: period }, { placeholderData: keepPreviousData });
  return (
    <div className="page analytics-page">
      <PageHeader
        title="Affiliate Analytics"
        subtitle="Revenue, commissions and conversions of marketing and affiliate links"
        back={{ to: '/admin/dashboard' }}
      />
      <div className="analytics-controls">
        <PeriodSelect value={period} onChange={setPeriod} labels={AFFILIATE_PERIOD_LABELS} />
      </div>
      <QueryView query={query} loadingLabel="Loading affiliate analytics...">
        {(d) => <OverviewBody data={d} />}
      </QueryView>
    </div>
  );
}

function OverviewBody({ data }: { readonly data: PeriodFigures }) {
  const t = data.totals;
  return (
    <div className="affiliate-body" data-period={data.period}>
      <StatCards
        className="affiliate-kpis"
        items={[
          { id: 'kpi-revenue', label: 'Total Revenue', value: formatCents(t.revenueCents), tone: 'success' },
          { id: 'kpi-commissions', label: 'Total Commissions', value: formatCents(t.commissionCents), tone: 'accent' },
          { id: 'kpi-affiliates', label: 'Active Affiliates', value: t.links, format: 'count', tone: 'warning' },
          { id: 'kpi-conversions', label: 'Total Conversions', value: t.payments, format: 'count', tone: 'info' },
        ]}
      />
      <div className="grid-2">
        <RevenueByType byType={data.byType} />
        <Card title="Commission Status">
          <dl className="figure-list commission-status">
            <div>
              <dt>Pending</dt>
              <dd data-testid="commission-pending">{formatCents(t.pendingCents)}</dd>
            </div>
            <div>
              <dt>Paid</dt>
              <dd data-testid="commission-paid">{formatCents(t.paidCents)}</dd>
            </div>
            <div>
              <dt>Avg Commission/Sale</dt>
              <dd data-testid="commission-avg">{formatCents(avgCommissionPerSale(t))}</dd>
            </div>
          </dl>
          <p className="muted">Pending includes approved commissions not yet paid.</p>
        </Card>
        <RevenueOverTime buckets={data.buckets} />
        <ConversionsOverTime buckets={data.buckets} />
      </div>
      <PerformanceTable links={data.links} />
    </div>
  );
}
