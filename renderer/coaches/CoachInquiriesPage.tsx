import { useState } from 'react';
import type { CoachInquiry } from '../../shared/rules/coaches/types.js';
import { INQUIRY_MESSAGES, INQUIRY_STATUSES } from '../../shared/rules/coaches/fields.js';
import { filterInquiries, inquiryStatusCounts, inquiryStatusLabel, type InquiryFilter } from '../../shared/rules/coaches/inquiries.js';
import { useOp, useWriteOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { EmptyState } from '../components/States.js';
import { QueryView } from '../components/QueryView.js';
import { ListToolbar } from '../components/ListToolbar.js';
import { notify } from '../components/Toaster.js';
import { DeleteConfirm } from '../components/DeleteConfirm.js';
import { InquiryCard } from './InquiryCard.js';
import { param } from '../lib/query-state.js';
import { useQueryState } from '../lib/useQueryState.js';

/** The list's state in the address: ?q=…&status=new. */
const QUERY = { q: param.text(), status: param.oneOf<InquiryFilter>(['all', ...INQUIRY_STATUSES], 'all') };

/** /admin/coach-inquiries: search, status filter, any status settable, delete with confirmation. */
export default function CoachInquiriesPage() {
  const inquiries = useOp('coaches', 'inquiries', {});
  const setStatus = useWriteOp('coaches', 'setInquiryStatus');
  const remove = useWriteOp('coaches', 'deleteInquiry');
  const [{ q: search, status }, setState] = useQueryState(QUERY);
  const setSearch = (q: string) => setState({ q });
  const setStatusFilter = (s: InquiryFilter) => setState({ status: s });
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
      <PageHeader title="Coach Inquiries" subtitle="People who want to become coaches" back={{ to: '/admin/dashboard' }} />
      <ListToolbar
        search={{ label: 'Search inquiries', placeholder: 'Search by name, e-mail or message', value: search, onChange: setSearch }}
        filters={[
          {
            label: 'Filter by status',
            value: status,
            onChange: (v) => setStatusFilter(v as InquiryFilter),
            options: [
              { value: 'all', label: `All statuses (${all.length})` },
              ...INQUIRY_STATUSES.map((s) => ({ value: s, label: `${inquiryStatusLabel(s)} (${counts[s]})` })),
            ],
          },
        ]}
        summary={
          <span data-testid="inquiry-count">
            Showing {shown.length} of {all.length}
          </span>
        }
      />
      <QueryView query={inquiries} loadingLabel="Loading inquiries..." isEmpty={(d) => d.length === 0} emptyTitle="No coach inquiries yet">
        {() =>
          shown.length === 0 ? (
            <EmptyState title="No inquiries match" />
          ) : (
            <ul className="inquiry-list">
              {shown.map((i) => (
                <InquiryCard
                  key={i.id}
                  inquiry={i}
                  busy={setStatus.isPending && setStatus.variables?.id === i.id}
                  onStatus={(next) =>
                    setStatus.mutate(
                      { id: i.id, status: next },
                      {
                        onSuccess: () => notify.success(INQUIRY_MESSAGES.statusUpdated),
                        onError: fail(INQUIRY_MESSAGES.updateFailedTitle, INQUIRY_MESSAGES.updateFailed),
                      },
                    )
                  }
                  onDelete={() => setTarget(i)}
                />
              ))}
            </ul>
          )
        }
      </QueryView>
      <DeleteConfirm
        target={target}
        title="Delete inquiry?"
        describe={(i) => `The inquiry from ${i.fullName} (${i.email}) is deleted for good.`}
        run={(i) => remove.mutateAsync({ id: i.id })}
        succeeded={() => notify.success(INQUIRY_MESSAGES.deleted)}
        failed={(err) => fail(INQUIRY_MESSAGES.deleteFailedTitle, INQUIRY_MESSAGES.deleteFailed)(err as never)}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}
