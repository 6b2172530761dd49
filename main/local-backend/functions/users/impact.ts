/** Counting what deleting a user removes: the preview and the deletion itself use these same queries. */
import type pg from 'pg';
import type { DeletionPreview, DetachedReference, TableCount } from '../../../../shared/rules/users/types.js';
import { STORAGE_WHERE, detachedWhere, ownedWhere, qualified, userTables, type UserTable } from './references.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

export const AUTH_USERS_LABEL = 'auth.users';
export const STORAGE_LABEL = 'storage.objects';

export interface StoredObject {
  readonly id: string;
  readonly bucket_id: string;
  readonly name: string;
}

export interface Impact {
  readonly tables: readonly UserTable[];
  readonly owned: ReadonlyMap<string, number>;
  readonly detached: readonly DetachedReference[];
  readonly objects: readonly StoredObject[];
  readonly userExists: boolean;
}

/** Largest first, then by name: how the preview and the result list the tables. */
export function summarise(counts: Iterable<TableCount>, detached: readonly DetachedReference[]): DeletionPreview {
  const tables_affected = [...counts].filter((c) => c.record_count > 0).sort((a, b) => b.record_count - a.record_count || a.table.localeCompare(b.table));
  return {
    total_records: tables_affected.reduce((n, c) => n + c.record_count, 0),
    tables_affected,
    detached_references: detached.filter((d) => d.record_count > 0),
  };
}

export async function measureImpact(db: Queryable, userId: string): Promise<Impact> {
  const tables = await userTables(db);
  const ownedSql = tables.map((t, i) => `select ${i} as i, count(*)::int as n from ${qualified(t)} where ${ownedWhere(t)}`);
  const detachSql = tables.flatMap((t, i) =>
    t.detachColumns.map((c) => `select ${i} as i, '${c.replace(/'/g, "''")}' as col, count(*)::int as n from ${qualified(t)} where ${detachedWhere(t, c)}`),
  );
  // One after the other: the caller may hand in a single client (a transaction), which runs one query at a time.
  const owned = ownedSql.length ? await db.query<{ i: number; n: number }>(ownedSql.join(' union all '), [userId]) : { rows: [] };
  const detached = detachSql.length ? await db.query<{ i: number; col: string; n: number }>(detachSql.join(' union all '), [userId]) : { rows: [] };
  const objects = await db.query<StoredObject>(`select id, bucket_id, name from storage.objects where ${STORAGE_WHERE} order by bucket_id, name`, [userId]);
  const user = await db.query('select 1 from auth.users where id = $1', [userId]);
  const ownedCounts = new Map<string, number>();
  for (const r of owned.rows) ownedCounts.set((tables[r.i] as UserTable).label, r.n);
  return {
    tables,
    owned: ownedCounts,
    detached: detached.rows.map((r) => ({ table: (tables[r.i] as UserTable).label, column: r.col, record_count: r.n })),
    objects: objects.rows,
    userExists: (user.rowCount ?? 0) > 0,
  };
}

export function previewOf(impact: Impact): DeletionPreview {
  const counts: TableCount[] = [...impact.owned].map(([table, record_count]) => ({ table, record_count }));
  counts.push({ table: STORAGE_LABEL, record_count: impact.objects.length });
  counts.push({ table: AUTH_USERS_LABEL, record_count: impact.userExists ? 1 : 0 });
  return summarise(counts, impact.detached);
}
