import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Knows, per operation, whether the backend could not be reached. supabase-js turns network failures into
 * ordinary error objects that differ by service; the fetch we give it records them here instead, so the
 * router can tell "offline" from "the server said no" whatever the service.
 */
interface CallState {
  unreachable: boolean;
}

const calls = new AsyncLocalStorage<CallState>();
let online = true;
const listeners = new Set<(online: boolean) => void>();

const REQUEST_TIMEOUT_MS = 30_000;

function setOnline(next: boolean): void {
  if (next === online) return;
  online = next;
  for (const l of listeners) l(next);
}

export function onConnectivityChange(listener: (online: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isOnline(): boolean {
  return online;
}

export function runTracked<T>(fn: () => Promise<T>): { promise: Promise<T>; unreachable: () => boolean } {
  const state: CallState = { unreachable: false };
  return { promise: calls.run(state, fn), unreachable: () => state.unreachable };
}

/** Whether a request of the current operation failed to reach the backend. */
export function unreachableInThisCall(): boolean {
  return calls.getStore()?.unreachable ?? false;
}

/** Marks the current operation as unable to reach the backend (also used for a failed health probe). */
export function markUnreachable(): void {
  const state = calls.getStore();
  if (state) state.unreachable = true;
  setOnline(false);
}

export function isNetworkFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'AbortError' || err.name === 'TimeoutError') return true;
  return err.name === 'TypeError' && /fetch failed|network|ECONN|ENOTFOUND|EAI_AGAIN|socket/i.test(`${err.message} ${String((err as { cause?: unknown }).cause ?? '')}`);
}

/** The fetch handed to every supabase-js client of main. */
export const trackedFetch: typeof fetch = async (input, init) => {
  const signal = init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) : AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  try {
    const res = await fetch(input, { ...init, signal });
    setOnline(true);
    return res;
  } catch (err) {
    if (!init?.signal?.aborted && isNetworkFailure(err)) markUnreachable();
    throw err;
  }
};
