import type { SupabaseClient } from '@supabase/supabase-js';
import type { CoachHistory } from '../../../shared/types/coach.js';
import type { GenerationParams, VersionItem } from '../../../shared/types/versions.js';
import { COACH_MESSAGES } from '../../../shared/rules/coaches/fields.js';
import { COACH_KNOWLEDGE_BASE, COACH_PROMPTS, type VersionFamily } from '../versions/family.js';
import { readVersions } from '../versions/reader.js';
import { rollbackVersion, saveVersion } from '../versions/writer.js';
import { knowledgeKey, promptKey, requireCoach } from './detail.js';

/** A coach's system prompt and knowledge base: the version module, with the coaches' keys and messages. */

export interface PromptInput {
  readonly coachId: string;
  readonly content: string;
  readonly params: GenerationParams;
  readonly notes: string | null;
}

export async function saveCoachPrompt(db: SupabaseClient, input: PromptInput, adminId: string): Promise<VersionItem> {
  await requireCoach(db, input.coachId);
  return saveVersion(
    db,
    COACH_PROMPTS,
    promptKey(input.coachId),
    { text: input.content, extras: { generation_params: input.params }, notes: input.notes },
    adminId,
    { blank: COACH_MESSAGES.promptBlank, unchanged: COACH_MESSAGES.promptUnchanged },
  );
}

export interface KnowledgeInput {
  readonly coachId: string;
  readonly title: string | null;
  readonly content: string;
  readonly notes: string | null;
}

export async function saveCoachKnowledge(db: SupabaseClient, input: KnowledgeInput, adminId: string): Promise<VersionItem> {
  await requireCoach(db, input.coachId);
  return saveVersion(
    db,
    COACH_KNOWLEDGE_BASE,
    knowledgeKey(input.coachId),
    { text: input.content, extras: { title: input.title }, notes: input.notes },
    adminId,
    { blank: COACH_MESSAGES.knowledgeBlank, unchanged: COACH_MESSAGES.knowledgeUnchanged },
  );
}

export type CoachFamily = 'prompt' | 'knowledge';

const familyOf = (kind: CoachFamily): [VersionFamily, (id: string) => Record<string, string>] =>
  kind === 'prompt' ? [COACH_PROMPTS, promptKey] : [COACH_KNOWLEDGE_BASE, knowledgeKey];

export async function coachHistory(db: SupabaseClient, coachId: string, kind: CoachFamily): Promise<CoachHistory> {
  const coach = await requireCoach(db, coachId);
  const [family, key] = familyOf(kind);
  return { coachName: coach.name, versions: await readVersions(db, family, key(coachId)) };
}

export async function rollbackCoachVersion(db: SupabaseClient, coachId: string, versionId: string, kind: CoachFamily, adminId: string): Promise<VersionItem> {
  await requireCoach(db, coachId);
  const [family, key] = familyOf(kind);
  return rollbackVersion(db, family, key(coachId), versionId, adminId, COACH_MESSAGES.currentNotRollbackable);
}
