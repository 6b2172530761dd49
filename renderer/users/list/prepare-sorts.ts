import { ALL_USER_SORTS, USER_SORT_KEYS, sortOrder, sortValueOf, type UserListIndex, type UserSortKey } from '../../../shared/rules/users/list.js';
import type { SortAnswer, SortRequest } from './sort-worker.js';

/**
 * Fills the index's sort orders in the background after a load, so that no click on a column pays for sorting:
 * in a worker (one column at a time, nothing heavy on the page's thread), or, where no worker can start, one
 * order per timer tick. A sort clicked before its order arrives is computed on the spot by sortOrder.
 * Returns a function that stops the preparation (a new load, or leaving the screen).
 */
export function prepareSorts(index: UserListIndex): () => void {
  let worker: Worker | undefined;
  try {
    worker = new Worker(new URL('./sort-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = undefined;
  }
  if (!worker) return prepareOnTimers(index);
  const keys = [...USER_SORT_KEYS];
  const send = (w: Worker) => {
    const key = keys.shift();
    if (!key) return w.terminate();
    // Times go as text: reading 100,000 of them is the worker's job, not the page's.
    const request: SortRequest =
      key === 'created' ? { key, values: index.rows.map((r) => r.user_created_at), times: true }
      : key === 'last_login' ? { key, values: index.rows.map((r) => r.last_sign_in_at), times: true }
      : { key, values: index.rows.map((r, i) => sortValueOf(r, key, index.emailLower[i])) };
    w.postMessage(request);
  };
  const active = worker;
  active.onmessage = ({ data }: MessageEvent<SortAnswer>) => {
    const key = data.key as UserSortKey;
    if (!index.orders.has(`${key}:asc`)) index.orders.set(`${key}:asc`, data.asc);
    if (!index.orders.has(`${key}:desc`)) index.orders.set(`${key}:desc`, data.desc);
    send(active);
  };
  // A worker that fails (blocked by policy, say) hands the rest to the timers.
  let stopTimers: (() => void) | undefined;
  active.onerror = () => {
    active.terminate();
    stopTimers = prepareOnTimers(index);
  };
  send(active);
  return () => {
    active.terminate();
    stopTimers?.();
  };
}

function prepareOnTimers(index: UserListIndex): () => void {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = () => {
    const sort = ALL_USER_SORTS[next++];
    if (!sort) return;
    sortOrder(index, sort);
    timer = setTimeout(step, 16);
  };
  timer = setTimeout(step, 16);
  return () => clearTimeout(timer);
}
