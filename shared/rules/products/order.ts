/** Drag-to-reorder (spec 2 sections 4 and 7): the moved list, then sort_order renumbered from 1. */

/** The list with the item at `from` moved to `to` (indices in the original list); out-of-range moves change nothing. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

export interface OrderUpdate {
  readonly id: string;
  readonly sort_order: number;
}

/** The update_product_order payload: every id in its new position, numbered from 1. */
export function orderUpdates(ids: readonly string[]): OrderUpdate[] {
  return ids.map((id, i) => ({ id, sort_order: i + 1 }));
}
