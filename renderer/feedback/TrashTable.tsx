import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { FeedbackItem } from '../../shared/rules/feedback/types.js';
import { TYPE_LABELS } from '../../shared/rules/feedback/model.js';
import { cardDescription, tagSummary } from '../../shared/rules/feedback/list.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { formatDate } from '../lib/format.js';
import { TYPE_TONE } from './FeedbackCard.js';
import { Checkbox } from '../components/Checkbox.js';

const ROW_HEIGHT = 64;

interface Props {
  readonly items: readonly FeedbackItem[];
  readonly selected: ReadonlySet<string>;
  readonly busy: boolean;
  readonly onToggle: (id: string) => void;
  readonly onToggleAll: () => void;
  readonly onRestore: (item: FeedbackItem) => void;
  readonly onPurge: (item: FeedbackItem) => void;
}

/** The trash's rows, rendered virtually (spacer rows above and below the visible ones) so thousands stay quick. */
export function TrashTable({ items, selected, busy, onToggle, onToggleAll, onRestore, onPurge }: Props) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is used as TanStack documents it
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const rows = virtualizer.getVirtualItems();
  const before = rows[0]?.start ?? 0;
  const after = rows.length ? virtualizer.getTotalSize() - (rows[rows.length - 1]?.end ?? 0) : 0;
  const allChecked = items.length > 0 && items.every((i) => selected.has(i.id));
  return (
    // Focusable, so the keyboard scrolls it both ways: at 1024 px its last columns sit to the right.
    <div className="fb-trash-scroll" ref={scrollRef} tabIndex={0} role="region" aria-label="Deleted feedback items">
      {/* eslint-disable-next-line no-restricted-syntax -- virtual rows with a selection: DataTable draws every row. */}
      <table className="table fb-trash-table">
        <thead>
          <tr>
            <th scope="col" className="fb-check">
              <Checkbox ariaLabel="Select all" checked={allChecked} onCheckedChange={onToggleAll} disabled={items.length === 0} />
            </th>
            <th scope="col">Type</th>
            <th scope="col">Title</th>
            <th scope="col">Tags</th>
            <th scope="col">Deleted</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {before > 0 ? (
            <tr aria-hidden="true" style={{ height: before }}>
              <td colSpan={6} />
            </tr>
          ) : null}
          {rows.map((row) => {
            const item = items[row.index];
            if (!item) return null;
            const { shown, more } = tagSummary(item.tags);
            return (
              <tr key={item.id} style={{ height: ROW_HEIGHT }} data-testid="trash-row" data-feedback-id={item.id}>
                <td className="fb-check">
                  <Checkbox ariaLabel={`Select ${item.title}`} checked={selected.has(item.id)} onCheckedChange={() => onToggle(item.id)} />
                </td>
                <td>
                  <Badge tone={TYPE_TONE[item.type]}>{TYPE_LABELS[item.type]}</Badge>
                </td>
                <td className="fb-trash-title">
                  <strong>{item.title}</strong>
                  <span className="muted">{cardDescription(item.description)}</span>
                </td>
                <td>
                  {shown.map((t) => (
                    <span key={t} className="fb-tag">
                      {t}
                    </span>
                  ))}
                  {more > 0 ? <span className="muted">+{more}</span> : null}
                </td>
                <td>{formatDate(item.updatedAt)}</td>
                <td className="fb-trash-actions">
                  <Button variant="ghost" disabled={busy} onClick={() => onRestore(item)} aria-label={`Restore ${item.title}`}>
                    Restore
                  </Button>
                  <Button variant="danger" disabled={busy} onClick={() => onPurge(item)} aria-label={`Permanently delete ${item.title}`}>
                    Delete
                  </Button>
                </td>
              </tr>
            );
          })}
          {after > 0 ? (
            <tr aria-hidden="true" style={{ height: after }}>
              <td colSpan={6} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
