/**
 * An update whose lost reply is settled (issue 31): its target is read before the call (once, shared with the audit
 * log when it reads the same rows: main/core/target-rows.ts) and, after a lost reply, again; settle.ts's
 * settleLostUpdate says what that shows. Saved: the row read is the answer. Not saved: "nothing was saved" (AppError
 * OFFLINE). Retry: the update is sent once more and its answer is the answer. Otherwise the lost
 * reply's own answer stands (the router says outcome unknown).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { changeMayStillLandInThisCall, outsideTheCall } from '../../core/connectivity.js';
import { readTargetRows, targetRowsBefore, type TargetRows } from '../../core/target-rows.js';
import { holdsAsked, sameValue, settleLostUpdate, type UpdateReadBack } from './settle.js';
import { nothingWasSaved, replyLost } from './lost-reply.js';

export interface UpdateTarget<Row> {
  /**
   * The target now (a row, or several as one value), null when it is gone; throws when it cannot be read. One try
   * (supabase-js's `.retry(false)`): a failed read settles as "send again", sooner than the library's retries would.
   * Absent: the target as stored (`stored`, one read) is the row.
   */
  readonly read?: () => Promise<Row | null>;
  /** Whether the target holds every value this update asks for. */
  readonly asked: (row: Row) => boolean;
  /** Setting the same values again is harmless (a "set X to V"): a lost reply is then settled by sending it again. */
  readonly idempotent: boolean;
  /**
   * The target as stored (every column, main/core/target-rows.ts), when `read` leaves out a column that tells writes
   * apart (a stamp) or when the audit log reads the same rows before the call: "untouched" then compares these, and
   * the read before the call is the audit log's own, not a second round trip. `read`, when given, still makes the answer.
   */
  readonly stored?: TargetRows & { readonly db: SupabaseClient };
  /**
   * No read before the call (a write whose round trips are counted, and where sending again is harmless): a lost
   * reply is then saved when the read after shows what was asked, else sent once more; never "nothing was saved".
   */
  readonly noReadBefore?: true;
}

/**
 * Sends the update as `send` does (answering, or throwing, as it would alone); `failed` tells a failed answer
 * (supabase-js's `{ error }` by default); `answerOf` makes the answer from the target read back when it is saved.
 */
export async function updateSettled<Answer, Row>(
  target: UpdateTarget<Row>,
  send: () => PromiseLike<Answer>,
  answerOf: (row: Row) => Answer,
  failed: (answer: Answer) => boolean = (a) => !!(a as { error?: unknown } | null)?.error,
): Promise<Answer> {
  const stored = target.stored;
  const storedNow = () => (stored ? (readTargetRows(stored.db, stored, { retry: false }) as Promise<Row | null>) : Promise.resolve(undefined));
  const read = target.read ?? (storedNow as () => Promise<Row | null>);
  // Outside the call: this read failing must not turn a refusal the server answered into "offline".
  const before = target.noReadBefore ? undefined : stored ? await targetRowsBefore(stored.db, stored) : await outsideTheCall(read).catch(() => undefined);
  const attempt = async (): Promise<{ answer?: Answer; thrown?: unknown; ok: boolean }> => {
    try {
      const answer = await send();
      return { answer, ok: !failed(answer) };
    } catch (thrown) {
      return { thrown: thrown ?? new Error('The update failed.'), ok: false };
    }
  };
  const readBack = async (): Promise<{ back: UpdateReadBack; row?: Row }> => {
    try {
      const [row, storedRow] = target.read ? await Promise.all([target.read(), storedNow()]) : await read().then((r) => [r, r] as const);
      // Gone since the read before: deleted meanwhile. Absent then and now (an upsert's target): untouched.
      if (row === null) return { back: before === null ? { asked: false, untouched: true } : 'absent' };
      // Like with like: the stored rows with the stored rows read before, else what `read` answers with its own; keys
      // in any order (a row embedded in another read comes with its keys in jsonb's order).
      return { back: { asked: target.asked(row), untouched: before !== undefined && sameValue(before, stored ? storedRow : row) }, row };
    } catch {
      return { back: 'unreadable' };
    }
  };

  const first = await attempt();
  const answerOfFirst = (): Answer => {
    if (first.thrown !== undefined) throw first.thrown;
    return first.answer as Answer;
  };
  if (first.ok || !replyLost()) return answerOfFirst();
  const now = await readBack();
  const settled = settleLostUpdate(now.back, changeMayStillLandInThisCall(), target.idempotent);
  if (settled === 'saved') return answerOf(now.row as Row);
  if (settled === 'not-saved') {
    nothingWasSaved();
  }
  if (settled === 'unknown') return answerOfFirst();
  const again = await attempt();
  if (again.ok) return again.answer as Answer;
  // The second request failed too: the target read once more settles it only if it holds what was asked.
  const last = await readBack();
  if (last.back !== 'unreadable' && last.back !== 'absent' && last.back.asked) return answerOf(last.row as Row);
  return answerOfFirst();
}

/** supabase-js's answer to a SQL function's call (its data, if any, or its error). */
export interface RpcAnswer {
  readonly data?: unknown;
  readonly error: { readonly message: string; readonly code?: string } | null;
}

/** supabase-js's answer to an update with `.select(columns)`. */
export interface UpdateAnswer<Row> {
  readonly data: Row[] | null;
  readonly error: { readonly message: string; readonly code?: string } | null;
}

/**
 * `.update(patch).eq('id', id)` (narrowed by `where`, e.g. "still live") `.select(columns)` on one row of `table`,
 * settled as above: the row asked for holds every column of `patch` (or of `asked`, when the patch carries more than
 * the administrator asked for). Setting the same columns again is harmless, so a lost reply may be sent once more.
 */
export function updateRowSettled<Row>(
  db: SupabaseClient,
  table: string,
  id: string,
  patch: Readonly<Record<string, unknown>>,
  columns: string,
  opts: { readonly where?: (q: UpdateFilter) => UpdateFilter; readonly asked?: Readonly<Record<string, unknown>> } = {},
): Promise<UpdateAnswer<Row>> {
  const where = opts.where ?? ((q: UpdateFilter) => q);
  const target: UpdateTarget<Row> = {
    read: async () => {
      const { data, error } = await db.from(table).select(columns).eq('id', id).retry(false);
      if (error) throw new Error(error.message);
      return ((data ?? []) as Row[])[0] ?? null;
    },
    asked: (row) => holdsAsked(row as object, opts.asked ?? patch),
    idempotent: true,
    // The row as the audit log reads it before the call (one read for both), stamps and all.
    stored: { db, table, match: { eq: { id } } },
  };
  return updateSettled<UpdateAnswer<Row>, Row>(
    target,
    async () => (await where(db.from(table).update(patch).eq('id', id)).select(columns)) as unknown as UpdateAnswer<Row>,
    (row) => ({ data: [row], error: null }),
  );
}

/** The filter builder an update returns (what `.eq`, `.neq` narrow). */
export type UpdateFilter = ReturnType<ReturnType<SupabaseClient['from']>['update']>;
