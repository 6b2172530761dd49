/** The internal chatbot's knowledge (spec 3): active entries joined into markdown, by category then order_index. */
export interface KnowledgeEntry {
  readonly category: string;
  readonly title: string;
  readonly content: string;
  readonly order_index: number;
}

export function knowledgeMarkdown(entries: readonly KnowledgeEntry[]): string {
  const sorted = [...entries].sort((a, b) => (a.category === b.category ? a.order_index - b.order_index : a.category < b.category ? -1 : 1));
  const out: string[] = [];
  let category: string | null = null;
  for (const e of sorted) {
    if (e.category !== category) {
      category = e.category;
      out.push(`## ${category}`);
    }
    out.push(`### ${e.title}`, e.content.trim());
  }
  return out.join('\n\n');
}
