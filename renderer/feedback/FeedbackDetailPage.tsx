import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { FeedbackItem } from '../../shared/types/feedback.js';
import { ALL_TAGS, DETAIL_STATUSES, FEEDBACK_MESSAGES as M, STATUS_LABELS, TYPE_LABELS, type LiveStatus } from '../../shared/rules/feedback/model.js';
import { useOp } from '../api/hooks.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { PageHeader } from '../components/PageHeader.js';
import { ErrorState, OfflineNotice, Spinner } from '../components/States.js';
import { ConfirmDialog } from '../versions/ConfirmDialog.js';
import { formatDateTime } from '../format.js';
import { TYPE_TONE } from './FeedbackCard.js';
import { TagEditor } from './TagEditor.js';
import { safeAttachmentHref } from './links.js';
import { useFeedbackWrites } from './useFeedbackWrites.js';

/** /admin/feedback/{id}: one item with its status, tags and details; Delete moves it to the trash (A3). */
export default function FeedbackDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useOp('feedback', 'get', { id }, { enabled: /^[0-9a-f-]{36}$/i.test(id) });
  const back = () => void navigate('/admin/feedback');
  if (!/^[0-9a-f-]{36}$/i.test(id) || (detail.data && detail.data.data === null)) {
    return (
      <div className="page">
        <div className="state state-empty">
          <h1 className="state-title">{M.notFound}</h1>
          <Button onClick={back}>{M.backToList}</Button>
        </div>
      </div>
    );
  }
  if (detail.isPending) return <Spinner label="Loading feedback..." />;
  if (!detail.data?.data) return <ErrorState message={detail.error?.message ?? 'Failed to load feedback'} onRetry={() => void detail.refetch()} />;
  return <Detail item={detail.data.data} offlineAt={detail.data.offline?.fetchedAt} onBack={back} />;
}

function Detail({ item, offlineAt, onBack }: { readonly item: FeedbackItem; readonly offlineAt: string | undefined; readonly onBack: () => void }) {
  const writes = useFeedbackWrites();
  const [confirming, setConfirming] = useState(false);
  const href = safeAttachmentHref(item.attachmentUrl);
  const inTrash = item.status === 'deleted';
  // A board status (reviewed) is shown as it is, though the page offers the detail statuses.
  const statuses: readonly LiveStatus[] = inTrash || (DETAIL_STATUSES as readonly string[]).includes(item.status) ? DETAIL_STATUSES : [item.status as LiveStatus, ...DETAIL_STATUSES];
  return (
    <div className="page">
      <Button variant="ghost" onClick={onBack}>
        ← Back
      </Button>
      <PageHeader
        title={item.title}
        subtitle={
          <>
            Created {formatDateTime(item.createdAt)} · Updated {formatDateTime(item.updatedAt)}
          </>
        }
        actions={
          inTrash ? null : (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )
        }
      />
      {offlineAt ? <OfflineNotice fetchedAt={offlineAt} /> : null}
      {inTrash ? (
        <p className="offline-notice" role="status">
          This feedback is in the trash. <Link to="/admin/feedback/deleted">Open Deleted Feedback</Link> to restore it.
        </p>
      ) : null}
      <div className="fb-detail">
        <div className="fb-detail-main">
          <section className="card">
            <h2 className="card-title">Description</h2>
            <p className="fb-description" data-testid="feedback-description">
              {item.description}
            </p>
            {item.attachmentUrl ? (
              <p>
                Attachment:{' '}
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    View attachment
                  </a>
                ) : (
                  <span className="muted">{item.attachmentUrl}</span>
                )}
              </p>
            ) : null}
          </section>
          <section className="card">
            <h2 className="card-title">Status</h2>
            <select
              className="control"
              aria-label="Status"
              value={inTrash ? '' : item.status}
              disabled={inTrash}
              onChange={(e) => void writes.move(item, e.target.value as LiveStatus)}
            >
              {inTrash ? <option value="">Deleted</option> : null}
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </section>
          <section className="card">
            <h2 className="card-title">Tags</h2>
            <TagEditor
              tags={item.tags}
              suggestions={ALL_TAGS}
              busy={writes.tagsBusy || inTrash}
              onChange={(tags, change) => writes.saveTags(item, tags, change === 'added' ? M.tagAdded : M.tagRemoved)}
            />
          </section>
        </div>
        <aside className="card fb-detail-panel">
          <h2 className="card-title">Details</h2>
          <dl>
            <dt>Type</dt>
            <dd>
              <Badge tone={TYPE_TONE[item.type]}>{TYPE_LABELS[item.type]}</Badge>
            </dd>
            <dt>ID</dt>
            <dd className="fb-id">{item.id}</dd>
            <dt>Created</dt>
            <dd>{formatDateTime(item.createdAt)}</dd>
            <dt>Updated</dt>
            <dd>{formatDateTime(item.updatedAt)}</dd>
          </dl>
        </aside>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete feedback?"
        confirmLabel="Delete"
        danger
        busy={writes.deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void writes.remove(item, false).then((ok) => {
            setConfirming(false);
            if (ok) onBack();
          })
        }
      >
        <p>The feedback moves to Deleted Feedback, where it can be restored or deleted for good.</p>
      </ConfirmDialog>
    </div>
  );
}
