import { useEffect, useRef } from 'react';
import { Draggable, Droppable, type DroppableProvidedProps } from '@hello-pangea/dnd';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { FeedbackItem } from '../../shared/rules/feedback/types.js';
import type { BoardColumn as Column, LiveStatus } from '../../shared/rules/feedback/model.js';
import { Button } from '../components/Button.js';
import { formatCount } from '../lib/format.js';
import { CARD_GAP, CARD_HEIGHT, FeedbackCard } from './FeedbackCard.js';

interface Props {
  readonly column: Column;
  /** The exact number of cards in the column for the search and type (SQL), of which `items` are loaded. */
  readonly count: number;
  readonly items: readonly FeedbackItem[];
  /** Older cards follow; `onMore` reads the next page (the board ignores a call while one is under way). */
  readonly more: boolean;
  readonly loadingMore: boolean;
  readonly onMore: () => void;
  /** The last read of the next page failed (scrolling does not repeat it): offer `onRetry`. */
  readonly loadFailed: boolean;
  readonly onRetry: () => void;
  readonly onOpen: (item: FeedbackItem) => void;
  readonly onMove: (item: FeedbackItem, status: LiveStatus) => void;
  readonly onDelete: (item: FeedbackItem) => void;
}

/**
 * Room on each side of a card inside its column. Without it, a card is a fraction of a pixel wider than the column's
 * scroll box (fractional grid widths against the box's whole-pixel client width), so the drag library never sees any
 * card of another column as fully visible and a keyboard move across columns (arrow left/right) does nothing.
 */
const CARD_INSET = 2;

/** Cards from the end of the loaded ones at which the next page is read. */
const READ_AHEAD = 8;

/**
 * One board column, rendered virtually (only the cards in view exist) and read in pages as it scrolls, so 20,000
 * items stay usable. The droppable runs in the drag library's virtual mode: the dragged card is drawn as a clone,
 * and one card's room is added while a card hovers over the column.
 */
export function BoardColumn({ column, count, items, more, loadingMore, onMore, loadFailed, onRetry, onOpen, onMove, onDelete }: Props) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const headingId = `fb-col-${column.id}`;
  return (
    <section className="fb-column" aria-labelledby={headingId} data-testid={`column-${column.id}`}>
      <h2 className="fb-column-title" id={headingId}>
        {column.title} <span className="fb-column-count">{formatCount(count)}</span>
      </h2>
      <Droppable
        droppableId={column.id}
        mode="virtual"
        renderClone={(provided, snapshot, rubric) => {
          const item = items[rubric.source.index];
          return item ? (
            <FeedbackCard item={item} provided={provided} dragging={snapshot.isDragging} onOpen={onOpen} onMove={onMove} onDelete={onDelete} />
          ) : (
            <div ref={provided.innerRef} />
          );
        }}
      >
        {(provided, snapshot) => (
          <VirtualCards
            items={items}
            more={more}
            onMore={onMore}
            extra={snapshot.isUsingPlaceholder ? 1 : 0}
            over={snapshot.isDraggingOver}
            setRef={(el) => {
              scrollRef.current = el;
              provided.innerRef(el);
            }}
            scrollRef={scrollRef}
            droppableProps={provided.droppableProps}
            onOpen={onOpen}
            onMove={onMove}
            onDelete={onDelete}
          />
        )}
      </Droppable>
      <div className="fb-column-more">
        <p className="muted" aria-live="polite">
          {loadingMore
            ? 'Loading more feedback...'
            : loadFailed
              ? 'Loading more feedback failed.'
              : more
                ? `${formatCount(items.length)} of ${formatCount(count)} loaded; scroll for more`
                : ''}
        </p>
        {loadFailed && !loadingMore ? (
          <Button variant="secondary" onClick={onRetry} aria-label={`Retry loading ${column.title}`}>
            Retry
          </Button>
        ) : null}
      </div>
    </section>
  );
}

interface CardsProps extends Pick<Props, 'items' | 'more' | 'onMore' | 'onOpen' | 'onMove' | 'onDelete'> {
  readonly extra: number;
  readonly over: boolean;
  readonly setRef: (el: HTMLDivElement | null) => void;
  readonly scrollRef: React.RefObject<HTMLDivElement | null>;
  readonly droppableProps: DroppableProvidedProps;
}

function VirtualCards({ items, more, onMore, extra, over, setRef, scrollRef, droppableProps, onOpen, onMove, onDelete }: CardsProps) {
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is used as TanStack documents it
  const virtualizer = useVirtualizer({
    count: items.length + extra,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_HEIGHT + CARD_GAP,
    overscan: 4,
    getItemKey: (i) => items[i]?.id ?? `room-${i}`,
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.length > 0 ? (rows[rows.length - 1]?.index ?? 0) : -1;
  // Near the end of the loaded cards: read the next page before the user reaches it.
  useEffect(() => {
    if (more && lastShown >= items.length - READ_AHEAD) onMore();
  }, [more, lastShown, items.length, onMore]);
  return (
    <div ref={setRef} {...droppableProps} className={`fb-column-scroll${over ? ' fb-column-over' : ''}`}>
      {items.length === 0 ? <p className="muted fb-column-empty">No feedback</p> : null}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {rows.map((row) => {
          const item = items[row.index];
          if (!item) return null;
          return (
            <Draggable key={item.id} draggableId={item.id} index={row.index}>
              {(p) => (
                <FeedbackCard
                  item={item}
                  provided={p}
                  style={{ position: 'absolute', top: row.start, left: CARD_INSET, right: CARD_INSET, height: CARD_HEIGHT }}
                  onOpen={onOpen}
                  onMove={onMove}
                  onDelete={onDelete}
                />
              )}
            </Draggable>
          );
        })}
      </div>
    </div>
  );
}
