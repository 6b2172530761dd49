/**
 * The router's audit hook: every write that reaches its handler with a verified user is recorded in the
 * profile's audit file (audit.sqlite, database.ts), whatever its outcome, unless its contract entry says it is
 * not recorded. Rows of the target its entry names (`audit`, shared/contract/facts.ts) are read through the service
 * client before and after the write (GETs only, so the router's "may the change have landed" tracking is
 * unaffected). Recording never changes the operation's answer: a failure to read or to append is logged, and
 * the write's own result or error passes through unchanged.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { targetLabel, type AuditMatch, type OpEntry } from '../../shared/contract/index.js';
import type { Connection } from '../core/connections.js';
import { changeMayHaveLandedInThisCall, outsideTheCall, unreachableInThisCall } from '../core/connectivity.js';
import { AppError } from '../ground/errors.js';
import { log } from '../ground/log.js';
import { buildAuditRecord } from './record.js';
import { appendAudit } from './store.js';

export type AuditHook = (entry: OpEntry, input: unknown, user: { id: string; email: string } | null, run: () => Promise<unknown>) => Promise<unknown>;

/** Rows read for before/after; more than this (a bulk delete of thousands) is cut, and says so by its length. */
const ROWS_MAX = 100;

/** The read that settles a lost reply waits this long at most: the router's answer waits for it. */
const SETTLE_READ_MS = 5_000;

const readRows = (db: SupabaseClient, table: string, match: AuditMatch, timeoutMs?: number): Promise<unknown> =>
  outsideTheCall(() => readRowsNow(db, table, match, timeoutMs));

async function readRowsNow(db: SupabaseClient, table: string, match: AuditMatch, timeoutMs?: number): Promise<unknown> {
  try {
    let q = db.from(table).select('*');
    if (timeoutMs) q = q.abortSignal(AbortSignal.timeout(timeoutMs));
    for (const [column, value] of Object.entries(match.eq)) q = typeof value === 'string' ? q.eq(column, value) : q.in(column, [...value]);
    if (match.or) q = q.or(match.or);
    const { data, error } = await q.limit(ROWS_MAX);
    if (error) return undefined;
    const single = !match.or && Object.values(match.eq).every((v) => typeof v === 'string');
    return single ? (data?.[0] ?? null) : (data ?? []);
  } catch {
    return undefined;
  }
}

/** The router answers OUTCOME_UNKNOWN for this failure: the backend was lost after a change may have reached it. */
function replyLost(e: unknown): boolean {
  return (unreachableInThisCall() || (e instanceof AppError && e.code === 'OFFLINE')) && changeMayHaveLandedInThisCall();
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function errorOf(e: unknown): { code: string; message: string } {
  if (e instanceof AppError) return { code: e.code, message: e.message };
  if (unreachableInThisCall()) return { code: 'OFFLINE', message: e instanceof Error ? e.message : String(e) };
  return { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
}

export function createAuditRecorder(deps: { connection: () => Promise<Connection>; now?: () => Date }): AuditHook {
  const now = deps.now ?? (() => new Date());
  return async (entry, input, user, run) => {
    // Public writes (sign-in, connection profiles) have no verified admin; the palette's recents are bookkeeping.
    const fact = entry.spec.audit;
    if (!user || fact?.audit === 'not-recorded') return run();
    const conn = await deps.connection().catch(() => undefined);
    const spec = fact?.audit === 'rows' ? fact : undefined;
    const fields = (input ?? {}) as Record<string, unknown>;
    let match = spec?.match({ input: fields, user });
    const before = spec && match && conn ? await readRows(conn.service, spec.table, match) : undefined;

    const record = async (outcome: { output?: unknown; error?: unknown }) => {
      try {
        const failed = 'error' in outcome;
        if (!failed) match ??= spec?.match({ input: fields, output: outcome.output, user });
        // A lost reply is settled by reading the target again: the change is seen (landed) or the entry says unknown.
        const lost = failed && replyLost(outcome.error);
        const readAfter = lost || !(failed && unreachableInThisCall());
        const after = spec && match && conn && readAfter ? await readRows(conn.service, spec.table, match, lost ? SETTLE_READ_MS : undefined) : undefined;
        const landed = lost && before !== undefined && after !== undefined && !same(before, after);
        const db = conn?.audit?.db;
        if (!db) return log.warn(`The audit log is not available (its file could not be opened); ${entry.name} was not recorded.`);
        appendAudit(
          db,
          buildAuditRecord({
            at: now(),
            admin: { id: user.id, email: user.email },
            operation: entry.name,
            area: entry.area,
            input: fields,
            // A failed create still names its table; its row never existed.
            ...(spec ? { target: { table: spec.table, id: match ? targetLabel(match) : null } } : {}),
            before,
            // Without a known target row, what was asked for is the best account of what changed.
            after: after === undefined && !spec && !failed ? fields : after,
            ...(failed ? { error: errorOf(outcome.error) } : {}),
            ...(lost ? { replyLost: { landed } } : {}),
          }),
        );
      } catch (err) {
        log.error(`Recording ${entry.name} in the audit log failed:`, err);
      }
    };

    let output: unknown;
    try {
      output = await run();
    } catch (error) {
      await record({ error });
      throw error;
    }
    await record({ output });
    return output;
  };
}
