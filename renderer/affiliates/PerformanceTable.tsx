import { Link } from 'react-router-dom';
import { Card } from '../components/Card.js';
import { Badge } from '../components/Badge.js';
import { DataTable, type Column } from '../components/DataTable.js';
import { EmptyState } from '../components/States.js';
import { formatCount } from '../lib/format.js';
import { formatCents, linkTypeLabel, type LinkPerformance } from '../../shared/rules/affiliates/figures.js';

const COLUMNS: readonly Column<LinkPerformance>[] = [
  {
    header: 'Campaign',
    cell: (l) => (
      <>
        <div className="strong">{l.campaignName}</div>
        <div className="muted mono">/r/{l.slug}</div>
      </>
    ),
  },
  { header: 'Type', cell: (l) => <Badge tone={l.isAffiliateLink ? 'accent' : 'neutral'}>{linkTypeLabel(l.isAffiliateLink)}</Badge> },
  { header: 'Revenue', cell: (l) => formatCents(l.revenueCents) },
  { header: 'Commission', cell: (l) => formatCents(l.commissionCents) },
  { header: 'Conversions', cell: (l) => formatCount(l.payments) },
  { header: 'Customers', cell: (l) => formatCount(l.customers) },
  {
    header: 'Actions',
    hideHeader: true,
    cell: (l) => (
      <Link className="button button-ghost" to={`/admin/marketing-links/${l.id}/analytics`} aria-label={`View analytics of ${l.campaignName}`}>
        View
      </Link>
    ),
  },
];

/** Affiliate Performance: every link with revenue in the period, by revenue descending (the server's order). */
export function PerformanceTable({ links }: { readonly links: readonly LinkPerformance[] }) {
  return (
    <Card title="Affiliate Performance">
      {links.length === 0 ? (
        <EmptyState title="No revenue in this period" />
      ) : (
        // Focusable so that a table wider than a narrow window scrolls by keyboard too.
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Affiliate performance">
          <DataTable
            className="data-table affiliate-table"
            testId="performance"
            columns={COLUMNS}
            rows={links}
            rowKey={(l) => l.id}
            rowData={(l) => ({ 'data-link-id': l.id })}
          />
        </div>
      )}
    </Card>
  );
}
