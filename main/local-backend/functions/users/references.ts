/**
 * Where a user's data lives, read from the catalog rather than from a hand-kept list (which goes stale when a
 * migration adds a table): every single-column foreign key to auth.users(id) or public.profiles(id), plus uuid
 * columns named user_id that have no foreign key. A key that cascades, or blocks the delete (no action,
 * restrict), marks rows the user owns: they are deleted. A key that sets null (or its default) marks a row that
 * belongs to someone else and only mentions the user (a prompt they wrote, a payment kept for the books): it
 * stays, with the reference cleared, and is reported as detached.
 */
import type pg from 'pg';

export interface UserReference {
  readonly schema: string;
  readonly table: string;
  readonly column: string;
  readonly action: 'delete' | 'detach';
}

export interface UserTable {
  readonly schema: string;
  readonly table: string;
  /** How the preview and the result name it: "blocks", "auth.sessions". */
  readonly label: string;
  readonly ownerColumns: readonly string[];
  readonly detachColumns: readonly string[];
}

/** The audit of deletions must outlive them; auth.users is deleted last, by itself. */
const EXCLUDED = new Set(['public.admin_user_deletions', 'auth.users']);

type Queryable = Pick<pg.PoolClient, 'query'>;

export async function userReferences(db: Queryable): Promise<UserReference[]> {
  const { rows } = await db.query<UserReference>(
    `select n.nspname as schema, c.relname as "table", a.attname as "column",
            case when con.confdeltype in ('n', 'd') then 'detach' else 'delete' end as action
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
      where con.contype = 'f' and cardinality(con.conkey) = 1
        and con.confrelid in ('auth.users'::regclass, 'public.profiles'::regclass)
     union
     select col.table_schema, col.table_name, col.column_name, 'delete'
       from information_schema.columns col
       join information_schema.tables t on t.table_schema = col.table_schema and t.table_name = col.table_name and t.table_type = 'BASE TABLE'
      where col.column_name = 'user_id' and col.data_type = 'uuid' and col.table_schema in ('public', 'auth')
        and not exists (select 1 from pg_constraint con
                         where con.contype = 'f' and con.conrelid = format('%I.%I', col.table_schema, col.table_name)::regclass
                           and con.conkey = array[(select attnum from pg_attribute
                                                    where attrelid = format('%I.%I', col.table_schema, col.table_name)::regclass
                                                      and attname = col.column_name)])
      order by 1, 2, 3`,
  );
  return rows.filter((r) => !EXCLUDED.has(`${r.schema}.${r.table}`));
}

/** Tables in deletion order: a table whose rows reference another listed table's rows comes first. */
export async function userTables(db: Queryable): Promise<UserTable[]> {
  const refs = await userReferences(db);
  const byName = new Map<string, { schema: string; table: string; owner: Set<string>; detach: Set<string> }>();
  for (const r of refs) {
    const key = `${r.schema}.${r.table}`;
    const t = byName.get(key) ?? { schema: r.schema, table: r.table, owner: new Set<string>(), detach: new Set<string>() };
    (r.action === 'delete' ? t.owner : t.detach).add(r.column);
    byName.set(key, t);
  }
  // A column both owning and detaching (two keys on one column) owns: the row goes.
  for (const t of byName.values()) for (const c of t.owner) t.detach.delete(c);
  const { rows: edges } = await db.query<{ child: string; parent: string }>(
    `select format('%s.%s', cn.nspname, c.relname) as child, format('%s.%s', pn.nspname, p.relname) as parent
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid join pg_namespace cn on cn.oid = c.relnamespace
       join pg_class p on p.oid = con.confrelid join pg_namespace pn on pn.oid = p.relnamespace
      where con.contype = 'f' and con.conrelid <> con.confrelid`,
  );
  const parents = new Map<string, Set<string>>();
  for (const e of edges)
    if (byName.has(e.child) && byName.has(e.parent)) (parents.get(e.parent) ?? parents.set(e.parent, new Set()).get(e.parent)!).add(e.child);
  // Depth-first: every child of a table is emitted before the table itself.
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name)) return; // done, or a cycle: its order then does not matter to the counts
    state.set(name, 'visiting');
    for (const child of [...(parents.get(name) ?? [])].sort()) visit(child);
    state.set(name, 'done');
    ordered.push(name);
  };
  for (const name of [...byName.keys()].sort()) visit(name);
  return ordered.map((name) => {
    const t = byName.get(name)!;
    return {
      schema: t.schema,
      table: t.table,
      label: t.schema === 'public' ? t.table : name,
      ownerColumns: [...t.owner].sort(),
      detachColumns: [...t.detach].sort(),
    };
  });
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
export const qualified = (t: Pick<UserTable, 'schema' | 'table'>) => `${ident(t.schema)}.${ident(t.table)}`;

/** The rows of `t` the user owns ($1 is the user id). */
export function ownedWhere(t: UserTable): string {
  return t.ownerColumns.length ? `(${t.ownerColumns.map((c) => `${ident(c)} = $1`).join(' or ')})` : 'false';
}

/** The rows of `t` that only mention the user through `column` (and are not deleted for another column). */
export function detachedWhere(t: UserTable, column: string): string {
  return `${ident(column)} = $1 and not ${ownedWhere(t)}`;
}

export { ident };

/** Storage objects of the user: owned by them, or stored under a folder named by their id ($1). */
export const STORAGE_WHERE = `(owner = $1::uuid or name ~ ('(^|/)' || $1::text || '/'))`;
