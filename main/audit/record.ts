/**
 * Builds one audit entry from what the router knows about a write: the operation, the admin, the redacted
 * input, the target and its rows before and after (where the operation names a row of a known table), and the
 * outcome. Pure: the recorder (recorder.ts) does the reading and the writing.
 */
import { redact } from '../../shared/rules/audit/redact.js';

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
  readonly outcome: 'ok' | 'failed';
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
}

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
    outcome: f.error ? 'failed' : 'ok',
    errorCode: f.error?.code ?? null,
    errorMessage: f.error ? f.error.message.slice(0, MESSAGE_MAX) : null,
  };
}
