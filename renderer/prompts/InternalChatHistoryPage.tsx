import { useEffect, useState } from 'react';
import { CONVERSATION_PAGE_SIZE, CONVERSATION_PERIODS, PERIOD_LABELS, pageWithin, type ConversationPeriod } from '../../shared/rules/prompts/conversations.js';
import { CHATBOT_MESSAGES } from '../../shared/rules/prompts/messages.js';
import type { ConversationSummary } from '../../shared/rules/prompts/types.js';
import { useOp, useWriteOp, type OpError } from '../api/hooks.js';
import { errorText } from '../lib/op-error-text.js';
import { Button } from '../components/Button.js';
import { DeleteConfirm } from '../components/DeleteConfirm.js';
import { ListToolbar } from '../components/ListToolbar.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { StatCards } from '../components/StatCards.js';
import { notify } from '../components/Toaster.js';
import { ConversationDialog } from './ConversationDialog.js';
import './prompts.css';
import { formatCounted, formatDateTime } from '../lib/format.js';

/** /admin/internal-chatbot/history: the internal chat conversations, read a page at a time with exact counts. */
export default function InternalChatHistoryPage() {
  const [search, setSearch] = useState('');
  const [period, setPeriod] = useState<ConversationPeriod>('all');
  const [page, setPage] = useState(0);
  const [viewing, setViewing] = useState<string | null>(null);
  const [target, setTarget] = useState<ConversationSummary | null>(null);
  const list = useOp('prompts', 'conversations', { search, period, page }, { placeholderData: (prev) => prev });
  const remove = useWriteOp('prompts', 'deleteConversation');
  const data = list.data?.data;
  const first = page * CONVERSATION_PAGE_SIZE;
  // A delete that empties the last page (here or by another administrator) moves back to the last page with rows.
  const settled = data !== undefined && !list.isPlaceholderData;
  const matching = data?.matching ?? 0;
  useEffect(() => {
    if (settled && pageWithin(page, matching) !== page) setPage(pageWithin(page, matching));
  }, [settled, matching, page]);

  return (
    <div className="page">
      <PageHeader title="Internal Chat History" subtitle="Conversations with the internal chatbot" back={{ to: '/admin/internal-chatbot' }} />
      <StatCards
        loading={list.isPending}
        items={[
          { id: 'chats-total', label: 'Total', value: data?.stats.total, format: 'count' },
          { id: 'chats-today', label: 'Today', value: data?.stats.today, format: 'count' },
          { id: 'chats-week', label: 'This Week', value: data?.stats.week, format: 'count' },
        ]}
      />
      <ListToolbar
        search={{ label: 'Search conversations', value: search, onChange: (v) => (setSearch(v), setPage(0)), placeholder: 'Search by e-mail', debounceMs: 250 }}
        filters={[
          {
            label: 'Filter by time',
            value: period,
            onChange: (v) => (setPeriod(v as ConversationPeriod), setPage(0)),
            options: CONVERSATION_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] })),
          },
        ]}
        summary={
          data ? (
            <span data-testid="conversation-count">
              {data.matching === 0 ? 'None' : `Showing ${first + 1}-${first + data.rows.length} of ${data.matching}`}
            </span>
          ) : null
        }
      />
      <QueryView query={list} loadingLabel="Loading conversations..." isEmpty={(d) => d.matching === 0} emptyTitle={CHATBOT_MESSAGES.noConversations}>
        {(d) => (
          <>
            <ul className="card-list conversation-list">
              {d.rows.map((c) => (
                <li key={c.id} className="card conversation-row" data-testid="conversation-row">
                  <div>
                    <strong>{c.email ?? 'Unknown user'}</strong>
                    <span className="muted">
                      {' '}
                      · {formatDateTime(c.updatedAt)} · {formatCounted(c.messageCount, 'message')}
                    </span>
                    <p>{c.firstMessage}</p>
                  </div>
                  <div className="form-actions">
                    <Button onClick={() => setViewing(c.id)} aria-label={`View conversation of ${c.email ?? 'unknown user'}`}>
                      View
                    </Button>
                    <Button variant="danger" onClick={() => setTarget(c)} aria-label={`Delete conversation of ${c.email ?? 'unknown user'}`}>
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            <div className="form-actions">
              <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button disabled={first + d.rows.length >= d.matching} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </div>
          </>
        )}
      </QueryView>
      <ConversationDialog id={viewing} onClose={() => setViewing(null)} />
      <DeleteConfirm
        target={target}
        title="Delete conversation?"
        describe={(c) => `The conversation of ${c.email ?? 'an unknown user'} is deleted for good.`}
        run={(c) => remove.mutateAsync({ id: c.id })}
        succeeded={() => notify.success(CHATBOT_MESSAGES.conversationDeleted)}
        failed={(err) => notify.error(`${CHATBOT_MESSAGES.deleteConversationFailed}: ${errorText(err as OpError)}`)}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}
