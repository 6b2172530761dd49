import type { SupabaseClient } from '@supabase/supabase-js';
import type { InternalKnowledge } from '../../../shared/rules/prompts/types.js';
import { knowledgeMarkdown, type KnowledgeEntry } from '../../../shared/rules/prompts/knowledge.js';
import { readCounted } from '../support/query.js';

type Rows = PromiseLike<{ data: KnowledgeEntry[] | null; error: { message: string } | null }>;

/** The active internal knowledge entries, read in pages, joined into markdown by category then order_index. */
export async function internalKnowledge(db: SupabaseClient): Promise<InternalKnowledge> {
  const what = 'Reading the internal knowledge';
  const rows = await readCounted<KnowledgeEntry>(
    what,
    db.from('internal_chatbot_knowledge').select('id', { count: 'exact', head: true }).eq('is_active', true),
    (from, to) =>
      db
        .from('internal_chatbot_knowledge')
        .select('category, title, content, order_index')
        .eq('is_active', true)
        .order('category')
        .order('order_index')
        .order('id')
        .range(from, to) as unknown as Rows,
  );
  return { entries: rows.length, markdown: knowledgeMarkdown(rows) };
}
