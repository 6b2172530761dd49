import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { MarketingLink } from '../../shared/rules/marketing/types.js';
import { CAMPAIGN_STATUSES, MARKETING_MESSAGES as M, marketingLabel } from '../../shared/rules/marketing/fields.js';
import { filterLinks } from '../../shared/rules/marketing/list.js';
import { useOp, useWriteOp, type OpError } from '../api/hooks.js';
import { usePublicHost } from '../lib/usePublicHost.js';
import { errorText } from '../lib/op-error-text.js';
import { PageHeader } from '../components/PageHeader.js';
import { ListToolbar } from '../components/ListToolbar.js';
import { QueryView } from '../components/QueryView.js';
import { DeleteConfirm } from '../components/DeleteConfirm.js';
import { EmptyState } from '../components/States.js';
import { notify } from '../components/Toaster.js';
import { MarketingHelp } from './MarketingHelp.js';
import { MarketingLinkCard } from './MarketingLinkCard.js';
import { param } from '../lib/query-state.js';
import { useQueryState } from '../lib/useQueryState.js';

const STATUSES = ['all', ...CAMPAIGN_STATUSES] as const;
/** The list's state in the address: ?q=…&status=active. */
const QUERY = { q: param.text(), status: param.oneOf(STATUSES, 'all') };

/** /admin/marketing-links: search (campaign name or slug), status filter, and a card per link. */
export default function MarketingLinksPage() {
  const links = useOp('marketing', 'list', {});
  const remove = useWriteOp('marketing', 'delete');
  const host = usePublicHost();
  const [{ q: search, status }, setState] = useQueryState(QUERY);
  const setSearch = (q: string) => setState({ q });
  const setStatus = (s: string) => setState({ status: s as (typeof STATUSES)[number] });
  const [target, setTarget] = useState<MarketingLink | null>(null);
  const all = links.data?.data ?? [];
  const shown = filterLinks(all, search, status);

  return (
    <div className="page">
      <PageHeader
        title="Marketing Links"
        subtitle="Tracking links for campaigns and affiliates"
        actions={
          <>
            <MarketingHelp />
            <Link className="button button-primary" to="/admin/marketing-links/new">
              New Campaign
            </Link>
          </>
        }
      />
      <ListToolbar
        search={{ label: 'Search marketing links', placeholder: 'Search by campaign name or slug', value: search, onChange: setSearch }}
        filters={[
          {
            label: 'Filter by status',
            value: status,
            onChange: setStatus,
            options: [{ value: 'all', label: 'All statuses' }, ...CAMPAIGN_STATUSES.map((s) => ({ value: s, label: marketingLabel(s) }))],
          },
        ]}
        summary={
          <span data-testid="marketing-count">
            Showing {shown.length} of {all.length}
          </span>
        }
      />
      <QueryView query={links} loadingLabel="Loading marketing links..." isEmpty={(d) => d.length === 0} emptyTitle={M.empty}>
        {() =>
          shown.length === 0 ? (
            <EmptyState title={M.empty} />
          ) : (
            <ul className="marketing-list">
              {shown.map((l) => (
                <MarketingLinkCard key={l.id} link={l} host={host} onDelete={() => setTarget(l)} />
              ))}
            </ul>
          )
        }
      </QueryView>
      <DeleteConfirm
        target={target}
        title="Delete marketing link?"
        describe={(l) => `"${l.campaignName}" (/r/${l.slug}) is deleted for good, with its visit and revenue records.`}
        run={(l) => remove.mutateAsync({ id: l.id })}
        succeeded={() => notify.success(M.deleted)}
        failed={(err) => {
          notify.error(M.deleteFailed, errorText(err as OpError));
          // Removed meanwhile elsewhere: show the list as the server has it.
          void links.refetch();
        }}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}
