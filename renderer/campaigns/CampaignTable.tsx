import type { CampaignPerformance } from '../../shared/rules/campaigns/model.js';
import { formatRate, formatWholeDollars } from '../../shared/rules/campaigns/metrics.js';
import { Badge, type BadgeTone } from '../components/Badge.js';
import { Card } from '../components/Card.js';
import { formatCount } from '../format.js';

/** The analytics displays know active and paused; any other status is neutral (spec 3 section 4). */
const statusTone = (status: string): BadgeTone => (status === 'active' ? 'success' : status === 'paused' ? 'warning' : 'neutral');

/** Campaign Details: name with /r/{slug}, type, status, visits, conversions, rate (1 decimal), revenue in whole dollars. */
export function CampaignTable({ rows }: { readonly rows: readonly CampaignPerformance[] }) {
  return (
    <Card title="Campaign Details">
      <div className="table-scroll">
        <table className="data-table campaign-table" data-testid="campaign-table">
          <thead>
            <tr>
              <th scope="col">Campaign</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">Visits</th>
              <th scope="col">Conversions</th>
              <th scope="col">Rate</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.slug} data-slug={p.slug}>
                <th scope="row">
                  <span className="campaign-name">{p.campaign_name}</span>
                  <span className="campaign-slug muted">/r/{p.slug}</span>
                </th>
                <td className="capitalize">{p.campaign_type}</td>
                <td>
                  <Badge tone={statusTone(p.status)}>{p.status}</Badge>
                </td>
                <td data-col="visits">{formatCount(p.visits)}</td>
                <td data-col="conversions">{formatCount(p.conversions)}</td>
                <td data-col="rate">{formatRate(p.conversion_rate)}</td>
                <td data-col="revenue">{formatWholeDollars(p.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
