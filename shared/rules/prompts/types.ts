import type { VersionItem } from '../versions/types.js';

/** One prompt family's versions (newest first) and, for coach families, the coach's name. */
export interface PromptHistory {
  readonly owner: string | null;
  /** Every version of the family, counted exactly (the list may be limited, e.g. the internal chatbot's latest 5). */
  readonly total: number;
  readonly versions: readonly VersionItem[];
}

/** The internal chatbot's active knowledge entries, joined into markdown by category then order_index. */
export interface InternalKnowledge {
  readonly entries: number;
  readonly markdown: string;
}

export interface ConversationMessage {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

export interface ConversationSummary {
  readonly id: string;
  readonly sessionId: string;
  readonly email: string | null;
  readonly messageCount: number;
  /** The first user turn, cut for the list. */
  readonly firstMessage: string;
  readonly updatedAt: string;
}

export interface ConversationPage {
  readonly rows: readonly ConversationSummary[];
  /** Conversations matching the search and time filter, counted exactly. */
  readonly matching: number;
  readonly stats: { readonly total: number; readonly today: number; readonly week: number };
}

export interface Conversation {
  readonly id: string;
  readonly sessionId: string;
  readonly email: string | null;
  readonly updatedAt: string;
  readonly messages: readonly ConversationMessage[];
}
