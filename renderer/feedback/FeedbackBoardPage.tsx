import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { DragDropContext, type DropResult } from '@hello-pangea/dnd';
import type { FeedbackItem } from '../../shared/types/feedback.js';
import { BOARD_COLUMNS, columnOf, type BoardColumnId } from '../../shared/rules/feedback/model.js';
import { filterFeedback, type TypeFilter } from '../../shared/rules/feedback/list.js';
import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { styleNonce } from '../components/style-nonce.js';
import { formatCount } from '../format.js';
import { BoardColumn } from './BoardColumn.js';
import { FeedbackDialog } from './FeedbackDialog.js';
import { FeedbackFilters } from './FeedbackFilters.js';
import { ExportButton } from './ExportButton.js';
import { useFeedbackWrites } from './useFeedbackWrites.js';

const EMPTY: readonly FeedbackItem[] = [];
const NONCE = styleNonce();

/** /admin/feedback: the board (New, Reviewed, In Progress, Resolved / Closed), search, type filter, export, trash link. */
export default function FeedbackBoardPage() {
  const board = useOp('feedback', 'board', {});
  const writes = useFeedbackWrites();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<TypeFilter>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const all = board.data?.data.items ?? EMPTY;
  const shown = useMemo(() => filterFeedback(all, search, type), [all, search, type]);
  const columns = useMemo(() => {
    const by: Record<BoardColumnId, FeedbackItem[]> = { new: [], reviewed: [], in_progress: [], done: [] };
    for (const item of shown) {
      const c = columnOf(item.status);
      if (c) by[c].push(item);
    }
    return by;
  }, [shown]);
  const open = openId ? (all.find((i) => i.id === openId) ?? null) : null;

  const onDragEnd = ({ source, destination, draggableId }: DropResult) => {
    if (!destination || destination.droppableId === source.droppableId) return;
    const item = all.find((i) => i.id === draggableId);
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
            <ExportButton search={search} type={type} disabled={shown.length === 0} />
          </>
        }
      />
      <FeedbackFilters
        search={search}
        onSearch={setSearch}
        type={type}
        onType={setType}
        summary={
          <span data-testid="board-count">
            Showing {formatCount(shown.length)} of {formatCount(all.length)}
          </span>
        }
      />
      <QueryView query={board} loadingLabel="Loading feedback..." isEmpty={(d) => d.items.length === 0} emptyTitle="No feedback yet">
        {() => (
          <DragDropContext onDragEnd={onDragEnd} {...(NONCE ? { nonce: NONCE } : {})}>
            <div className="fb-board">
              {BOARD_COLUMNS.map((c) => (
                <BoardColumn key={c.id} column={c} items={columns[c.id]} onOpen={(i) => setOpenId(i.id)} onMove={(i, s) => void writes.move(i, s)} onDelete={(i) => void writes.remove(i, true)} />
              ))}
            </div>
          </DragDropContext>
        )}
      </QueryView>
      <FeedbackDialog item={open} writes={writes} onClose={() => setOpenId(null)} />
    </div>
  );
}
