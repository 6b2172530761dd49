import crypto from 'node:crypto';
import type pg from 'pg';

export type Row = Record<string, unknown>;

/** PostgreSQL accepts at most 65,535 parameters per statement; stay well below. */
const MAX_PARAMS = 30_000;

/**
 * Multi-row parameterised insert of hand-built rows (every row has the same keys). Values go through pg's
 * serialisation: JS arrays become PostgreSQL arrays, plain objects JSON; pass JSON.stringify for jsonb arrays.
 */
export async function insertRows(client: pg.PoolClient, table: string, rows: readonly Row[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const cols = Object.keys(first);
  const perChunk = Math.max(1, Math.floor(MAX_PARAMS / cols.length));
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const marks = cols.map((c) => {
        params.push(row[c] === undefined ? null : row[c]);
        return `$${params.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await client.query(`insert into ${table} (${cols.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}`, params);
  }
}

/**
 * The same derivation as pg_temp.sid() below: a version 4 shaped uuid from the md5 of a key. Lets the TypeScript
 * side name rows that SQL generated (for example a user's id from its index).
 */
export function stableUuid(key: string): string {
  const h = crypto.createHash('md5').update(key).digest('hex');
  const v = `${h.slice(0, 12)}4${h.slice(13, 16)}8${h.slice(17, 32)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
}

/**
 * Session helpers for the bulk statements. sid() names generated rows deterministically; hrand() is a random
 * number that depends only on its key, for statements whose row order is not fixed (joins, aggregates).
 */
export async function createSessionHelpers(client: pg.PoolClient): Promise<void> {
  await client.query(`
    create or replace function pg_temp.sid(k text) returns uuid language sql immutable as
      $$ select overlay(overlay(md5(k) placing '4' from 13) placing '8' from 17)::uuid $$;
    create or replace function pg_temp.hrand(k text) returns double precision language sql immutable as
      $$ select ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;
    create or replace function pg_temp.pick(a text[], r double precision) returns text language sql immutable as
      $$ select a[1 + floor(r * cardinality(a))::int] $$;`);
}

export interface Column {
  readonly name: string;
  /** The PostgreSQL array element type, e.g. uuid, text, timestamptz, integer, numeric, boolean, jsonb, text[]. */
  readonly type: string;
}

/**
 * Inserts many rows in one statement through unnest() of one array parameter per column: far fewer parameters
 * than a VALUES list, so tens of thousands of rows go in one round trip. Array-valued columns (text[]) cannot be
 * unnested as such: pass them as PostgreSQL array literals with the type 'text[]' and they are cast back.
 */
export async function insertUnnest(client: pg.PoolClient, table: string, columns: readonly Column[], rows: readonly unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  // Each column travels as one array literal built here: pg's own per-element conversion is ten times slower.
  const arrays = columns.map((c, i) => `{${rows.map((r) => arrayElement(serialise(r[i], c.type))).join(',')}}`);
  const elementType = (c: Column) => (c.type.endsWith('[]') || c.type === 'jsonb' ? 'text' : c.type);
  const casts = columns.map((c, i) => (c.type.endsWith('[]') || c.type === 'jsonb' ? `c${i}::${c.type}` : `c${i}`));
  await client.query(
    `insert into ${table} (${columns.map((c) => `"${c.name}"`).join(', ')})
     select ${casts.join(', ')} from unnest(${columns.map((c, i) => `$${i + 1}::${elementType(c)}[]`).join(', ')}) as t(${columns.map((_, i) => `c${i}`).join(', ')})`,
    arrays,
  );
}

function arrayElement(v: unknown): string {
  if (v === null) return 'NULL';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function serialise(v: unknown, type: string): unknown {
  if (v === undefined || v === null) return null;
  if (type === 'jsonb') return JSON.stringify(v);
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return pgArrayLiteral(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return v;
}

/** '{"a","b"}' for a text[] value inside an array parameter. */
export function pgArrayLiteral(items: readonly unknown[]): string {
  return `{${items.map((s) => `"${String(s).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/**
 * Drops the plain (non-unique, non-constraint) indexes of the given tables and returns a function that rebuilds
 * them. Building an index once over loaded rows is several times cheaper than maintaining it row by row during a
 * bulk load; primary keys and unique indexes stay, since foreign keys and the data's own checks rely on them.
 */
export async function withoutPlainIndexes(client: pg.PoolClient, tables: readonly string[]): Promise<() => Promise<void>> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `select ic.relname as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
       join pg_class ic on ic.oid = i.indexrelid
       join pg_class t on t.oid = i.indrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and t.relname = any($1) and not i.indisunique and not i.indisprimary
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by t.relname, ic.relname`,
    [tables],
  );
  for (const r of rows) await client.query(`drop index public."${r.name}"`);
  return async () => {
    for (const r of rows) await client.query(r.def);
  };
}
