// main reads admin-get-users in pages; a function that ignores paging (the product's original) still gives every
// user exactly once, and a function error becomes a message naming what failed.
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { readAllUsers } from '../../main/services/users/list.js';
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
