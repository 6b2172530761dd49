/**
 * Reading kept reads for the sources, typed by the contract: kept_reads holds what the router wrote for each kept
 * read, that operation's output, so `keptData(db, userId, 'coaches.list')` yields CoachList. The names are checked
 * by the compiler against the contract's keepOffline reads. A row whose JSON does not parse is skipped (the read
 * cache drops it on its next get).
 */
import type Database from 'better-sqlite3';
import type { KeptOp, KeptOutputOf } from '../../../../shared/contract/index.js';

const marksFor = (ops: readonly KeptOp[]) => ops.map(() => '?').join(', ');

export function keptStamp(db: Database.Database, userId: string, ops: readonly KeptOp[]): string {
  if (ops.length === 0) return '';
  const row = db
    .prepare<unknown[], { n: number; m: string | null }>(
      `select count(*) as n, max(fetched_at) as m from kept_reads where user_id = ? and op in (${marksFor(ops)})`,
    )
    .get(userId, ...ops);
  return `${row?.n ?? 0}@${row?.m ?? ''}`;
}

function parsed(data: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(data) as unknown };
  } catch {
    // Unreadable: as good as missing.
    return { ok: false };
  }
}

/** Every kept answer of one read for one admin. */
export function* keptData<N extends KeptOp>(db: Database.Database, userId: string, op: N): Generator<KeptOutputOf<N>> {
  // all(), not iterate(): the caller may pause between rows, and an open iterator would block the connection.
  const rows = db.prepare<[string, string], { data: string }>('select data from kept_reads where user_id = ? and op = ?').all(userId, op);
  for (const row of rows) {
    const p = parsed(row.data);
    if (p.ok) yield p.value as KeptOutputOf<N>;
  }
}

/** One kept answer with the read it answers: switching on `op` narrows `data` to that read's output. */
export type KeptAnswer<N extends KeptOp> = N extends KeptOp ? { readonly op: N; readonly data: KeptOutputOf<N> } : never;

/** Every kept answer of several reads for one admin, oldest first (so a later copy of an item can win). */
export function* keptAnswers<N extends KeptOp>(db: Database.Database, userId: string, ops: readonly N[]): Generator<KeptAnswer<N>> {
  if (ops.length === 0) return;
  const rows = db
    .prepare<unknown[], { op: N; data: string }>(`select op, data from kept_reads where user_id = ? and op in (${marksFor(ops)}) order by fetched_at`)
    .all(userId, ...ops);
  for (const row of rows) {
    const p = parsed(row.data);
    if (p.ok) yield { op: row.op, data: p.value } as KeptAnswer<N>;
  }
}

export const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
