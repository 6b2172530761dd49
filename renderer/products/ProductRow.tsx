/* eslint-disable react-hooks/refs -- @hello-pangea/dnd hands over a callback ref and props to spread, as its documentation shows; no ref value is read during render. */
import { Link } from 'react-router-dom';
import type { DraggableProvided } from '@hello-pangea/dnd';
import type { Product } from '../../shared/rules/products/types.js';
import { PRODUCT_MESSAGES } from '../../shared/rules/products/fields.js';
import { useWriteOp } from '../api/hooks.js';
import { Badge } from '../components/Badge.js';
import { notify } from '../components/Toaster.js';
import { SwitchField } from '../components/SwitchField.js';

interface Props {
  readonly product: Product;
  readonly position: number;
  readonly drag: DraggableProvided;
  readonly dragging: boolean;
  readonly readOnly: boolean;
}

const price = (v: number | null) => (v === null ? null : v.toFixed(2));

/** One product of the list: its drag handle, picture, names, price, badges, active switch and Edit. */
export function ProductRow({ product: p, position, drag, dragging, readOnly }: Props) {
  const setActive = useWriteOp('products', 'setActive');
  const original = price(p.priceOriginal);
  const discounted = price(p.priceDiscounted);
  return (
    <li
      ref={drag.innerRef}
      {...drag.draggableProps}
      className={dragging ? 'product-row product-row-dragging' : 'product-row'}
      data-testid="product-row"
      data-product-id={p.id}
    >
      <span {...drag.dragHandleProps} className="product-drag-handle" aria-label={`Reorder ${p.name}, position ${position}`}>
        <span aria-hidden="true">⠿</span>
      </span>
      <span className="product-position muted" aria-hidden="true">
        {position}
      </span>
      <div className="product-thumb">{p.productImageUrl ? <img src={p.productImageUrl} alt="" /> : null}</div>
      <div className="product-row-body">
        <div className="product-row-title">
          <h2 className="product-name">{p.name}</h2>
          <Badge tone="info">{p.category}</Badge>
          {p.isFeatured ? <Badge>Featured</Badge> : null}
          {p.discountPercentage ? <Badge>{`${p.discountPercentage}% off`}</Badge> : null}
        </div>
        <p className="product-meta muted">
          {p.companyName}
          {(discounted ?? original) ? ` · ${discounted ?? original}` : ''}
          {discounted && original && discounted !== original ? ` (was ${original})` : ''}
        </p>
      </div>
      <div className="product-row-actions">
        <SwitchField
          className="product-active"
          label={
            <>
              Active<span className="product-sr-only"> for {p.name}</span>
            </>
          }
          checked={p.isActive}
          disabled={readOnly || setActive.isPending}
          onCheckedChange={(isActive) =>
            setActive.mutate({ id: p.id, isActive }, { onError: () => notify.error(PRODUCT_MESSAGES.errorTitle, PRODUCT_MESSAGES.statusFailed) })
          }
        />
        <Link className="button button-secondary" to={`/admin/products/edit/${p.id}`} aria-label={`Edit ${p.name}`}>
          Edit
        </Link>
      </div>
    </li>
  );
}
