/** A version of any prompt family, as the history screens show it. */
export interface VersionItem {
  readonly id: string;
  readonly version: number;
  readonly isActive: boolean;
  /** The administrator who saved it; null for seeded or system-made versions ("System"). */
  readonly createdBy: string | null;
  readonly createdAt: string;
  readonly notes: string | null;
  readonly changeReason: string | null;
  /** The compared and previewed text (prompt content, knowledge base content). */
  readonly text: string;
  /** A title, for families that have one (knowledge base). */
  readonly title?: string | null;
  /** The knowledge base text, for families that keep one beside the prompt (the chatbots). */
  readonly knowledgeBase?: string | null;
  readonly params?: GenerationParams | null;
  readonly parentVersionId?: string | null;
}

/** generation_params (spec 2 section 3): the shared shape of every prompt kind. */
export interface GenerationParams {
  readonly temperature: number;
  readonly topK: number;
  readonly topP: number;
  readonly model: string;
  readonly variety_injection?: boolean;
  readonly variety_prompts?: readonly string[];
}
