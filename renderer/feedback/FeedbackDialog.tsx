import { Link } from 'react-router-dom';
import type { FeedbackItem } from '../../shared/rules/feedback/types.js';
import { FEEDBACK_MESSAGES as M, LIVE_STATUSES, QUICK_TAGS, STATUS_LABELS, TYPE_LABELS, type LiveStatus } from '../../shared/rules/feedback/model.js';
import { Button } from '../components/Button.js';
import { SelectField } from '../components/FormFields.js';
import { Modal } from '../components/Modal.js';
import { formatDateTime } from '../lib/format.js';
import { TagEditor } from './TagEditor.js';
import type { useFeedbackWrites } from './useFeedbackWrites.js';

interface Props {
  /** The board's current copy of the item; null closes the dialog. */
  readonly item: FeedbackItem | null;
  readonly writes: ReturnType<typeof useFeedbackWrites>;
  readonly onClose: () => void;
}

/** The board's detail dialog: change the status and edit the tags (quick tags, Enter adds). */
export function FeedbackDialog({ item, writes, onClose }: Props) {
  return (
    <Modal open={item !== null} title={item?.title ?? ''} width="560px" onClose={onClose} testId="feedback-dialog">
      {item ? (
        <>
          <p className="muted">
            {TYPE_LABELS[item.type]} · {formatDateTime(item.createdAt)}
          </p>
          <p className="fb-description">{item.description}</p>
          <SelectField
            label="Status"
            className="fb-field"
            value={item.status}
            options={LIVE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            onValueChange={(v) => void writes.move(item, v as LiveStatus)}
          />
          <TagEditor tags={item.tags} suggestions={QUICK_TAGS} busy={writes.tagsBusy} onChange={(tags) => writes.saveTags(item, tags, M.tagsUpdated)} />
          <div className="confirm-actions">
            <Link className="button button-ghost" to={`/admin/feedback/${item.id}`}>
              Open full page
            </Link>
            <Button onClick={onClose}>Close</Button>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
