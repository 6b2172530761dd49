import { useNow } from '../lib/useNow.js';
import { useState } from 'react';
import type { ContactInquiry } from '../../shared/rules/inquiries/types.js';
import { CONTACT_INQUIRY_MESSAGES, searchContactInquiries } from '../../shared/rules/inquiries/contact.js';
import { useOp, useWriteOp } from '../api/hooks.js';
import { Button } from '../components/Button.js';
import { DeleteConfirm } from '../components/DeleteConfirm.js';
import { ListToolbar } from '../components/ListToolbar.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { StatCards } from '../components/StatCards.js';
import { notify } from '../components/Toaster.js';
import { formatCount } from '../lib/format.js';
import { ContactInquiryItem } from './ContactInquiryItem.js';
import './inquiries.css';
import { param } from '../lib/query-state.js';
import { useQueryState } from '../lib/useQueryState.js';

const M = CONTACT_INQUIRY_MESSAGES;
/** Rows drawn at a time: thousands of inquiries are searched in memory but not all put on the page. */
const PAGE = 50;
/** The search in the address: ?q=…. */
const QUERY = { q: param.text() };

/** /admin/contact-inquiries: Total, This Week and Today; search; the list newest first; delete after confirming. */
export default function ContactInquiriesPage() {
  const list = useOp('inquiries', 'list', {});
  const stats = useOp('inquiries', 'stats', {});
  const remove = useWriteOp('inquiries', 'delete');
  const [{ q: search }, setState] = useQueryState(QUERY);
  const setSearch = (q: string) => setState({ q });
  const [shownCount, setShownCount] = useState(PAGE);
  const [target, setTarget] = useState<ContactInquiry | null>(null);
  const all = list.data?.data ?? [];
  const found = searchContactInquiries(all, search);
  const s = stats.data?.data;
  const now = useNow();

  return (
    <div className="page">
      <PageHeader title="General Inquiries" subtitle="Messages sent through the contact form" back={{ to: '/admin/dashboard', label: 'Back to Dashboard' }} />
      <StatCards
        loading={stats.isPending}
        items={[
          { id: 'inquiries-total', label: 'Total', value: s?.total, format: 'count' },
          { id: 'inquiries-week', label: 'This Week', value: s?.thisWeek, format: 'count', hint: 'Last 7 days', tone: 'info' },
          { id: 'inquiries-today', label: 'Today', value: s?.today, format: 'count', tone: 'success' },
        ]}
      />
      <ListToolbar
        search={{
          label: 'Search inquiries',
          placeholder: 'Search by name, e-mail or message',
          value: search,
          onChange: (v) => {
            setSearch(v);
            setShownCount(PAGE);
          },
        }}
        summary={
          <span data-testid="inquiry-count">
            Showing {formatCount(Math.min(found.length, shownCount))} of {formatCount(found.length)}
            {search.trim() ? ` matching (${formatCount(all.length)} in all)` : ''}
          </span>
        }
      />
      <QueryView query={list} loadingLabel="Loading inquiries..." isEmpty={(d) => d.length === 0} emptyTitle="No inquiries yet">
        {() =>
          found.length === 0 ? (
            <p className="muted">No inquiries match the search.</p>
          ) : (
            <>
              <ul className="contact-inquiry-list">
                {found.slice(0, shownCount).map((i) => (
                  <ContactInquiryItem key={i.id} inquiry={i} now={now} onDelete={() => setTarget(i)} />
                ))}
              </ul>
              {found.length > shownCount ? (
                <Button className="contact-inquiry-more" onClick={() => setShownCount((n) => n + PAGE)}>
                  Show {formatCount(Math.min(PAGE, found.length - shownCount))} more
                </Button>
              ) : null}
            </>
          )
        }
      </QueryView>
      <DeleteConfirm
        target={target}
        title="Delete inquiry?"
        describe={(i) => `The inquiry from ${i.name} (${i.email}) is deleted for good.`}
        run={(i) => remove.mutateAsync({ id: i.id })}
        succeeded={() => notify.success(M.deleted)}
        failed={(err) => {
          console.error(`Deleting an inquiry failed: ${(err as Error).message}`);
          notify.error('Error', M.deleteFailed);
          // Show what the server holds: the row may already be gone.
          void list.refetch();
          void stats.refetch();
        }}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}
