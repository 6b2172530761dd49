import type { SupabaseClient } from '@supabase/supabase-js';
import type { Conversation, ConversationPage, ConversationSummary } from '../../../shared/rules/prompts/types.js';
import {
  CONVERSATION_PAGE_SIZE,
  FIRST_MESSAGE_LENGTH,
  conversationMessages,
  periodStart,
  searchTerm,
  type ConversationPeriod,
} from '../../../shared/rules/prompts/conversations.js';
import { preview } from '../../../shared/rules/prompts/versions.js';
import { AppError } from '../../ground/errors.js';
import { countOf, must } from '../support/query.js';
import { deleteRowSettled } from '../support/delete-settled.js';

const TABLE = 'internal_chatbot_conversations';

interface Row {
  id: string;
  session_id: string;
  messages: unknown;
  updated_at: string;
  profiles: { email: string | null } | null;
}

export interface ConversationQuery {
  readonly search: string;
  readonly period: ConversationPeriod;
  readonly page: number;
}

const head = (db: SupabaseClient) => db.from(TABLE).select('id', { count: 'exact', head: true });

/**
 * One page of the internal chat history, newest first, with exact counts (PostgREST's count, never the length of
 * a capped response): the matching total and the stats total, today and this week. Search matches the profile
 * e-mail; the time filter bounds updated_at.
 */
export async function listConversations(db: SupabaseClient, q: ConversationQuery, now = new Date()): Promise<ConversationPage> {
  const term = searchTerm(q.search);
  const since = periodStart(q.period, now);
  const embed = term ? 'profiles!inner(email)' : 'profiles(email)';
  const from = q.page * CONVERSATION_PAGE_SIZE;
  let list = db.from(TABLE).select(`id, session_id, messages, updated_at, ${embed}`, { count: 'exact' });
  if (term) list = list.ilike('profiles.email', `%${term}%`);
  if (since) list = list.gte('updated_at', since.toISOString());
  const [page, total, today, week] = await Promise.all([
    list
      .order('updated_at', { ascending: false })
      .order('id')
      .range(from, from + CONVERSATION_PAGE_SIZE - 1),
    head(db),
    head(db).gte('updated_at', periodStart('today', now)!.toISOString()),
    head(db).gte('updated_at', periodStart('week', now)!.toISOString()),
  ]);
  const rows = (must(page, 'Reading the conversations') as unknown as Row[] | null) ?? [];
  const matching = countOf(page, 'Counting the conversations');
  return {
    rows: rows.map(toSummary),
    matching,
    stats: { total: countOf(total, 'Counting the conversations'), today: countOf(today, 'Counting today'), week: countOf(week, 'Counting this week') },
  };
}

function toSummary(r: Row): ConversationSummary {
  const messages = conversationMessages(r.messages);
  const first = messages.find((m) => m.role === 'user')?.content ?? '';
  return {
    id: r.id,
    sessionId: r.session_id,
    email: r.profiles?.email ?? null,
    messageCount: messages.length,
    firstMessage: preview(first, FIRST_MESSAGE_LENGTH),
    updatedAt: r.updated_at,
  };
}

export async function readConversation(db: SupabaseClient, id: string): Promise<Conversation | null> {
  const rows =
    (must(await db.from(TABLE).select('id, session_id, messages, updated_at, profiles(email)').eq('id', id).limit(1), 'Reading the conversation') as unknown as
      Row[] | null) ?? [];
  const r = rows[0];
  if (!r) return null;
  return { id: r.id, sessionId: r.session_id, email: r.profiles?.email ?? null, updatedAt: r.updated_at, messages: conversationMessages(r.messages) };
}

export async function deleteConversation(db: SupabaseClient, id: string): Promise<{ id: string }> {
  const rows = must(await deleteRowSettled(db, TABLE, id), 'Deleting the conversation') as { id: string }[] | null;
  if (!rows?.length) throw new AppError('NOT_FOUND', 'This conversation no longer exists.');
  return { id };
}
