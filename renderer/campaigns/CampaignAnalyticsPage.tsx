import { useState } from 'react';
import {
  CAMPAIGN_MESSAGES as M,
  CAMPAIGN_TYPE_FILTERS,
  DATE_RANGES,
  DATE_RANGE_LABELS,
  DEFAULT_DATE_RANGE,
  type CampaignTypeFilter,
  type DateRange,
} from '../../shared/rules/campaigns/model.js';
import { chartBars, formatRate } from '../../shared/rules/campaigns/metrics.js';
import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { Button } from '../components/Button.js';
import { ListToolbar } from '../components/ListToolbar.js';
import { StatCards } from '../components/StatCards.js';
import { QueryView } from '../components/QueryView.js';
import { BarChart } from '../components/charts/Charts.js';
import { CampaignTable } from './CampaignTable.js';
import { FunnelChart } from './FunnelChart.js';
import { ExportCampaignsButton } from './ExportCampaignsButton.js';
import { sourceName } from '../../shared/rules/common/brands.js';
import '../styles/campaigns.css';

const typeLabel = (t: CampaignTypeFilter) => (t === 'all' ? 'All types' : sourceName(t));

/** /admin/campaign-analytics: the `campaign-analytics` function's figures for a date range and a campaign type. */
export default function CampaignAnalyticsPage() {
  const [dateRange, setDateRange] = useState<DateRange>(DEFAULT_DATE_RANGE);
  const [campaignType, setCampaignType] = useState<CampaignTypeFilter>('all');
  const q = useOp('campaigns', 'analytics', { dateRange, campaignType });
  const m = q.data?.data.metrics;

  return (
    <div className="page">
      <PageHeader
        title="Campaign Analytics"
        subtitle={M.description}
        actions={
          <>
            <Button onClick={() => void q.refetch()} busy={q.isFetching && !q.isPending}>
              Refresh
            </Button>
            <ExportCampaignsButton dateRange={dateRange} campaignType={campaignType} disabled={!q.data || q.data.data.performance.length === 0} />
          </>
        }
      />
      <ListToolbar
        filters={[
          {
            label: 'Date range',
            value: dateRange,
            onChange: (v) => setDateRange(v as DateRange),
            options: DATE_RANGES.map((r) => ({ value: r, label: DATE_RANGE_LABELS[r] })),
          },
          {
            label: 'Campaign type',
            value: campaignType,
            onChange: (v) => setCampaignType(v as CampaignTypeFilter),
            options: CAMPAIGN_TYPE_FILTERS.map((t) => ({ value: t, label: typeLabel(t) })),
          },
        ]}
      />
      <StatCards
        loading={q.isPending}
        items={[
          { id: 'campaigns-total', label: 'Total Campaigns', value: m?.totalCampaigns },
          { id: 'campaigns-visits', label: 'Total Visits', value: m?.totalVisits, tone: 'info' },
          { id: 'campaigns-conversions', label: 'Conversions', value: m?.totalConversions, tone: 'success' },
          { id: 'campaigns-rate', label: 'Conversion Rate', value: m ? formatRate(m.conversionRate) : undefined, tone: 'accent' },
        ]}
      />
      <QueryView query={q} loadingLabel={M.loading} isEmpty={(d) => d.performance.length === 0} emptyTitle={M.empty}>
        {(d) => (
          <>
            <div className="grid-2 campaign-charts">
              <BarChart
                title="Conversions by Campaign"
                testId="campaign-chart"
                description="The first 8 campaigns, by slug"
                yTitle="Conversions"
                bars={chartBars(d.performance)}
              />
              <FunnelChart funnel={d.funnel} />
            </div>
            <CampaignTable rows={d.performance} />
          </>
        )}
      </QueryView>
    </div>
  );
}
