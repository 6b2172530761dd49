import type { SupabaseClient } from '@supabase/supabase-js';
import type { GenerationParams, VersionItem } from '../../../shared/rules/versions/types.js';
import { countOf, must, readCounted } from '../support/query.js';
import { selectedColumns, type FamilyKey, type VersionFamily } from './family.js';

export type VersionRow = Readonly<Record<string, unknown>>;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function toVersionItem(f: VersionFamily, row: VersionRow): VersionItem {
  return {
    id: String(row.id),
    version: Number(row.version),
    isActive: row.is_active === true,
    createdBy: str(row.created_by),
    createdAt: String(row.created_at),
    notes: str(row.notes),
    changeReason: str(row.change_reason),
    text: str(row[f.textColumn]) ?? '',
    ...(f.extraColumns.includes('title') ? { title: str(row.title) } : {}),
    ...(f.extraColumns.includes('knowledge_base') ? { knowledgeBase: str(row.knowledge_base) } : {}),
    ...(f.extraColumns.includes('generation_params') ? { params: (row.generation_params as GenerationParams | null) ?? null } : {}),
    ...(f.parentColumn ? { parentVersionId: str(row[f.parentColumn]) } : {}),
  };
}

/** The partition's filter: exactly the family's key columns (a missing one is a programming error). */
export function keyFilter(f: VersionFamily, key: FamilyKey): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of f.keyColumns) {
    const v = key[c];
    if (v === undefined) throw new Error(`The key of ${f.name} needs ${c}`);
    out[c] = v;
  }
  return out;
}

type Rows = PromiseLike<{ data: VersionRow[] | null; error: { message: string } | null }>;

/** Every version of one family, newest first, read in pages (a long history is not cut at the row cap). */
export async function readVersions(db: SupabaseClient, f: VersionFamily, key: FamilyKey): Promise<VersionItem[]> {
  const what = `Reading the versions of ${f.table}`;
  const order = f.orderBy ?? 'version';
  const rows = await readCounted<VersionRow>(
    what,
    db.from(f.table).select('id', { count: 'exact', head: true }).match(keyFilter(f, key)),
    (from, to) =>
      db
        .from(f.table)
        .select(selectedColumns(f).join(', '))
        .match(keyFilter(f, key))
        .order(order, { ascending: false })
        .order('id')
        .range(from, to) as unknown as Rows,
  );
  return rows.map((r) => toVersionItem(f, r));
}

/** The current version (the active one of highest version), as its raw row, or null. */
export async function readActiveRow(db: SupabaseClient, f: VersionFamily, key: FamilyKey): Promise<VersionRow | null> {
  const answer = db
    .from(f.table)
    .select(selectedColumns(f).join(', '))
    .match(keyFilter(f, key))
    .eq('is_active', true)
    .order('version', { ascending: false })
    .limit(1) as unknown as Rows;
  const rows = must(await answer, `Reading the current ${f.table} version`);
  return rows?.[0] ?? null;
}

/** One version of the family by id, or null when it does not exist in this partition. */
export async function readVersionRow(db: SupabaseClient, f: VersionFamily, key: FamilyKey, id: string): Promise<VersionRow | null> {
  const answer = db.from(f.table).select(selectedColumns(f).join(', ')).match(keyFilter(f, key)).eq('id', id).limit(1) as unknown as Rows;
  const rows = must(await answer, `Reading a ${f.table} version`);
  return rows?.[0] ?? null;
}

export async function countVersions(db: SupabaseClient, f: VersionFamily, key: FamilyKey): Promise<number> {
  return countOf(await db.from(f.table).select('id', { count: 'exact', head: true }).match(keyFilter(f, key)), `Counting the versions of ${f.table}`);
}
