import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import { DragDropContext, type DropResult } from '@hello-pangea/dnd';
import type { FeedbackItem } from '../../shared/rules/feedback/types.js';
import type { FeedbackBoard } from '../../shared/contract/areas/feedback.js';
import { BOARD_COLUMNS, SEARCH_MAX_LENGTH } from '../../shared/rules/feedback/model.js';
import { TYPE_FILTERS } from '../../shared/rules/feedback/list.js';
import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { styleNonce } from '../components/style-nonce.js';
import { formatCount } from '../lib/format.js';
import { param } from '../lib/query-state.js';
import { useQueryState } from '../lib/useQueryState.js';
import { useRowContextMenu } from '../components/RowMenu.js';
import { notify } from '../components/Toaster.js';
import { copyText } from '../lib/clipboard.js';
import { BoardColumn } from './BoardColumn.js';
import { FeedbackDialog } from './FeedbackDialog.js';
import { FeedbackFilters } from './FeedbackFilters.js';
import { ExportButton } from './ExportButton.js';
import { useFeedbackWrites } from './useFeedbackWrites.js';
import { useMorePages } from './useMorePages.js';

const NONCE = styleNonce();
/** What a screen reader says on a card's grip: what the keyboard really does on this board. */
const GRIP_INSTRUCTIONS =
  'Press space bar to lift the card. Use the left and right arrow keys to move it to another column and the up and down arrow keys to move it within a column. Press space bar again to drop it, or escape to cancel. The Move list on the card does the same.';
/** The board asks main again only once typing pauses: the search runs in SQL. */
const SEARCH_DEBOUNCE_MS = 250;

/** The board's state in the address: ?q=…&type=bug&status=in_progress (status: one column of the board). */
const QUERY = {
  q: param.text('', SEARCH_MAX_LENGTH),
  type: param.oneOf(TYPE_FILTERS, 'all'),
  status: param.oneOf(['all', ...BOARD_COLUMNS.map((c) => c.id)], 'all'),
};

const loaded = (board: FeedbackBoard | undefined): FeedbackItem[] => (board ? BOARD_COLUMNS.flatMap((c) => board.columns[c.id].items) : []);

/** /admin/feedback: the board (New, Reviewed, In Progress, Resolved / Closed), search, type filter, export, trash link. */
export default function FeedbackBoardPage() {
  const [{ q: search, type, status }, setState] = useQueryState(QUERY);
  const query = { search, type };
  // While a new search or type is read, the board keeps showing the last one (no loading flash per keystroke).
  const board = useOp('feedback', 'board', query, { placeholderData: keepPreviousData });
  const pages = useMorePages(query, board.data?.data);
  const writes = useFeedbackWrites();
  const [openId, setOpenId] = useState<string | null>(null);
  const data = board.data?.data;
  const columns = BOARD_COLUMNS.filter((c) => status === 'all' || c.id === status);
  const shown = data ? columns.reduce((n, c) => n + data.counts[c.id], 0) : 0;
  const find = (id: string) => loaded(data).find((i) => i.id === id) ?? null;
  const open = openId ? find(openId) : null;
  // Right-click, the ContextMenu key or Shift+F10 on a card: its own actions, the same as its buttons.
  const context = useRowContextMenu();
  const cardMenu = context.listProps((target) => {
    const card = target.closest<HTMLElement>('[data-feedback-id]');
    const item = card ? find(card.dataset.feedbackId ?? '') : null;
    if (!card || !item) return null;
    return {
      row: card,
      label: `Actions for ${item.title}`,
      items: [
        { label: 'Open', shortcut: 'rowOpen', onSelect: () => setOpenId(item.id) },
        {
          label: 'Copy ID',
          onSelect: () => void copyText(item.id).then((ok) => (ok ? notify.success('Feedback ID copied to clipboard') : notify.error('Copy failed'))),
        },
        { label: 'Delete', danger: true, shortcut: 'rowDelete', onSelect: () => void writes.remove(item, true) },
      ],
    };
  });

  const onDragEnd = ({ source, destination, draggableId }: DropResult) => {
    if (!destination || destination.droppableId === source.droppableId) return;
    const item = find(draggableId);
    const target = BOARD_COLUMNS.find((c) => c.id === destination.droppableId);
    if (item && target) void writes.move(item, target.dropStatus);
  };

  return (
    <div className="page page-wide">
      <PageHeader
        title="Feedback Management"
        subtitle="Triage bug reports, feature requests and general feedback"
        actions={
          <>
            <Link className="button button-secondary" to="/admin/feedback/deleted">
              Deleted Feedback
            </Link>
            <ExportButton search={search} type={type} disabled={shown === 0} />
          </>
        }
      />
      <FeedbackFilters
        search={search}
        onSearch={(q) => setState({ q })}
        debounceMs={SEARCH_DEBOUNCE_MS}
        type={type}
        onType={(t) => setState({ type: t })}
        status={{ value: status, onChange: (s) => setState({ status: s }) }}
        summary={
          <span data-testid="board-count" aria-busy={board.isPlaceholderData}>
            Showing {formatCount(shown)} of {formatCount(data?.total ?? 0)}
          </span>
        }
      />
      <QueryView query={board} loadingLabel="Loading feedback..." isEmpty={(d) => d.total === 0} emptyTitle="No feedback yet">
        {(d) => (
          <DragDropContext onDragEnd={onDragEnd} dragHandleUsageInstructions={GRIP_INSTRUCTIONS} {...(NONCE ? { nonce: NONCE } : {})}>
            <div className="fb-board" {...cardMenu}>
              {columns.map((c) => (
                <BoardColumn
                  key={c.id}
                  column={c}
                  count={d.counts[c.id]}
                  items={d.columns[c.id].items}
                  more={d.columns[c.id].more}
                  loadingMore={pages.loading.has(c.id)}
                  onMore={pages.more[c.id]}
                  loadFailed={pages.failed.has(c.id)}
                  onRetry={pages.retry[c.id]}
                  onOpen={(i) => setOpenId(i.id)}
                  onMove={(i, s) => void writes.move(i, s)}
                  onDelete={(i) => void writes.remove(i, true)}
                />
              ))}
            </div>
          </DragDropContext>
        )}
      </QueryView>
      <FeedbackDialog item={open} writes={writes} onClose={() => setOpenId(null)} />
      {context.menu}
    </div>
  );
}
