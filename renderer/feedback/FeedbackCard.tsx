/* eslint-disable react-hooks/refs -- @hello-pangea/dnd hands its ref callback (innerRef) and props in one object; using them during render is its documented use. */
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import type { DraggableProvided } from '@hello-pangea/dnd';
import type { FeedbackItem, FeedbackType } from '../../shared/rules/feedback/types.js';
import { BOARD_COLUMNS, columnOf, TYPE_LABELS, type LiveStatus } from '../../shared/rules/feedback/model.js';
import { cardDescription, cardTitle, tagSummary } from '../../shared/rules/feedback/list.js';
import { Badge, type BadgeTone } from '../components/Badge.js';
import { Tooltip } from '../components/Tooltip.js';
import { Select } from '../components/Select.js';

export const TYPE_TONE: Readonly<Record<FeedbackType, BadgeTone>> = { bug: 'danger', feature: 'accent', general: 'neutral' };

/**
 * Every card has the same height so a column of thousands can be rendered virtually: room for a 50-character
 * title on three lines, an 80-character description on two, the tags, and the actions wrapped onto two rows in a
 * narrow column (the status control never shrinks below its longest value).
 */
const MOVE_OPTIONS = BOARD_COLUMNS.map((c) => ({ value: c.id, label: c.title }));

export const CARD_HEIGHT = 256;
export const CARD_GAP = 8;

interface Props {
  readonly item: FeedbackItem;
  readonly provided: DraggableProvided;
  readonly style?: CSSProperties | undefined;
  readonly dragging?: boolean;
  readonly onOpen: (item: FeedbackItem) => void;
  readonly onMove: (item: FeedbackItem, status: LiveStatus) => void;
  readonly onDelete: (item: FeedbackItem) => void;
}

/**
 * A board card: the title cut at 50, the description's first line at 80 (cut by characters with an ellipsis, then
 * shown whole: CSS cuts nothing), the type and two tags. Only the grip is the drag handle
 * (keyboard: focus it, Space, arrows left and right across columns, Space), so the card's own controls are not nested
 * inside a button.
 */
export function FeedbackCard({ item, provided, style, dragging = false, onOpen, onMove, onDelete }: Props) {
  const { shown, more } = tagSummary(item.tags);
  const column = columnOf(item.status);
  return (
    <div
      ref={provided.innerRef}
      {...provided.draggableProps}
      style={{ ...provided.draggableProps.style, ...style }}
      className={`fb-card${dragging ? ' fb-card-dragging' : ''}`}
      data-testid="feedback-card"
      data-feedback-id={item.id}
    >
      <div className="fb-card-top">
        <span className="fb-grip" {...provided.dragHandleProps} aria-label={`Drag ${item.title}`}>
          <span aria-hidden="true">⠿</span>
        </span>
        <Tooltip content={cardTitle(item.title) === item.title ? undefined : item.title}>
          <button type="button" className="fb-card-title" onClick={() => onOpen(item)}>
            {cardTitle(item.title)}
          </button>
        </Tooltip>
      </div>
      <p className="fb-card-description">{cardDescription(item.description)}</p>
      <div className="fb-card-tags">
        <Badge tone={TYPE_TONE[item.type]}>{TYPE_LABELS[item.type]}</Badge>
        {shown.map((t) => (
          <span key={t} className="fb-tag">
            {t}
          </span>
        ))}
        {more > 0 ? <span className="muted">+{more}</span> : null}
      </div>
      <div className="fb-card-actions">
        <Select
          aria-label={`Move ${item.title}`}
          value={column ?? ''}
          options={MOVE_OPTIONS}
          onValueChange={(v) => {
            const target = BOARD_COLUMNS.find((c) => c.id === v);
            if (target) onMove(item, target.dropStatus);
          }}
        />
        <Link className="button button-ghost" to={`/admin/feedback/${item.id}`} aria-label={`Open ${item.title}`}>
          Open
        </Link>
        <button type="button" className="button button-ghost fb-delete" onClick={() => onDelete(item)} aria-label={`Delete ${item.title}`}>
          Delete
        </button>
      </div>
    </div>
  );
}
