// main reads admin-get-users in pages; a function that ignores paging (the product's original) still gives every
// user exactly once, and a function error becomes a message naming what failed. Read as key ranges side by side,
// every user still arrives once, whether the function honours the ranges' lower bound or not.
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { readAllUsers } from '../../main/services/users/list.js';
import { compareKeys, rangePages, type UserKey, type UserRange } from '../../main/services/users/ranges.js';
import type { AdminUserRow } from '../../shared/rules/users/types.js';

const rows: AdminUserRow[] = Array.from({ length: 23 }, (_, i) => ({
  user_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  user_email: `u${i}@x.io`,
  user_created_at: new Date(Date.UTC(2026, 0, 30 - i)).toISOString(),
  last_sign_in_at: null,
  subscription_id: null,
  subscription_status: null,
  plan_name: null,
  plan_description: null,
  block_count: i,
  marketing_attribution: null,
}));

function fakeClient(answer: (body: Record<string, unknown>) => { data: unknown; error: unknown }): {
  client: SupabaseClient;
  bodies: Record<string, unknown>[];
} {
  const bodies: Record<string, unknown>[] = [];
  const client = {
    functions: {
      invoke: async (_name: string, { body }: { body: Record<string, unknown> }) => {
        bodies.push(body);
        return answer(body);
      },
    },
  } as unknown as SupabaseClient;
  return { client, bodies };
}

/** Like the embedded function: newest first, keyset after (user_created_at, user_id). */
function paging(body: Record<string, unknown>) {
  const after = body.after as { user_created_at: string } | undefined;
  const rest = after ? rows.filter((r) => r.user_created_at < after.user_created_at) : rows;
  return { data: rest.slice(0, body.pageSize as number), error: null };
}

describe('readAllUsers', () => {
  it('follows the pages to the end', async () => {
    const { client, bodies } = fakeClient(paging);
    expect(await readAllUsers(client, 5)).toEqual(rows);
    expect(bodies).toHaveLength(5);
    expect(bodies[1]).toEqual({
      statusFilter: 'all',
      searchTerm: '',
      pageSize: 5,
      after: { user_created_at: rows[4]!.user_created_at, user_id: rows[4]!.user_id },
    });
  });

  it('stops when a page is exactly full and the next brings nothing new', async () => {
    const { client, bodies } = fakeClient(() => ({ data: rows.slice(0, 10), error: null }));
    expect(await readAllUsers(client, 10)).toEqual(rows.slice(0, 10));
    expect(bodies).toHaveLength(2);
  });

  it('takes a function that answers everything at once (no paging) in one call', async () => {
    const { client, bodies } = fakeClient(() => ({ data: rows, error: null }));
    expect(await readAllUsers(client, 5)).toEqual(rows);
    expect(bodies).toHaveLength(1);
  });

  it('turns a function error into a message', async () => {
    const context = new Response(JSON.stringify({ error: 'Admin access required' }), { status: 403 });
    const { client } = fakeClient(() => ({ data: null, error: { message: 'Edge Function returned a non-2xx status code', context } }));
    await expect(readAllUsers(client)).rejects.toMatchObject({ code: 'BACKEND_ERROR', message: 'Reading the users: Admin access required' });
  });
});

describe('rangePages (the list read as key ranges side by side)', () => {
  const cuts: UserKey[] = [rows[6]!, rows[15]!].map((r) => ({ user_created_at: r.user_created_at, user_id: '00000000-0000-0000-0000-000000000000' }));
  const ranges: UserRange[] = [
    { upper: null, lower: cuts[0]! },
    { upper: cuts[0]!, lower: cuts[1]! },
    { upper: cuts[1]!, lower: null },
  ];
  const readRanges = async (client: SupabaseClient, pageSize: number) => {
    const out: AdminUserRow[] = [];
    for (const r of ranges) for await (const p of rangePages(client, r, pageSize)) out.push(...p.rows);
    return out;
  };

  it('covers every user once across the ranges, with the until bound or without it (a function that ignores it, or all paging)', async () => {
    const until = (body: Record<string, unknown>) => {
      const lower = body.until as UserKey | undefined;
      const { data } = paging(body);
      return { data: lower ? data.filter((r) => compareKeys(r, lower) >= 0) : data, error: null };
    };
    for (const answer of [until, paging, () => ({ data: rows, error: null })]) {
      for (const size of [1, 4, 10, 50]) expect(await readRanges(fakeClient(answer).client, size)).toEqual(rows);
    }
  });

  it('goes on after a cursor (a cut sync resuming) and says which page ended the range', async () => {
    const { client } = fakeClient(paging);
    const pages = [];
    for await (const p of rangePages(client, ranges[1]!, 4, rows[8]!)) pages.push(p);
    expect(pages.flatMap((p) => p.rows)).toEqual(rows.slice(9, 16));
    expect(pages.map((p) => p.last)).toEqual([false, true]);
  });
});
