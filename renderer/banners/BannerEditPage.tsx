import { useParams } from 'react-router-dom';
import { BANNER_MESSAGES } from '../../shared/rules/banners/fields.js';
import { emptyBannerForm, formFromBanner } from '../../shared/rules/banners/form.js';
import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { EmptyState } from '../components/States.js';
import { BannerEditor } from './BannerEditor.js';
import './banners.css';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /admin/banners/{id}/edit, with 'new' as the id for a new banner. */
export default function BannerEditPage() {
  const { id = '' } = useParams();
  const isNew = id === 'new';
  const known = !isNew && GUID.test(id);
  const banner = useOp('banners', 'get', { id }, { enabled: known });
  return (
    <div className="page">
      <PageHeader
        title={isNew ? 'New Banner' : 'Edit Banner'}
        subtitle="The preview beside the form shows the banner as users will see it"
        back={{ to: '/admin/banners', label: 'Back to Banners' }}
      />
      {isNew ? (
        <BannerEditor id={null} initial={emptyBannerForm()} />
      ) : !known ? (
        <EmptyState title={BANNER_MESSAGES.notFound} />
      ) : (
        <QueryView
          query={banner}
          loadingLabel="Loading banner..."
          errorPrefix={`${BANNER_MESSAGES.loadFailed}: `}
          isEmpty={(b) => b === null}
          emptyTitle={BANNER_MESSAGES.notFound}
        >
          {(b) => (b ? <BannerEditor key={b.id} id={b.id} initial={formFromBanner(b)} /> : null)}
        </QueryView>
      )}
    </div>
  );
}
