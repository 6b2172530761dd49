/**
 * Reading server tables through PostgREST in pages of at most 1,000 rows, never one unbounded select.
 *
 * Pages follow a keyset on (column, id): `column >= k and (column > k or (column = k and id > last id))`. The
 * leading `column >= k` lets PostgreSQL start from the index position instead of filtering every earlier row,
 * so page 1,000 costs what page 1 costs.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { countOf, must, PAGE_SIZE } from '../support/query.js';
import type { ServerRow, SyncTable } from './tables.js';
import type { Watermark } from './replica-store.js';
import Database from 'better-sqlite3';
import { AppError } from '../../ground/errors.js';

/** A half-open range [from, to) of a timestamp column; null ends are unbounded. */
export interface Slice {
  readonly column: 'created_at' | 'updated_at';
  readonly from: string | null;
  readonly to: string | null;
}

const head = { count: 'exact', head: true } as const;

/** PostgREST's logic-tree syntax needs values with ':', '.' or '+' in double quotes. */
const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

type PageQuery = PromiseLike<{ readonly data: unknown; readonly error: { readonly message: string } | null }>;

/** What postgrest-js keeps of a built request (not public API: checked before use). */
interface BuiltRequest {
  readonly url?: unknown;
  readonly headers?: unknown;
  readonly fetch?: unknown;
  readonly schema?: unknown;
}

/**
 * A page's JSON text, unparsed. supabase-js would JSON.parse every page on main's thread, the largest cost of a
 * first sync after SQLite's; the page instead goes to SQLite as text (json-writers.ts). The request is the one
 * supabase-js built, sent through the client's own fetch (its keys, its origin check); should a later
 * postgrest-js keep it differently, the page is read the ordinary way.
 */
async function pageText(q: PageQuery, what: string): Promise<{ readonly json: Buffer; readonly range: string | null }> {
  const b = q as unknown as BuiltRequest;
  if (!(b.url instanceof URL) || !(b.headers instanceof Headers) || typeof b.fetch !== 'function') {
    return { json: Buffer.from(JSON.stringify(must(await q, what) ?? [])), range: null };
  }
  const headers = new Headers(b.headers);
  if (typeof b.schema === 'string') headers.set('Accept-Profile', b.schema);
  let res: Response;
  try {
    res = await (b.fetch as typeof fetch)(b.url.toString(), { method: 'GET', headers: Object.fromEntries(headers) });
  } catch (err) {
    const e = err as Error;
    throw new AppError('BACKEND_ERROR', `${what}: ${e.name}: ${e.message}`);
  }
  // The bytes, not text: decoding 600 MB of UTF-8 into strings and encoding it again for SQLite was a tenth of
  // main's time in a first sync.
  const bytes = Buffer.from(await res.arrayBuffer());
  if (!res.ok) {
    const body = bytes.toString('utf8');
    let message = body;
    try {
      message = (JSON.parse(body) as { message?: string }).message ?? body;
    } catch {
      // Not JSON: the body is the message.
    }
    throw new AppError('BACKEND_ERROR', `${what}: ${message}`);
  }
  return { json: bytes, range: res.headers.get('content-range') };
}

/** The number of rows of a page and the values of its last row (SQLite reads the text; no object per row). */
const tailDb = new Database(':memory:');
const tailOf = tailDb.prepare<{ json: Buffer; col: string }, { n: number; ts: string | null; id: string | null }>(
  `select json_array_length(t) as n, json_extract(t, '$[#-1].' || :col) as ts, json_extract(t, '$[#-1].id') as id from (select cast(:json as text) as t)`,
);
const ROW_START = Buffer.from('{"id":');
const CLOSE = ']'.charCodeAt(0);

/**
 * The row count and last key of a page without parsing it: the count from PostgREST's Content-Range
 * (`0-999/*`; a star alone when empty), the last row parsed alone from the last `{"id":` (every pulled select starts
 * with id; in JSON text that sequence cannot occur inside a string). Anything unexpected (a nested object
 * holding an "id", no header) falls back to SQLite reading the whole text.
 */
function tailOfPage(json: Buffer, range: string | null, column: string): { n: number; ts: string | null; id: string | null } | undefined {
  const m = range ? /^(?:(\d+)-(\d+)|\*)\//.exec(range) : null;
  if (m) {
    const n = m[1] === undefined ? 0 : Number(m[2]) - Number(m[1]) + 1;
    if (n === 0 && json.toString('utf8').trim() === '[]') return { n, ts: null, id: null };
    const at = json.lastIndexOf(ROW_START);
    if (n > 0 && at > 0 && json[json.length - 1] === CLOSE) {
      try {
        const last = JSON.parse(json.toString('utf8', at, json.length - 1)) as ServerRow;
        if (typeof last.id === 'string' && typeof last[column] === 'string') return { n, ts: last[column] as string, id: last.id };
      } catch {
        // Not the last row's own object: SQLite reads the page.
      }
    }
  }
  return tailOf.get({ json, col: column });
}

/** A page of rows as PostgREST's JSON answer, in the bytes received. */
export interface JsonPage {
  readonly json: Buffer;
  readonly count: number;
}

/** The rows of a page as objects, for the writers and readers that need them. */
export const rowsOf = (page: JsonPage): ServerRow[] => JSON.parse(page.json.toString('utf8')) as ServerRow[];

/**
 * The number of the table's rows in a slice (a head request: no rows travel): exact, or PostgreSQL's planner
 * estimate (no rows counted) where only progress needs it.
 */
export async function countSlice(db: SupabaseClient, table: SyncTable, slice: Slice | null, count: 'exact' | 'estimated' = 'exact'): Promise<number> {
  let q = db.from(table.name).select('*', count === 'exact' ? head : { count, head: true });
  if (slice?.from) q = q.gte(slice.column, slice.from);
  if (slice?.to) q = q.lt(slice.column, slice.to);
  return countOf(await q, `Counting ${table.name}`);
}

/** The smallest value of a column, or null for an empty table. */
export async function firstValue(db: SupabaseClient, table: SyncTable, column: string): Promise<string | null> {
  const rows = must(await db.from(table.name).select(column).order(column, { ascending: true }).limit(1), `Reading ${table.name}`) as unknown as ServerRow[];
  const v = rows[0]?.[column];
  return v === undefined || v === null ? null : String(v);
}

/** Clients whose server has answered a full page: its row cap is at least PAGE_SIZE, so a short page is the end. */
const fullPageSeen = new WeakSet<SupabaseClient>();

/**
 * Reads every row of a slice (after `after`, when given), page by page, handing each page to `onPage` with the key of its last row (the next
 * page is asked for once `onPage` has returned or resolved).
 * A short page ends the slice once this server has answered a full page of PAGE_SIZE rows (its row cap is not
 * lower); until then, and on a server whose cap is below PAGE_SIZE, the slice ends at an empty page. No count
 * is needed: counting every slice cost as much server time as reading it.
 */
export async function pullSlice(
  db: SupabaseClient,
  table: SyncTable,
  slice: Slice | null,
  onPage: (page: JsonPage, last: Watermark) => void | Promise<void>,
  /** Where an earlier, interrupted pull of the slice stopped: the rows after this key are read. */
  after: Watermark | null = null,
): Promise<number> {
  const column = slice?.column ?? 'created_at';
  let key: Watermark | null = after;
  let received = 0;
  for (;;) {
    let q = db.from(table.name).select(table.select).order(column, { ascending: true }).order('id', { ascending: true }).limit(PAGE_SIZE);
    if (slice?.to) q = q.lt(column, slice.to);
    if (key) q = q.gte(column, key.ts).or(`${column}.gt.${quoted(key.ts)},and(${column}.eq.${quoted(key.ts)},id.gt.${quoted(key.id)})`);
    else if (slice?.from) q = q.gte(column, slice.from);
    const { json, range } = await pageText(q, `Reading ${table.name}`);
    const tail = tailOfPage(json, range, column);
    const count = tail?.n ?? 0;
    if (count === 0) return received;
    key = { ts: String(tail!.ts), id: String(tail!.id) };
    received += count;
    if (count >= PAGE_SIZE) fullPageSeen.add(db);
    // A writer that is behind makes the pull wait here (replica-writer.ts).
    await onPage({ json, count }, key);
    if (count < PAGE_SIZE && fullPageSeen.has(db)) return received;
  }
}

/** Rows per compact page: a few round trips per slice, each page a few hundred kB before compression. */
export const COMPACT_PAGE_ROWS = 5000;

/** The head of a compact page, `{"n" : 5000, "ts" : "...", "id" : "...", "rows" : ...`, as PostgreSQL writes it. */
const COMPACT_HEAD = /^\{\s*"n"\s*:\s*(\d+)\s*,\s*"ts"\s*:\s*(null|"[^"\\]*")\s*,\s*"id"\s*:\s*(null|"[^"\\]*")\s*,\s*"rows"\s*:/;

/** The row count and the last row's key of a compact page, read from its first bytes (the rows stay unparsed). */
export function compactHead(json: Buffer): { n: number; ts: string | null; id: string | null } {
  const m = COMPACT_HEAD.exec(json.toString('utf8', 0, Math.min(json.length, 512)));
  const head = m
    ? { n: Number(m[1]), ts: m[2] === 'null' ? null : (JSON.parse(m[2]!) as string), id: m[3] === 'null' ? null : (JSON.parse(m[3]!) as string) }
    : (JSON.parse(json.toString('utf8')) as { n?: unknown; ts?: unknown; id?: unknown });
  const n = Number(head.n);
  if (!Number.isInteger(n) || n < 0 || (n > 0 && (typeof head.ts !== 'string' || typeof head.id !== 'string')))
    throw new AppError('BACKEND_ERROR', 'The analytics page has no row count or last key');
  return { n, ts: n > 0 ? (head.ts as string) : null, id: n > 0 ? (head.id as string) : null };
}

/**
 * pullSlice for a table with compact pages (tables.ts `compact`): admin_analytics_page (migration 0094) answers
 * each row as its day and the columns the replica keeps, with the key of the last row beside them, in pages of
 * `rows` (a scalar answer: the API's 1,000-row cap does not apply). A page shorter than asked for ends the slice.
 */
export async function pullCompactSlice(
  db: SupabaseClient,
  table: SyncTable,
  slice: Slice,
  onPage: (page: JsonPage, last: Watermark) => void | Promise<void>,
  after: Watermark | null = null,
  rows = COMPACT_PAGE_ROWS,
): Promise<number> {
  let key: Watermark | null = after;
  let received = 0;
  for (;;) {
    const args: Record<string, string | number> = { p_table: table.name, p_column: slice.column, p_limit: rows };
    if (key) Object.assign(args, { p_after_ts: key.ts, p_after_id: key.id });
    else if (slice.from) args.p_from = slice.from;
    if (slice.to) args.p_to = slice.to;
    const { json } = await pageText(db.rpc('admin_analytics_page', args, { get: true }), `Reading ${table.name}`);
    const head = compactHead(json);
    if (head.n === 0) return received;
    key = { ts: head.ts!, id: head.id! };
    received += head.n;
    await onPage({ json, count: head.n }, key);
    if (head.n < rows) return received;
  }
}

/** Reads a whole small table (coaches, plans) in id order, page by page. */
export async function pullAll(db: SupabaseClient, table: SyncTable): Promise<ServerRow[]> {
  const out: ServerRow[] = [];
  let last: string | null = null;
  for (;;) {
    let q = db.from(table.name).select(table.select).order('id', { ascending: true }).limit(PAGE_SIZE);
    if (last) q = q.gt('id', last);
    const rows = (must(await q, `Reading ${table.name}`) ?? []) as unknown as ServerRow[];
    out.push(...rows);
    if (rows.length === 0) return out;
    last = String(rows[rows.length - 1]!.id);
  }
}
