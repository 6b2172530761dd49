/**
 * Noticing deletions (and anything an incremental pull cannot see): the server's exact row count of a table is
 * compared with the replica's; when they differ, or when a full reconcile is asked for, the counts are compared
 * per created_at month, and every month that differs is read again whole and replaces the replica's rows of
 * that month in one transaction.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { dayOf, monthKeyOf, monthsBetween, monthStartMs, timestampMs } from '../../../shared/rules/analytics/range.js';
import { countSlice, firstValue, pullSlice, rowsOf, type Slice } from './pull.js';
import type { ReplicaStore } from './replica-store.js';
import type { ServerRow, SyncTable } from './tables.js';
import { inPool } from '../support/pool.js';

export interface Bucket {
  readonly slice: Slice;
  readonly fromDay: number | null;
  readonly toDay: number | null;
}

/** Month buckets by created_at from `firstMonth` through the current month, then everything later. */
export function monthBuckets(firstMonth: string, nowMs: number): Bucket[] {
  const months = monthsBetween(firstMonth, monthKeyOf(nowMs));
  const buckets: Bucket[] = months.map((m) => ({
    slice: { column: 'created_at', from: new Date(monthStartMs(m)).toISOString(), to: new Date(monthStartMs(m, 1)).toISOString() },
    fromDay: dayOf(monthStartMs(m)),
    toDay: dayOf(monthStartMs(m, 1)),
  }));
  const after = monthStartMs(months[months.length - 1] ?? monthKeyOf(nowMs), 1);
  buckets.push({ slice: { column: 'created_at', from: new Date(after).toISOString(), to: null }, fromDay: dayOf(after), toDay: null });
  return buckets;
}

export interface ReconcileResult {
  readonly table: string;
  readonly serverCount: number;
  /** Month buckets found different and read again. */
  readonly repulledBuckets: number;
}

/** Reconciles one table; `full` compares every month even when the totals agree. */
export async function reconcileTable(db: SupabaseClient, store: ReplicaStore, table: SyncTable, full: boolean, nowMs: number): Promise<ReconcileResult> {
  const serverCount = await countSlice(db, table, null);
  if (!full && serverCount === store.count(table, null, null)) return { table: table.name, serverCount, repulledBuckets: 0 };

  const first = await firstValue(db, table, 'created_at');
  const replicaMin = store.minDay(table);
  const candidates = [first ? monthKeyOf(timestampMs(first)) : null, replicaMin === null ? null : monthKeyOf(replicaMin * 86_400_000)].filter(
    (m): m is string => m !== null,
  );
  if (candidates.length === 0) return { table: table.name, serverCount, repulledBuckets: 0 };
  const buckets = monthBuckets(candidates.sort()[0]!, nowMs);

  const differing: Bucket[] = [];
  await inPool(buckets, 4, async (b) => {
    const server = await countSlice(db, table, b.slice);
    if (server !== store.count(table, b.fromDay, b.toDay)) differing.push(b);
  });
  for (const b of differing) {
    const rows: ServerRow[] = [];
    await pullSlice(db, table, b.slice, (page) => {
      rows.push(...rowsOf(page));
    });
    store.replaceDays(table, b.fromDay, b.toDay, rows);
  }
  return { table: table.name, serverCount, repulledBuckets: differing.length };
}
