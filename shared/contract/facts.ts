/**
 * Facts every write of the contract states on its entry, so nothing about an operation lives in a side table
 * that a new write could forget: what it changes (`effect`) and what the audit log records of it (`audit`).
 * Pure data and small functions: main's router and recorder read them, the renderer never needs to.
 */

/**
 * project: changes the Supabase project (refused by a read-only connection).
 * local: changes only this computer: a file written, the local replica refreshed, the palette's recents, the
 * connection profiles, the sign-in session.
 */
export type Effect = 'project' | 'local';

/** What the recorder may read the target rows from: the parsed input, the output (creates) and the verified user. */
export interface AuditSource {
  readonly input: Readonly<Record<string, unknown>>;
  /** Present only after the write succeeded. */
  readonly output?: unknown;
  readonly user: { readonly id: string };
}

/** The filter selecting the target rows: column to value (or values), and an optional PostgREST `or` filter. */
export interface AuditMatch {
  readonly eq: Readonly<Record<string, string | readonly string[]>>;
  readonly or?: string;
}

/** The write changes rows of one table of the project; the recorder keeps them as they were before and after. */
export interface AuditRows {
  readonly audit: 'rows';
  readonly table: string;
  /** undefined: no target in this input (yet: a create names its row in its output). */
  readonly match: (from: AuditSource) => AuditMatch | undefined;
}

/** Recorded (admin, input, outcome) without rows: there is no one table row to read, for the reason given. */
export interface AuditNone {
  readonly audit: 'none';
  readonly reason: string;
}

/** Not recorded at all, for the reason given: no administrator to record it against, or local bookkeeping only. */
export interface AuditNotRecorded {
  readonly audit: 'not-recorded';
  readonly reason: string;
}

export type AuditFact = AuditRows | AuditNone | AuditNotRecorded;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : undefined);
const strs = (v: unknown): readonly string[] | undefined =>
  Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;

/** One row of `table` whose id is the input's `key` (default "id"); a create names it as its output's id instead. */
export function auditRows(table: string, key = 'id'): AuditRows {
  return {
    audit: 'rows',
    table,
    match: ({ input, output }) => {
      const id = str(input[key]) ?? (output === undefined ? undefined : str((output as { id?: unknown } | null)?.id));
      return id ? { eq: { id } } : undefined;
    },
  };
}

/** The rows of `table` whose ids are the input's `key` (default "ids"). */
export function auditIds(table: string, key = 'ids'): AuditRows {
  return {
    audit: 'rows',
    table,
    match: ({ input }) => {
      const ids = strs(input[key]);
      return ids ? { eq: { id: ids } } : undefined;
    },
  };
}

/** Rows of `table` selected another way (several columns, the verified user, an `or` filter). */
export function auditMatch(table: string, match: AuditRows['match']): AuditRows {
  return { audit: 'rows', table, match };
}

export function auditNone(reason: string): AuditNone {
  return { audit: 'none', reason };
}

export function auditNotRecorded(reason: string): AuditNotRecorded {
  return { audit: 'not-recorded', reason };
}

/** The target's id as the log shows it: one id, or the ids joined, or the filter's values. */
export function targetLabel(match: AuditMatch): string {
  return Object.values(match.eq)
    .map((v) => (typeof v === 'string' ? v : v.join(',')))
    .join(' ');
}

/** Why public writes (sign-in and out, sign-up, connection profiles) are not recorded: no administrator is verified for them. */
export const PUBLIC_WRITE = 'A public operation: no administrator is verified for it, so there is none to record it against.';
