import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import { useOp } from '../api/hooks.js';
import { BackLink, PageHeader } from '../components/PageHeader.js';
import { Badge } from '../components/Badge.js';
import { QueryView } from '../components/QueryView.js';
import { StatCards, type StatItem } from '../components/StatCards.js';
import { AFFILIATE_TEXT, avgRevenuePerCustomer, formatCents, linkTypeLabel } from '../../shared/rules/affiliates/figures.js';
import { DEFAULT_AFFILIATE_PERIOD, LINK_PERIOD_LABELS, type AffiliatePeriod } from '../../shared/rules/affiliates/periods.js';
import type { LinkAnalytics } from '../../shared/rules/affiliates/link.js';
import { CopyButton } from '../components/CopyButton.js';
import { notify } from '../components/Toaster.js';
import { usePublicHost } from '../lib/usePublicHost.js';
import { COPIED_MS, MARKETING_MESSAGES as M } from '../../shared/rules/marketing/fields.js';
import { publicLinkUrl } from '../../shared/rules/marketing/slug.js';
import { PeriodSelect } from './PeriodSelect.js';
import { ConversionsOverTime, RevenueOverTime } from './TimeCharts.js';
import { TransactionHistory } from './TransactionHistory.js';

const BACK = '/admin/affiliate-analytics';

/** /admin/marketing-links/{id}/analytics (spec 3): one link's revenue, commissions and conversions for a period. */
export default function LinkAnalyticsPage() {
  const { id = '' } = useParams();
  const [period, setPeriod] = useState<AffiliatePeriod>(DEFAULT_AFFILIATE_PERIOD);
  const query = useOp('affiliates', 'link', { id, days: period }, { placeholderData: keepPreviousData });
  const link = query.data?.data?.link;
  const host = usePublicHost();
  const actions = link ? (
    <CopyButton
      text={publicLinkUrl(host, link.slug)}
      label="Copy Link"
      copiedMs={COPIED_MS}
      onCopied={() => notify.success(M.analyticsLinkCopied, M.analyticsLinkCopiedDetail)}
      onFailed={() => notify.error(M.copyLinkFailed)}
    />
  ) : null;
  return (
    <div className="page analytics-page">
      <PageHeader
        title={link ? link.campaignName : 'Marketing Link Analytics'}
        subtitle={link ? <span className="mono">/r/{link.slug}</span> : undefined}
        back={{ to: BACK }}
        actions={actions}
      />
      <div className="analytics-controls">
        <PeriodSelect value={period} onChange={setPeriod} labels={LINK_PERIOD_LABELS} />
        {link ? <Badge tone={link.isAffiliateLink ? 'accent' : 'neutral'}>{linkTypeLabel(link.isAffiliateLink)}</Badge> : null}
      </div>
      <QueryView
        query={query}
        loadingLabel="Loading link analytics..."
        isEmpty={(d) => d === null}
        emptyTitle={AFFILIATE_TEXT.linkNotFound}
        emptyMessage={<BackLink to={BACK} label={AFFILIATE_TEXT.backToAnalytics} />}
      >
        {(d) => (d ? <LinkBody data={d} /> : null)}
      </QueryView>
    </div>
  );
}

function LinkBody({ data }: { readonly data: LinkAnalytics }) {
  const { link, figures } = data;
  const t = figures.totals;
  const items: StatItem[] = [
    { id: 'kpi-revenue', label: 'Total Revenue', value: formatCents(t.revenueCents), tone: 'success' },
    { id: 'kpi-commissions', label: 'Total Commissions', value: formatCents(t.commissionCents), tone: 'accent' },
    { id: 'kpi-conversions', label: 'Conversions', value: t.payments, format: 'count', tone: 'info' },
    { id: 'kpi-customers', label: 'Unique Customers', value: t.customers, format: 'count', tone: 'info' },
  ];
  // The affiliate cards get a row of their own, so seven cards never leave one alone on a line.
  const affiliateItems: StatItem[] = [
    { id: 'kpi-pending', label: 'Pending Commissions', value: formatCents(t.pendingCents), tone: 'warning' },
    { id: 'kpi-paid', label: 'Paid Commissions', value: formatCents(t.paidCents), tone: 'success' },
    { id: 'kpi-avg-customer', label: 'Avg Revenue/Customer', value: formatCents(avgRevenuePerCustomer(t)), tone: 'accent' },
  ];
  return (
    <div className="affiliate-body" data-period={figures.period}>
      <StatCards items={items} label="Link figures" className="affiliate-kpis" />
      {link.isAffiliateLink ? <StatCards items={affiliateItems} label="Affiliate commissions" className="affiliate-kpis-three" /> : null}
      <div className="grid-2">
        <RevenueOverTime buckets={figures.buckets} />
        <ConversionsOverTime buckets={figures.buckets} />
      </div>
      <TransactionHistory linkId={link.id} period={figures.period} affiliate={link.isAffiliateLink} />
    </div>
  );
}
