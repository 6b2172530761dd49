import { useMemo, useState } from 'react';
import { DragDropContext, Draggable, Droppable, useKeyboardSensor, type DropResult } from '@hello-pangea/dnd';
import type { Product } from '../../shared/rules/products/types.js';
import { PRODUCT_MESSAGES } from '../../shared/rules/products/fields.js';
import { moveItem } from '../../shared/rules/products/order.js';
import { useWriteOp } from '../api/hooks.js';
import { notify } from '../components/Toaster.js';
import { useHoldTouchSensor, usePointerSensor } from './drag-sensors.js';
import { ProductRow } from './ProductRow.js';

// The spec's activation thresholds come from our own pointer and touch sensors; the library's keyboard sensor
// (focus a handle, Space to lift, arrows to move, Space to drop, Escape to cancel) is kept as it is.
const SENSORS = [usePointerSensor, useHoldTouchSensor, useKeyboardSensor];

/** The page's style nonce (main puts it in a meta tag and the CSP): the library inserts its own <style> elements. */
function styleNonce(): string | undefined {
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return nonce && nonce !== '__CSP_NONCE__' ? nonce : undefined;
}

/**
 * The products in sort_order, reordered by drag. The new order shows at once and is saved through
 * update_product_order numbered from 1; if the save fails the list returns to the saved order.
 */
export function ProductOrderList({ products, readOnly }: { readonly products: readonly Product[]; readonly readOnly: boolean }) {
  const reorder = useWriteOp('products', 'reorder');
  const [order, setOrder] = useState<readonly string[] | null>(null);
  const nonce = useMemo(() => styleNonce(), []);

  const shown = useMemo(() => {
    if (!order) return products;
    const byId = new Map(products.map((p) => [p.id, p]));
    const listed = order.flatMap((id) => byId.get(id) ?? []);
    const rest = products.filter((p) => !order.includes(p.id));
    return [...listed, ...rest];
  }, [order, products]);

  const dropped = ({ source, destination }: DropResult) => {
    if (!destination || destination.index === source.index) return;
    const next = moveItem(
      shown.map((p) => p.id),
      source.index,
      destination.index,
    );
    setOrder(next);
    reorder.mutate(
      { ids: next },
      {
        // The refreshed list (fetched before this runs) now holds the saved order.
        onSuccess: () => setOrder(null),
        onError: () => {
          setOrder(null);
          notify.error(PRODUCT_MESSAGES.errorTitle, PRODUCT_MESSAGES.orderFailed);
        },
      },
    );
  };

  return (
    <DragDropContext onDragEnd={dropped} sensors={SENSORS} enableDefaultSensors={false} {...(nonce ? { nonce } : {})}>
      <Droppable droppableId="products" isDropDisabled={readOnly}>
        {(drop) => (
          <ol
            className="product-list"
            ref={drop.innerRef}
            {...drop.droppableProps}
            aria-label="Products in display order"
            data-saving={reorder.isPending || undefined}
          >
            {shown.map((p, index) => (
              <Draggable key={p.id} draggableId={p.id} index={index} isDragDisabled={readOnly}>
                {(drag, snapshot) => <ProductRow product={p} position={index + 1} drag={drag} dragging={snapshot.isDragging} readOnly={readOnly} />}
              </Draggable>
            ))}
            {drop.placeholder}
          </ol>
        )}
      </Droppable>
    </DragDropContext>
  );
}
