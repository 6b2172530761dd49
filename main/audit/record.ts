/**
 * Builds one audit entry from what the router knows about a write: the operation, the admin, the redacted
 * input, the target and its rows before and after (where the operation names a row of a known table), and the
 * outcome. Pure: the recorder (recorder.ts) does the reading and the writing.
 */
import { redact } from '../../shared/rules/audit/redact.js';
import type { AuditOutcome } from '../../shared/contract/areas/audit.js';

export interface AuditRecord {
  readonly at: string;
  readonly adminId: string | null;
  readonly adminEmail: string | null;
  readonly operation: string;
  readonly area: string;
  readonly targetTable: string | null;
  readonly targetId: string | null;
  /** JSON text, redacted. */
  readonly input: string | null;
  readonly before: string | null;
  readonly after: string | null;
  readonly outcome: AuditOutcome;
  readonly errorCode: string | null;
  readonly errorMessage: string | null;
}

export interface AuditFacts {
  readonly at: Date;
  readonly admin: { readonly id: string; readonly email: string } | null;
  readonly operation: string;
  readonly area: string;
  readonly input: unknown;
  readonly target?: { readonly table: string; readonly id: string | null };
  /** undefined: not read (no known table, or the read failed); null: no such row. */
  readonly before?: unknown;
  readonly after?: unknown;
  readonly error?: { readonly code: string; readonly message: string };
  /**
   * The reply was lost after the change may have reached the server (the router answers OUTCOME_UNKNOWN): landed
   * when reading the target again showed the change made, otherwise unknown.
   */
  readonly replyLost?: { readonly landed: boolean };
}

export const REPLY_LOST_LANDED = 'The reply was lost after the change was sent; reading the target again showed the change made.';
export const REPLY_LOST_UNKNOWN = 'The reply was lost after the change was sent; whether the change was made is not known.';

/** Error messages are kept, cut to this length. */
const MESSAGE_MAX = 1000;

const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(redact(v)));

export function buildAuditRecord(f: AuditFacts): AuditRecord {
  return {
    at: f.at.toISOString(),
    adminId: f.admin?.id ?? null,
    adminEmail: f.admin?.email || null,
    operation: f.operation,
    area: f.area,
    targetTable: f.target?.table ?? null,
    targetId: f.target?.id ?? null,
    input: json(f.input ?? {}),
    before: json(f.before),
    after: json(f.after),
    outcome: f.replyLost ? (f.replyLost.landed ? 'ok' : 'unknown') : f.error ? 'failed' : 'ok',
    ...(f.replyLost
      ? { errorCode: 'OUTCOME_UNKNOWN', errorMessage: f.replyLost.landed ? REPLY_LOST_LANDED : REPLY_LOST_UNKNOWN }
      : { errorCode: f.error?.code ?? null, errorMessage: f.error ? f.error.message.slice(0, MESSAGE_MAX) : null }),
  };
}
