import { useState } from 'react';
import {
  DEFAULT_USAGE_PERIOD,
  USAGE_MESSAGES as M,
  USAGE_PERIODS,
  USAGE_PERIOD_LABELS,
  USAGE_REFETCH_MS,
  type UsagePeriod,
} from '../../shared/rules/apiusage/model.js';
import { formatEndpointCost, formatResponseMs, formatTotalCost } from '../../shared/rules/apiusage/metrics.js';
import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { Button } from '../components/Button.js';
import { ListToolbar } from '../components/ListToolbar.js';
import { StatCards } from '../components/StatCards.js';
import { QueryView } from '../components/QueryView.js';
import { Card } from '../components/Card.js';
import { EmptyState } from '../components/States.js';
import { formatCounted } from '../lib/format.js';
import '../styles/campaigns.css';

/** /admin/api-usage: api_usage_logs of the chosen period, summed on the server; refetched every 5 minutes. */
export default function ApiUsagePage() {
  const [period, setPeriod] = useState<UsagePeriod>(DEFAULT_USAGE_PERIOD);
  const q = useOp('apiusage', 'stats', { period }, { refetchInterval: USAGE_REFETCH_MS });
  const s = q.data?.data;

  return (
    <div className="page">
      <PageHeader
        title="AI API Usage"
        subtitle={M.description}
        actions={
          <Button onClick={() => void q.refetch()} busy={q.isFetching && !q.isPending}>
            Refresh
          </Button>
        }
      />
      <ListToolbar
        filters={[
          {
            label: 'Period',
            value: period,
            onChange: (v) => setPeriod(v as UsagePeriod),
            options: USAGE_PERIODS.map((p) => ({ value: p, label: USAGE_PERIOD_LABELS[p] })),
          },
        ]}
      />
      <StatCards
        loading={q.isPending}
        items={[
          { id: 'usage-calls', label: 'Total API Calls', value: s?.totalCalls },
          { id: 'usage-tokens', label: 'Total Tokens', value: s?.totalTokens, tone: 'info' },
          { id: 'usage-cost', label: 'Total Cost', value: s ? formatTotalCost(s.totalCost) : undefined, tone: 'accent' },
          { id: 'usage-response', label: 'Avg Response Time (ms)', value: s ? formatResponseMs(s.avgResponseMs) : undefined, tone: 'success' },
        ]}
      />
      <QueryView query={q} loadingLabel="Loading API usage..." errorTitle={M.errorTitle} errorText={(message) => message || M.failed} retryLabel={M.retry}>
        {(d) => (
          <Card title="Usage by Endpoint">
            {d.endpoints.length === 0 ? (
              <EmptyState title="No API calls in this period" />
            ) : (
              <ul className="usage-endpoints" data-testid="usage-endpoints" aria-label="Usage by Endpoint">
                {d.endpoints.map((e) => (
                  <li key={e.endpoint} data-endpoint={e.endpoint}>
                    <span className="usage-endpoint-name">{e.endpoint}</span>
                    <span className="muted" data-col="calls">
                      {formatCounted(e.calls, 'call')}
                    </span>
                    <span data-col="cost">{formatEndpointCost(e.cost)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        )}
      </QueryView>
    </div>
  );
}
