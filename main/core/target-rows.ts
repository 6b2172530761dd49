import { AsyncLocalStorage } from 'node:async_hooks';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AuditMatch } from '../../shared/contract/index.js';
import { outsideTheCall } from './connectivity.js';

/**
 * A write's target as stored: every column (`select *`) of the rows of `table` that `match` selects. The audit log
 * reads it before and after each write; an update settled after a lost reply (update-settled.ts) compares it read
 * before and after the call. Read once before the call, for both (issue 31): the audit hook leaves its read in the
 * call's context (withTargetRowsBefore) and the update takes it (takeTargetRowsBefore) instead of a second round trip.
 */
export interface TargetRows {
  readonly table: string;
  readonly match: AuditMatch;
}

/** Rows read for before/after; more than this (a bulk delete of thousands) is cut, and says so by its length. */
export const TARGET_ROWS_MAX = 100;

/**
 * The row (null when there is none) when `match` names one row, else the rows. Throws when the read fails.
 * `retry: false`: one try, for a read whose failure settles sooner than supabase-js's retries would.
 */
export async function readTargetRows(
  db: SupabaseClient,
  target: TargetRows,
  opts: { readonly timeoutMs?: number; readonly retry?: false } = {},
): Promise<unknown> {
  const { table, match } = target;
  let q = db.from(table).select('*');
  // A timer held here, not AbortSignal.timeout: its signal, held weakly, can be lost to garbage collection
  // (connectivity.ts's deadline says why).
  const bound = new AbortController();
  const timer = opts.timeoutMs
    ? setTimeout(() => bound.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), opts.timeoutMs)
    : undefined;
  if (timer) q = q.abortSignal(bound.signal);
  for (const [column, value] of Object.entries(match.eq)) q = typeof value === 'string' ? q.eq(column, value) : q.in(column, [...value]);
  if (match.or) q = q.or(match.or);
  const limited = q.limit(TARGET_ROWS_MAX);
  const { data, error } = await (opts.retry === false ? limited.retry(false) : limited).then(
    (answer) => (clearTimeout(timer), answer),
    (e: unknown) => {
      clearTimeout(timer);
      throw e;
    },
  );
  if (error) throw new Error(error.message);
  const single = !match.or && Object.values(match.eq).every((v) => typeof v === 'string');
  return single ? (data?.[0] ?? null) : (data ?? []);
}

/** What was read of each target before the call, by target; rows undefined for a read that failed. */
const before = new AsyncLocalStorage<Map<string, { readonly rows: unknown }>>();

const keyOf = (t: TargetRows): string =>
  JSON.stringify([t.table, Object.entries(t.match.eq).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)), t.match.or ?? null]);

/**
 * Runs `run` with `rows`, the target read just before it (undefined: the read failed), left for its settled update:
 * the audit hook's read around the handler, or a service's own read that brought the target with something else.
 */
export function withTargetRowsBefore<T>(target: TargetRows, rows: unknown, run: () => Promise<T>): Promise<T> {
  return before.run(new Map([[keyOf(target), { rows }]]), run);
}

/**
 * The target's rows as read before the call by the audit hook, once (a second update of the same rows in one
 * operation reads for itself: the rows read before the first are no longer its "before"); undefined when it read no
 * such target. `{ rows: undefined }`: it read, and the read failed.
 */
export function takeTargetRowsBefore(target: TargetRows): { readonly rows: unknown } | undefined {
  const map = before.getStore();
  const key = keyOf(target);
  const found = map?.get(key);
  map?.delete(key);
  return found;
}

/**
 * The target's rows before a write: the audit hook's read when it read this target for this call, else a read of its
 * own (one try). Outside the call: this read failing must not turn a refusal the server answered into "offline".
 * undefined when the read failed.
 */
export async function targetRowsBefore(db: SupabaseClient, target: TargetRows): Promise<unknown> {
  const shared = takeTargetRowsBefore(target);
  if (shared) return shared.rows;
  return outsideTheCall(() => readTargetRows(db, target, { retry: false })).catch(() => undefined);
}
