import { useNavigate, useParams } from 'react-router-dom';
import type { MarketingLink } from '../../shared/rules/marketing/types.js';
import { MARKETING_MESSAGES as M } from '../../shared/rules/marketing/fields.js';
import { formFromLink } from '../../shared/rules/marketing/form.js';
import { useOp, useWriteOp } from '../api/hooks.js';
import { errorText } from '../lib/op-error-text.js';
import { BackLink, PageHeader } from '../components/PageHeader.js';
import { BACK_TO_LINKS } from './back-to-links.js';
import { QueryView } from '../components/QueryView.js';
import { EmptyState } from '../components/States.js';
import { notify } from '../components/Toaster.js';
import { MarketingHelp } from './MarketingHelp.js';
import { MarketingLinkForm } from './MarketingLinkForm.js';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /admin/marketing-links/{id}/edit: a spinner while loading, 'Marketing Campaign Not Found', or the form. */
export default function EditMarketingLinkPage() {
  const { id = '' } = useParams();
  const known = GUID.test(id);
  const link = useOp('marketing', 'get', { id }, { enabled: known, refetchOnMount: 'always' });
  const notFound = (
    <EmptyState title={M.notFound}>
      <p>No marketing link has this id. It may have been deleted.</p>
      <BackLink {...BACK_TO_LINKS} />
    </EmptyState>
  );
  return (
    <div className="page marketing-page">
      <PageHeader title="Edit Marketing Campaign" subtitle={link.data?.data?.campaignName} back={BACK_TO_LINKS} actions={<MarketingHelp />} />
      {!known ? (
        notFound
      ) : (
        <QueryView
          query={link}
          loadingLabel="Loading marketing campaign..."
          isEmpty={(l) => l === null}
          emptyTitle={M.notFound}
          emptyMessage={
            <>
              <p>No marketing link has this id. It may have been deleted.</p>
              <BackLink {...BACK_TO_LINKS} />
            </>
          }
        >
          {/* Keyed by the row's version: a fresher answer (another administrator's edit) restarts the form from it. */}
          {(l) => (l ? <LinkEditor key={`${l.id}-${l.updatedAt}`} link={l} /> : null)}
        </QueryView>
      )}
    </div>
  );
}

function LinkEditor({ link }: { readonly link: MarketingLink }) {
  const navigate = useNavigate();
  const update = useWriteOp('marketing', 'update');
  return (
    <MarketingLinkForm
      initial={formFromLink(link)}
      isNew={false}
      submitLabel="Update Campaign"
      busy={update.isPending}
      onSave={(fields, form) =>
        update.mutate(
          { id: link.id, link: fields },
          {
            onSuccess: () => {
              notify.success(M.updated);
              void navigate('/admin/marketing-links');
            },
            onError: (err) => {
              if (err.code === 'CONFLICT') form.setError('slug', { message: err.message }, { shouldFocus: true });
              notify.error(M.updateFailed, errorText(err));
            },
          },
        )
      }
    />
  );
}
