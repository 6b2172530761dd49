/**
 * Reading kept reads for the sources: every kept answer of some operations for one admin, parsed. A row whose
 * JSON does not parse is skipped (the read cache drops it on its next get).
 */
import type Database from 'better-sqlite3';

export function keptStamp(db: Database.Database, userId: string, ops: readonly string[]): string {
  if (ops.length === 0) return '';
  const marks = ops.map(() => '?').join(', ');
  const row = db
    .prepare<unknown[], { n: number; m: string | null }>(`select count(*) as n, max(fetched_at) as m from kept_reads where user_id = ? and op in (${marks})`)
    .get(userId, ...ops);
  return `${row?.n ?? 0}@${row?.m ?? ''}`;
}

export function* keptData(db: Database.Database, userId: string, op: string): Generator<unknown> {
  // all(), not iterate(): the caller may pause between rows, and an open iterator would block the connection.
  const rows = db.prepare<[string, string], { data: string }>('select data from kept_reads where user_id = ? and op = ?').all(userId, op);
  for (const row of rows) {
    try {
      yield JSON.parse(row.data) as unknown;
    } catch {
      // Unreadable: as good as missing.
    }
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
export const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
