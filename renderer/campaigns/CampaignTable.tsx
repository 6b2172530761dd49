import type { CampaignPerformance } from '../../shared/rules/campaigns/model.js';
import { formatRate, formatWholeDollars } from '../../shared/rules/campaigns/metrics.js';
import { sourceName } from '../../shared/rules/common/brands.js';
import { Badge, type BadgeTone } from '../components/Badge.js';
import { Card } from '../components/Card.js';
import { DataTable, type Column } from '../components/DataTable.js';
import { formatCount } from '../lib/format.js';

/** The analytics displays know active and paused; any other status is neutral (spec 3 section 4). */
const statusTone = (status: string): BadgeTone => (status === 'active' ? 'success' : status === 'paused' ? 'warning' : 'neutral');

const COLUMNS: readonly Column<CampaignPerformance>[] = [
  {
    header: 'Campaign',
    rowHeader: true,
    cell: (p) => (
      <>
        <span className="campaign-name">{p.campaign_name}</span>
        <span className="campaign-slug muted">/r/{p.slug}</span>
      </>
    ),
  },
  { header: 'Type', cell: (p) => sourceName(p.campaign_type) },
  { header: 'Status', cell: (p) => <Badge tone={statusTone(p.status)}>{p.status}</Badge> },
  { header: 'Visits', dataCol: 'visits', cell: (p) => formatCount(p.visits) },
  { header: 'Conversions', dataCol: 'conversions', cell: (p) => formatCount(p.conversions) },
  { header: 'Rate', dataCol: 'rate', cell: (p) => formatRate(p.conversion_rate) },
  { header: 'Revenue', dataCol: 'revenue', cell: (p) => formatWholeDollars(p.revenue) },
];

/** Campaign Details: name with /r/{slug}, type, status, visits, conversions, rate (1 decimal), revenue in whole dollars. */
export function CampaignTable({ rows }: { readonly rows: readonly CampaignPerformance[] }) {
  return (
    <Card title="Campaign Details">
      <div className="table-scroll">
        <DataTable
          className="data-table campaign-table"
          testId="campaign-table"
          columns={COLUMNS}
          rows={rows}
          rowKey={(p) => p.slug}
          rowData={(p) => ({ 'data-slug': p.slug })}
        />
      </div>
    </Card>
  );
}
