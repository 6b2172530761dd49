import type { FunctionContext } from '../../gateway/functions.js';
import { HttpError } from '../../gateway/http.js';
import {
  BLOCK_SUGGESTIONS_SOURCE_BLOCKS,
  blockSuggestionsDue,
  demoSuggestions,
  type BlockSuggestionsFacts,
} from '../../../../shared/rules/prompts/block-suggestions.js';
import { bodyOf, isoSql, uuidField } from '../users/payload.js';

export type BlockSuggestionsAnswer =
  | { readonly generated: true; readonly id: string; readonly promptVersion: number; readonly suggestions: readonly string[] }
  | { readonly generated: false; readonly reason: 'not_due' | 'no_active_prompt' };

/** A user refreshes their own suggestions; the service role and administrators may do it for anyone. */
async function requireSelfOrAdmin(ctx: FunctionContext, userId: string): Promise<void> {
  if (ctx.caller.role === 'service_role') return;
  if (ctx.caller.role === 'authenticated' && ctx.caller.userId) {
    if (ctx.caller.userId === userId) return;
    const { rows } = await ctx.db.query<{ ok: boolean }>(`select public.has_role($1::uuid, 'admin') as ok`, [ctx.caller.userId]);
    if (rows[0]?.ok) return;
  }
  throw new HttpError(403, 'forbidden', 'Only the user or an administrator may refresh these suggestions.');
}

/** The facts the refresh rule needs, as sign-out reads them too. */
export async function refreshFacts(ctx: Pick<FunctionContext, 'db'>, userId: string): Promise<BlockSuggestionsFacts> {
  const { rows } = await ctx.db.query<{ last: string | null; block: string | null; chat: string | null }>(
    `select (select ${isoSql('max(created_at)')} from public.block_suggestions where user_id = $1) as last,
            (select ${isoSql('max(created_at)')} from public.blocks where user_id = $1) as block,
            (select ${isoSql('max(created_at)')} from public.chat_messages where user_id = $1) as chat`,
    [userId],
  );
  const r = rows[0];
  return { lastGeneratedAt: r?.last ?? null, latestBlockAt: r?.block ?? null, latestChatMessageAt: r?.chat ?? null };
}

/**
 * block-suggestions (spec 1 section 7): payload userId and forceRefresh. Unless forced, it generates only when the
 * refresh rule says so. A generation is made from the active block suggestion prompt and the user's recent
 * blocks, recorded in block_suggestions with the prompt's version, and counted in the prompt's usage_count.
 */
export async function blockSuggestions(ctx: FunctionContext): Promise<BlockSuggestionsAnswer> {
  if (ctx.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'block-suggestions accepts POST only.');
  const body = bodyOf(ctx.body);
  const userId = uuidField(body, 'userId');
  const force = body.forceRefresh ?? false;
  if (typeof force !== 'boolean') throw new HttpError(400, 'bad_request', 'forceRefresh must be true or false.');
  await requireSelfOrAdmin(ctx, userId);
  const { rows: users } = await ctx.db.query(`select 1 from auth.users where id = $1`, [userId]);
  if (users.length === 0) throw new HttpError(404, 'not_found', 'User not found');

  if (!force && !blockSuggestionsDue(await refreshFacts(ctx, userId), new Date())) return { generated: false, reason: 'not_due' };

  const client = await ctx.db.connect();
  try {
    await client.query('begin');
    // Shared lock on the active row: a save that deactivates it waits, so the recorded version was the active one.
    const { rows: prompts } = await client.query<{ id: string; version: number }>(
      `select id, version from public.block_suggestion_prompts where is_active for share`,
    );
    const prompt = prompts[0];
    if (!prompt) {
      await client.query('rollback');
      return { generated: false, reason: 'no_active_prompt' };
    }
    const { rows: blocks } = await client.query<{ title: string | null; content: string; tags: string[] }>(
      `select title, content, tags from public.blocks where user_id = $1 order by created_at desc, id desc limit $2`,
      [userId, BLOCK_SUGGESTIONS_SOURCE_BLOCKS],
    );
    const suggestions = demoSuggestions(blocks);
    const { rows: inserted } = await client.query<{ id: string }>(
      `insert into public.block_suggestions (user_id, prompt_id, prompt_version, suggestions, source_block_count, forced)
       values ($1, $2, $3, $4::jsonb, $5, $6) returning id`,
      [userId, prompt.id, prompt.version, JSON.stringify(suggestions), blocks.length, force],
    );
    await client.query(`update public.block_suggestion_prompts set usage_count = usage_count + 1 where id = $1`, [prompt.id]);
    await client.query('commit');
    return { generated: true, id: inserted[0]!.id, promptVersion: prompt.version, suggestions };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
