/**
 * The router's audit hook: every write that reaches its handler with a verified user is recorded in the
 * profile's audit file (audit.sqlite, database.ts), whatever its outcome, unless its contract entry says it is
 * not recorded. Rows of the target its entry names (`audit`, shared/contract/facts.ts) are read through the service
 * client before and after the write (GETs only, so the router's "may the change have landed" tracking is
 * unaffected); the rows read before are left for the handler (main/core/target-rows.ts), whose settled update
 * would otherwise read them again. Recording never changes the operation's answer: a failure to read or to append
 * is logged, and the write's own result or error passes through unchanged.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { targetLabel, type AuditMatch, type OpEntry } from '../../shared/contract/index.js';
import type { Connection } from '../core/connections.js';
import { changeMayHaveLandedInThisCall, outsideTheCall, unreachableInThisCall } from '../core/connectivity.js';
import { readTargetRows, withTargetRowsBefore } from '../core/target-rows.js';
import { AppError } from '../ground/errors.js';
import { log } from '../ground/log.js';
import { buildAuditRecord } from './record.js';
import { appendAudit } from './store.js';

export type AuditHook = (entry: OpEntry, input: unknown, user: { id: string; email: string } | null, run: () => Promise<unknown>) => Promise<unknown>;

/** The read that settles a lost reply waits this long at most: the router's answer waits for it. */
const SETTLE_READ_MS = 5_000;

/** The target's rows, or undefined when they cannot be read (the entry then has no before or after). */
const readRows = (db: SupabaseClient, table: string, match: AuditMatch, timeoutMs?: number): Promise<unknown> =>
  outsideTheCall(() => readTargetRows(db, { table, match }, timeoutMs ? { timeoutMs } : {})).catch(() => undefined);

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

    // The rows just read are the handler's "before" too (an update settled after a lost reply): read once, not twice.
    const readBefore = spec && match && conn ? { table: spec.table, match } : undefined;
    const runWithBefore = readBefore ? () => withTargetRowsBefore(readBefore, before, run) : run;
    let output: unknown;
    try {
      output = await runWithBefore();
    } catch (error) {
      await record({ error });
      throw error;
    }
    await record({ output });
    return output;
  };
}
