import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { FeedbackItem } from '../../shared/rules/feedback/types.js';
import { ALL_TAGS, DETAIL_STATUSES, FEEDBACK_MESSAGES as M, STATUS_LABELS, TYPE_LABELS, type LiveStatus } from '../../shared/rules/feedback/model.js';
import { useOp } from '../api/hooks.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { BackLink, PageHeader } from '../components/PageHeader.js';
import { DeleteConfirm } from '../components/DeleteConfirm.js';
import { QueryView } from '../components/QueryView.js';
import { SelectField } from '../components/FormFields.js';
import { formatDateTime } from '../lib/format.js';
import { TYPE_TONE } from './FeedbackCard.js';
import { TagEditor } from './TagEditor.js';
import { safeAttachmentHref } from './links.js';
import { useFeedbackWrites } from './useFeedbackWrites.js';

/** /admin/feedback/{id}: one item with its status, tags and details; Delete moves it to the trash (A3). */
export default function FeedbackDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // Not an id at all: asked as the all-zero id, which no row has, so the page says Feedback Not Found.
  const detail = useOp('feedback', 'get', { id: UUID.test(id) ? id : NO_ID });
  const back = () => void navigate(BOARD);
  return (
    <div className="page">
      <QueryView
        query={detail}
        loadingLabel="Loading feedback..."
        isEmpty={(d) => d === null}
        emptyTitle={M.notFound}
        emptyMessage={<BackLink to={BOARD} label={M.backToList} />}
      >
        {(item) => (item ? <Detail item={item} onBack={back} /> : null)}
      </QueryView>
    </div>
  );
}

const BOARD = '/admin/feedback';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_ID = '00000000-0000-0000-0000-000000000000';

function Detail({ item, onBack }: { readonly item: FeedbackItem; readonly onBack: () => void }) {
  const writes = useFeedbackWrites();
  const [confirming, setConfirming] = useState(false);
  const href = safeAttachmentHref(item.attachmentUrl);
  const inTrash = item.status === 'deleted';
  // A board status (reviewed) is shown as it is, though the page offers the detail statuses.
  const statuses: readonly LiveStatus[] =
    inTrash || (DETAIL_STATUSES as readonly string[]).includes(item.status) ? DETAIL_STATUSES : [item.status as LiveStatus, ...DETAIL_STATUSES];
  return (
    <>
      <PageHeader
        title={item.title}
        subtitle={
          <>
            Created {formatDateTime(item.createdAt)} · Updated {formatDateTime(item.updatedAt)}
          </>
        }
        back={{ to: BOARD, label: '← Back' }}
        actions={
          inTrash ? null : (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )
        }
      />
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
            <SelectField
              label="Status"
              value={inTrash ? '' : item.status}
              disabled={inTrash}
              options={statuses.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
              {...(inTrash ? { placeholder: 'Deleted' } : {})}
              onValueChange={(v) => void writes.move(item, v as LiveStatus)}
            />
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
      {/* The feedback writes say how the delete went themselves (toasts); only a success leaves the page. */}
      <DeleteConfirm
        target={confirming ? item : null}
        title="Delete feedback?"
        describe={() => 'The feedback moves to Deleted Feedback, where it can be restored or deleted for good.'}
        run={(i) => writes.remove(i, false)}
        succeeded={(_, ok) => (ok ? onBack() : undefined)}
        failed={() => undefined}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
