import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { refreshBlockSuggestionsAtSignOut } from '../../main/services/auth/block-suggestions-refresh.js';

/** The sign-out refresh's budget and failure handling, with a stand-in client (no backend). */

const USER = '00000000-0000-4000-8000-000000000001';

function fakeClient(newest: Record<string, string | null>, invoke: (signal: AbortSignal) => Promise<{ error: Error | null }>) {
  const calls: { name: string; body: unknown }[] = [];
  const client = {
    from: (table: string) => {
      const chain = {
        select: () => chain,
        eq: () => chain,
        order: () => chain,
        limit: () => chain,
        abortSignal: async () => ({ data: newest[table] ? [{ created_at: newest[table] }] : [], error: null }),
      };
      return chain;
    },
    functions: {
      invoke: (name: string, opts: { body: unknown; signal: AbortSignal }) => {
        calls.push({ name, body: opts.body });
        return invoke(opts.signal);
      },
    },
  };
  return { client: client as unknown as SupabaseClient, calls };
}

const recent = new Date(Date.now() - 60_000).toISOString();
const older = new Date(Date.now() - 120_000).toISOString();

describe('refreshBlockSuggestionsAtSignOut', () => {
  it('calls block-suggestions with userId and forceRefresh when due, and not when not due', async () => {
    const due = fakeClient({ block_suggestions: older, blocks: recent, chat_messages: null }, async () => ({ error: null }));
    expect(await refreshBlockSuggestionsAtSignOut(due.client, USER)).toBe('refreshed');
    expect(due.calls).toEqual([{ name: 'block-suggestions', body: { userId: USER, forceRefresh: true } }]);
    const notDue = fakeClient({ block_suggestions: recent, blocks: older, chat_messages: older }, async () => ({ error: null }));
    expect(await refreshBlockSuggestionsAtSignOut(notDue.client, USER)).toBe('not-due');
    expect(notDue.calls).toEqual([]);
  });

  it('gives up (and aborts) when the budget runs out, and never throws on a failure', async () => {
    let aborted = false;
    const hung = fakeClient(
      { block_suggestions: null, blocks: null, chat_messages: null },
      (signal) => new Promise(() => signal.addEventListener('abort', () => (aborted = true))),
    );
    const t0 = Date.now();
    expect(await refreshBlockSuggestionsAtSignOut(hung.client, USER, 150)).toBe('timed-out');
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(aborted).toBe(true);
    const failing = fakeClient({ block_suggestions: null, blocks: null, chat_messages: null }, async () => ({
      error: new Error('Edge function returned 500'),
    }));
    expect(await refreshBlockSuggestionsAtSignOut(failing.client, USER)).toBe('failed');
    const throwing = fakeClient({ block_suggestions: null, blocks: null, chat_messages: null }, () => Promise.reject(new Error('fetch failed')));
    expect(await refreshBlockSuggestionsAtSignOut(throwing.client, USER)).toBe('failed');
  });
});
