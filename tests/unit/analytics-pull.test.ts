// Pulling a slice without counting it first: a short page ends the slice only once the server has shown that
// its row cap is not below PAGE_SIZE; the count and last key of a page come from Content-Range and the last row,
// or from SQLite reading the page when those cannot be trusted. A table's pull is cut into slices by time.
import { describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { compactHead, pullCompactSlice, pullSlice, rowsOf } from '../../main/services/analytics/pull.js';
import { syncTable } from '../../main/services/analytics/tables.js';
import { sliceBounds } from '../../main/services/analytics/sync.js';
import { PAGE_SIZE } from '../../main/services/support/query.js';

interface Served {
  readonly rows: readonly Record<string, unknown>[];
  readonly range: boolean;
}

const row = (i: number, extra: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  user_id: 'u',
  created_at: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString().replace('Z', '+00:00'),
  ...extra,
});

/** A client whose server answers the given pages in turn (filters ignored), counting the requests. */
function fakeServer(pages: readonly Served[]) {
  let calls = 0;
  const fetch = async (): Promise<Response> => {
    const page = pages[calls++] ?? { rows: [], range: true };
    const n = page.rows.length;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (page.range) headers['content-range'] = n === 0 ? '*/*' : `0-${n - 1}/*`;
    return new Response(JSON.stringify(page.rows), { status: 200, headers });
  };
  const client = createClient('http://127.0.0.1:9', 'key', { global: { fetch }, auth: { persistSession: false }, realtime: { transport: WebSocket } as never });
  return { client, calls: () => calls };
}

const numbered = (from: number, n: number, extra?: Record<string, unknown>) => Array.from({ length: n }, (_, i) => row(from + i, extra));

async function pullAllOf(client: ReturnType<typeof fakeServer>['client'], table = 'chat_messages') {
  const got: Record<string, unknown>[] = [];
  const keys: string[] = [];
  const n = await pullSlice(client, syncTable(table), { column: 'created_at', from: null, to: null }, (page, last) => {
    got.push(...rowsOf(page));
    keys.push(last.id);
  });
  return { n, got, keys };
}

describe('pullSlice', () => {
  it('ends at a short page once a full page has shown the cap is PAGE_SIZE', async () => {
    const server = fakeServer([
      { rows: numbered(0, PAGE_SIZE), range: true },
      { rows: numbered(PAGE_SIZE, 300), range: true },
    ]);
    const { n, got, keys } = await pullAllOf(server.client);
    expect(n).toBe(PAGE_SIZE + 300);
    expect(got.map((r) => r.id)).toEqual(numbered(0, PAGE_SIZE + 300).map((r) => r.id));
    expect(keys).toEqual([row(PAGE_SIZE - 1).id, row(PAGE_SIZE + 299).id]);
    expect(server.calls()).toBe(2);
  });

  it('reads on to an empty page when the server caps pages below PAGE_SIZE', async () => {
    const server = fakeServer([
      { rows: numbered(0, 500), range: true },
      { rows: numbered(500, 500), range: true },
      { rows: numbered(1000, 20), range: true },
      { rows: [], range: true },
    ]);
    const { n, got } = await pullAllOf(server.client);
    expect(n).toBe(1020);
    expect(got).toHaveLength(1020);
    expect(server.calls()).toBe(4);
  });

  it('reads the count and last key with SQLite when there is no Content-Range or the last row nests an "id"', async () => {
    const nested = { coach_interaction_summary: { x: { id: 'not-the-row', count: 2 } } };
    const server = fakeServer([
      { rows: numbered(0, 3), range: false },
      { rows: numbered(3, 2, nested), range: true },
      { rows: [], range: false },
    ]);
    const { n, keys } = await pullAllOf(server.client, 'user_engagement_metrics');
    expect(n).toBe(5);
    expect(keys).toEqual([row(2).id, row(4).id]);
  });
});

describe('pullCompactSlice', () => {
  /** A compact page as PostgreSQL's json_build_object writes it (a space each side of every colon). */
  const compact = (rows: readonly ReturnType<typeof row>[]) =>
    `{"n" : ${rows.length}, "ts" : ${rows.length ? `"${rows.at(-1)!.created_at}"` : 'null'}, "id" : ${rows.length ? `"${rows.at(-1)!.id}"` : 'null'}, "rows" : [${rows.map((r) => `[20000, "${r.user_id}", "${r.id}"]`).join(', ')}]}`;
  /** A server answering the given pages in turn, recording each request's query. */
  function compactServer(pages: readonly (readonly ReturnType<typeof row>[])[]) {
    const queries: URLSearchParams[] = [];
    const fetch = async (input: string | URL | Request): Promise<Response> => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      expect(url.pathname).toBe('/rest/v1/rpc/admin_analytics_page');
      queries.push(url.searchParams);
      return new Response(compact(pages[queries.length - 1] ?? []), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const client = createClient('http://127.0.0.1:9', 'key', {
      global: { fetch },
      auth: { persistSession: false },
      realtime: { transport: WebSocket } as never,
    });
    return { client, queries };
  }

  it('reads after the last key of each page, within the slice, and ends at a short page', async () => {
    const server = compactServer([numbered(0, 4), numbered(4, 4), numbered(8, 1)]);
    const keys: string[] = [];
    const counts: number[] = [];
    const bodies: string[] = [];
    const slice = { column: 'updated_at', from: '2025-01-01T00:00:00.000Z', to: '2025-02-01T00:00:00.000Z' } as const;
    const n = await pullCompactSlice(
      server.client,
      syncTable('blocks'),
      slice,
      (page, last) => {
        counts.push(page.count);
        keys.push(`${last.ts} ${last.id}`);
        bodies.push(page.json.toString('utf8'));
      },
      null,
      4,
    );
    expect(n).toBe(9);
    expect(counts).toEqual([4, 4, 1]);
    // The bytes as the server sent them (not parsed and written again on main's thread).
    expect(bodies).toEqual([compact(numbered(0, 4)), compact(numbered(4, 4)), compact(numbered(8, 1))]);
    expect(keys).toEqual([3, 7, 8].map((i) => `${row(i).created_at} ${row(i).id}`));
    const q = server.queries.map((s) => Object.fromEntries(s));
    expect(q[0]).toEqual({ p_table: 'blocks', p_column: 'updated_at', p_limit: '4', p_from: slice.from, p_to: slice.to });
    // Later pages start after the key (which lies within the slice), so the lower bound is not sent again.
    expect(q[1]).toEqual({ p_table: 'blocks', p_column: 'updated_at', p_limit: '4', p_after_ts: row(3).created_at, p_after_id: row(3).id, p_to: slice.to });
    expect(server.queries).toHaveLength(3);
  });

  it('resumes after a saved key, and an empty page ends the slice', async () => {
    const server = compactServer([numbered(10, 4), []]);
    const after = { ts: row(9).created_at, id: row(9).id };
    const n = await pullCompactSlice(server.client, syncTable('blocks'), { column: 'updated_at', from: null, to: null }, () => undefined, after, 4);
    expect(n).toBe(4);
    expect(Object.fromEntries(server.queries[0]!)).toMatchObject({ p_after_ts: after.ts, p_after_id: after.id });
    expect(server.queries[0]!.has('p_from')).toBe(false);
    expect(server.queries).toHaveLength(2);
  });

  it('reads the head of a page however it is spaced, and refuses one without a count or key', () => {
    const rows = numbered(0, 2);
    expect(compactHead(Buffer.from(compact(rows)))).toEqual({ n: 2, ts: row(1).created_at, id: row(1).id });
    expect(compactHead(Buffer.from(JSON.stringify({ n: 2, ts: 'a', id: 'b', rows: [] })))).toEqual({ n: 2, ts: 'a', id: 'b' });
    expect(compactHead(Buffer.from(JSON.stringify({ id: 'b', n: 1, ts: 'a', rows: [] })))).toEqual({ n: 1, ts: 'a', id: 'b' });
    expect(compactHead(Buffer.from(compact([])))).toEqual({ n: 0, ts: null, id: null });
    expect(() => compactHead(Buffer.from(JSON.stringify({ n: 3, ts: null, id: null, rows: [] })))).toThrow(/no row count or last key/);
    expect(() => compactHead(Buffer.from('[]'))).toThrow(/no row count or last key/);
  });
});

describe('sliceBounds: a table cut into slices pulled side by side', () => {
  const iso = (d: string) => new Date(`${d}T00:00:00.000Z`).toISOString();
  const months = [null, iso('2025-02-01'), iso('2025-03-01'), null];
  const start = Date.parse('2025-01-10T00:00:00Z');
  const now = Date.parse('2025-03-20T00:00:00Z');

  it('keeps the month bounds, the unbounded ends, and cuts each month into parts of about 20,000 rows', () => {
    expect(sliceBounds(months, start, now, 1000)).toEqual(months);
    const cut = sliceBounds(months, start, now, 240_000);
    // 240,000 rows over 3 months: 4 parts a month.
    expect(cut).toHaveLength(3 * 4 + 1);
    expect(cut[0]).toBeNull();
    expect(cut.at(-1)).toBeNull();
    for (const m of months.slice(1, -1)) expect(cut).toContain(m);
    const inner = cut.slice(1, -1).map((v) => Date.parse(v!));
    expect(inner).toEqual([...inner].sort((a, b) => a - b));
    expect(new Set(inner).size).toBe(inner.length);
  });

  it('keeps the one unbounded slice of a table whose rows all fall in the current month (a first sync)', () => {
    // Dropping the second null left such a table with no slice and no watermark: later syncs never read its updates.
    expect(sliceBounds([null, null], now - 60_000, now, 300)).toEqual([null, null]);
    expect(sliceBounds([null, null], now - 60_000, now, 300_000).length).toBeGreaterThan(2);
    const from = iso('2025-03-10');
    expect(sliceBounds([from, null], Date.parse(from), now, 10)).toEqual([from, null]);
  });
});
