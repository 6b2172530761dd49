import type { SupabaseClient } from '@supabase/supabase-js';
import { BLOCK_SUGGESTIONS_SIGN_OUT_WAIT_MS, blockSuggestionsDue, type BlockSuggestionsFacts } from '../../../shared/rules/prompts/block-suggestions.js';
import { log } from '../../ground/log.js';

export type RefreshOutcome = 'refreshed' | 'not-due' | 'timed-out' | 'failed';

/** created_at of the user's newest row in a table, read with the user's own session (row-level security). */
async function newest(client: SupabaseClient, table: string, userId: string, signal: AbortSignal): Promise<string | null> {
  const { data, error } = await client
    .from(table)
    .select('created_at')
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .limit(1)
    .abortSignal(signal);
  if (error) throw new Error(`${table}: ${error.message}`);
  return (data?.[0] as { created_at?: string } | undefined)?.created_at ?? null;
}

async function facts(client: SupabaseClient, userId: string, signal: AbortSignal): Promise<BlockSuggestionsFacts> {
  const [lastGeneratedAt, latestBlockAt, latestChatMessageAt] = await Promise.all([
    newest(client, 'block_suggestions', userId, signal),
    newest(client, 'blocks', userId, signal),
    newest(client, 'chat_messages', userId, signal),
  ]);
  return { lastGeneratedAt, latestBlockAt, latestChatMessageAt };
}

async function decideAndCall(client: SupabaseClient, userId: string, signal: AbortSignal): Promise<RefreshOutcome> {
  if (!blockSuggestionsDue(await facts(client, userId, signal), new Date())) return 'not-due';
  // Already decided here that it is due: the function is asked to generate, not to decide again.
  const { error } = await client.functions.invoke('block-suggestions', { body: { userId, forceRefresh: true }, signal });
  if (error) throw new Error(error.message);
  return 'refreshed';
}

/**
 * Spec 1 section 4: sign-out may refresh block suggestions. Decision and call share one budget of 2 seconds; when it
 * runs out the requests are abandoned (aborted) and sign-out goes on. It never throws: a failing or hung function
 * must neither block nor fail sign-out.
 */
export async function refreshBlockSuggestionsAtSignOut(
  client: SupabaseClient,
  userId: string,
  waitMs = BLOCK_SUGGESTIONS_SIGN_OUT_WAIT_MS,
): Promise<RefreshOutcome> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<RefreshOutcome>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve('timed-out');
    }, waitMs);
  });
  const work = decideAndCall(client, userId, abort.signal).catch((err: unknown) => {
    if (abort.signal.aborted) return 'timed-out' as const;
    log.warn(`Block suggestions were not refreshed at sign-out: ${(err as Error)?.message ?? String(err)}`);
    return 'failed' as const;
  });
  try {
    const outcome = await Promise.race([work, timeout]);
    if (outcome === 'timed-out') log.warn(`Block suggestions refresh at sign-out took over ${waitMs} ms; sign-out went on without it.`);
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}
