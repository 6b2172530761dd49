import type { SupabaseClient } from '@supabase/supabase-js';
import type { PromptFamilyId, MirrorType } from '../../../shared/rules/prompts/families.js';
import {
  BLOCK_SUGGESTION_PROMPTS,
  COACH_KNOWLEDGE_BASE,
  COACH_PROMPTS,
  DAILY_WISDOM_PROMPTS,
  ENTRY_ANALYSIS_PROMPTS,
  INTERNAL_CHATBOT_PROMPTS,
  MIRROR_PROMPTS,
  PUBLIC_CHATBOT_PROMPTS,
  type FamilyKey,
  type VersionFamily,
} from '../versions/family.js';
import { knowledgeKey, promptKey, requireCoach } from '../coaches/detail.js';

/** Each family of the contract, as the table and partition of the version module. */
export const FAMILY_TABLES: Readonly<Record<PromptFamilyId, VersionFamily>> = {
  'coach-prompt': COACH_PROMPTS,
  'coach-knowledge': COACH_KNOWLEDGE_BASE,
  mirror: MIRROR_PROMPTS,
  'daily-wisdom': DAILY_WISDOM_PROMPTS,
  'entry-analysis': ENTRY_ANALYSIS_PROMPTS,
  'block-suggestion': BLOCK_SUGGESTION_PROMPTS,
  'public-chatbot': PUBLIC_CHATBOT_PROMPTS,
  'internal-chatbot': INTERNAL_CHATBOT_PROMPTS,
};

/** The family part of an operation's input (the contract guarantees the key fields its family needs). */
export interface FamilyRef {
  readonly family: PromptFamilyId;
  readonly coachId?: string;
  readonly promptType?: MirrorType;
}

export interface ResolvedFamily {
  readonly table: VersionFamily;
  readonly key: FamilyKey;
  /** The coach's name for coach families, else null. */
  readonly owner: string | null;
}

/** The table and partition of a family; a coach family first checks the coach exists (NOT_FOUND otherwise). */
export async function resolveFamily(db: SupabaseClient, ref: FamilyRef): Promise<ResolvedFamily> {
  const table = FAMILY_TABLES[ref.family];
  if (ref.family === 'coach-prompt' || ref.family === 'coach-knowledge') {
    const coachId = ref.coachId ?? '';
    const coach = await requireCoach(db, coachId);
    return { table, key: ref.family === 'coach-prompt' ? promptKey(coachId) : knowledgeKey(coachId), owner: coach.name };
  }
  if (ref.family === 'mirror') return { table, key: { prompt_type: ref.promptType ?? '' }, owner: null };
  return { table, key: {}, owner: null };
}
