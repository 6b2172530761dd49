import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CoachInquiry } from '../../shared/types/coach.js';
import { INQUIRY_MESSAGES, INQUIRY_STATUSES } from '../../shared/rules/coaches/fields.js';
import { filterInquiries, inquiryStatusCounts, inquiryStatusLabel, type InquiryFilter } from '../../shared/rules/coaches/inquiries.js';
import { useOp, useWriteOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { Button } from '../components/Button.js';
import { EmptyState, ErrorState, OfflineNotice, Spinner } from '../components/States.js';
import { notify } from '../components/Toaster.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { InquiryCard } from './InquiryCard.js';

/** /admin/coach-inquiries: search, status filter, any status settable, delete with confirmation. */
export default function CoachInquiriesPage() {
  const navigate = useNavigate();
  const inquiries = useOp('coaches', 'inquiries', {});
  const setStatus = useWriteOp('coaches', 'setInquiryStatus');
  const remove = useWriteOp('coaches', 'deleteInquiry');
  const [search, setSearch] = useState('');
  const [status, setStatusFilter] = useState<InquiryFilter>('all');
  const [target, setTarget] = useState<CoachInquiry | null>(null);
  const all = inquiries.data?.data ?? [];
  const shown = filterInquiries(all, search, status);
  const counts = inquiryStatusCounts(all);

  const fail = (title: string, message: string) => (err: Error) => {
    console.error(`${title}: ${err.message}`);
    notify.error(title, message);
  };

  return (
    <div className="page">
      <PageHeader title="Coach Inquiries" subtitle="People who want to become coaches" actions={<Button onClick={() => void navigate('/admin/dashboard')}>Back</Button>} />
      {inquiries.data?.offline ? <OfflineNotice fetchedAt={inquiries.data.offline.fetchedAt} /> : null}
      {inquiries.isError ? <ErrorState message={inquiries.error.message} onRetry={() => void inquiries.refetch()} /> : null}
      <div className="inquiry-toolbar">
        <input className="control" type="search" aria-label="Search inquiries" placeholder="Search by name, e-mail or message" value={search} onChange={(e) => setSearch(e.target.value)} />
        <select className="control" aria-label="Filter by status" value={status} onChange={(e) => setStatusFilter(e.target.value as InquiryFilter)}>
          <option value="all">All statuses ({all.length})</option>
          {INQUIRY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {inquiryStatusLabel(s)} ({counts[s]})
            </option>
          ))}
        </select>
        <span className="muted" data-testid="inquiry-count">
          Showing {shown.length} of {all.length}
        </span>
      </div>
      {inquiries.isPending ? <Spinner label="Loading inquiries..." /> : null}
      {inquiries.data && shown.length === 0 ? <EmptyState title={all.length ? 'No inquiries match' : 'No coach inquiries yet'} /> : null}
      <ul className="inquiry-list">
        {shown.map((i) => (
          <InquiryCard
            key={i.id}
            inquiry={i}
            busy={setStatus.isPending && setStatus.variables?.id === i.id}
            onStatus={(next) =>
              setStatus.mutate(
                { id: i.id, status: next },
                { onSuccess: () => notify.success(INQUIRY_MESSAGES.statusUpdated), onError: fail(INQUIRY_MESSAGES.updateFailedTitle, INQUIRY_MESSAGES.updateFailed) },
              )
            }
            onDelete={() => setTarget(i)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={target !== null}
        title="Delete inquiry?"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={() => {
          if (!target) return;
          remove.mutate(
            { id: target.id },
            {
              onSuccess: () => notify.success(INQUIRY_MESSAGES.deleted),
              onError: fail(INQUIRY_MESSAGES.deleteFailedTitle, INQUIRY_MESSAGES.deleteFailed),
              onSettled: () => setTarget(null),
            },
          );
        }}
      >
        {target ? <p>The inquiry from {target.fullName} ({target.email}) is deleted for good.</p> : null}
      </ConfirmDialog>
    </div>
  );
}
