import { Link } from 'react-router-dom';
import { Card } from '../components/Card.js';
import { Badge } from '../components/Badge.js';
import { EmptyState } from '../components/States.js';
import { formatCount } from '../format.js';
import { formatCents, linkTypeLabel, type LinkPerformance } from '../../shared/rules/affiliates/figures.js';

/** Affiliate Performance: every link with revenue in the period, by revenue descending (the server's order). */
export function PerformanceTable({ links }: { readonly links: readonly LinkPerformance[] }) {
  return (
    <Card title="Affiliate Performance">
      {links.length === 0 ? (
        <EmptyState title="No revenue in this period" />
      ) : (
        // Focusable so that a table wider than a narrow window scrolls by keyboard too.
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Affiliate performance">
          <table className="data-table affiliate-table" data-testid="performance">
            <thead>
              <tr>
                <th scope="col">Campaign</th>
                <th scope="col">Type</th>
                <th scope="col">Revenue</th>
                <th scope="col">Commission</th>
                <th scope="col">Conversions</th>
                <th scope="col">Customers</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {links.map((l) => (
                <tr key={l.id} data-link-id={l.id}>
                  <td>
                    <div className="strong">{l.campaignName}</div>
                    <div className="muted mono">/r/{l.slug}</div>
                  </td>
                  <td>
                    <Badge tone={l.isAffiliateLink ? 'accent' : 'neutral'}>{linkTypeLabel(l.isAffiliateLink)}</Badge>
                  </td>
                  <td>{formatCents(l.revenueCents)}</td>
                  <td>{formatCents(l.commissionCents)}</td>
                  <td>{formatCount(l.payments)}</td>
                  <td>{formatCount(l.customers)}</td>
                  <td>
                    <Link className="button button-ghost" to={`/admin/marketing-links/${l.id}/analytics`} aria-label={`View analytics of ${l.campaignName}`}>
                      View
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
