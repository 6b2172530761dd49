import { useNow } from '../lib/useNow.js';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Banner } from '../../shared/rules/banners/types.js';
import { BANNER_MESSAGES } from '../../shared/rules/banners/fields.js';
import { useOp, useWriteOp, type OpError } from '../api/hooks.js';
import { errorText } from '../lib/op-error-text.js';
import { DeleteConfirm } from '../components/DeleteConfirm.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { notify } from '../components/Toaster.js';
import { BannerCard } from './BannerCard.js';
import './banners.css';

const M = BANNER_MESSAGES;

/** /admin/banners: every banner newest first, its active switch, edit, delete after confirming. */
export default function BannersPage() {
  const banners = useOp('banners', 'list', {});
  const toggle = useWriteOp('banners', 'setActive');
  const remove = useWriteOp('banners', 'delete');
  const [target, setTarget] = useState<Banner | null>(null);
  const now = useNow();

  // A failed write re-reads the list, so the screen shows what the server holds (another admin may have acted).
  const failed = (title: string) => (err: OpError) => {
    console.error(`${title}: ${err.message}`);
    notify.error(title, errorText(err));
    void banners.refetch();
  };

  return (
    <div className="page">
      <PageHeader
        title="System Banners"
        subtitle="Messages shown to groups of users in the app"
        back={{ to: '/admin/dashboard', label: 'Back to Admin' }}
        actions={
          <Link className="button button-primary" to="/admin/banners/new/edit">
            New Banner
          </Link>
        }
      />
      <QueryView
        query={banners}
        loadingLabel="Loading banners..."
        errorPrefix={`${M.loadListFailed}: `}
        isEmpty={(d) => d.length === 0}
        emptyTitle="No banners yet"
        emptyMessage="Create one with New Banner."
      >
        {(list) => (
          <ul className="banner-list">
            {list.map((b) => (
              <BannerCard
                key={b.id}
                banner={b}
                now={now}
                toggling={toggle.isPending && toggle.variables?.id === b.id}
                onToggle={(active) =>
                  toggle.mutate(
                    { id: b.id, active },
                    { onSuccess: () => notify.success(active ? M.activated : M.deactivated), onError: failed(M.updateFailed) },
                  )
                }
                onDelete={() => setTarget(b)}
              />
            ))}
          </ul>
        )}
      </QueryView>
      <DeleteConfirm
        target={target}
        title="Delete banner?"
        describe={(b) => `"${b.title}" is deleted for good.`}
        run={(b) => remove.mutateAsync({ id: b.id })}
        succeeded={() => notify.success(M.deleted)}
        failed={(err) => failed(M.deleteFailed)(err as OpError)}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}
