import type { SupabaseClient } from '@supabase/supabase-js';
import type { CoachDetail } from '../../../shared/rules/coaches/types.js';
import { COACH_MESSAGES } from '../../../shared/rules/coaches/fields.js';
import { AppError } from '../../ground/errors.js';
import { must } from '../support/query.js';
import { COACH_KNOWLEDGE_BASE, COACH_PROMPTS } from '../versions/family.js';
import { countVersions, readActiveRow, toVersionItem } from '../versions/reader.js';
import { COACH_COLUMNS, toCoach, type CoachRow, type UrlRebase } from './rows.js';

export const SYSTEM_PROMPT = 'system';
export const promptKey = (coachId: string) => ({ coach_id: coachId, prompt_type: SYSTEM_PROMPT });
export const knowledgeKey = (coachId: string) => ({ coach_id: coachId });

export async function readCoachRow(db: SupabaseClient, id: string): Promise<CoachRow | null> {
  const rows = must(await db.from('coaches').select(COACH_COLUMNS).eq('id', id).limit(1), 'Reading the coach') as CoachRow[] | null;
  return rows?.[0] ?? null;
}

/** The coach, or the Coach Not Found error for writes on a coach that is gone. */
export async function requireCoach(db: SupabaseClient, id: string): Promise<CoachRow> {
  const row = await readCoachRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', COACH_MESSAGES.notFound);
  return row;
}

/** The edit screen's data: the coach, its current prompt and knowledge base, and how many versions each has. */
export async function coachDetail(db: SupabaseClient, id: string, rebase: UrlRebase): Promise<CoachDetail | null> {
  // All five reads at once (one round trip to a distant project): the versions are keyed by the coach's id, so they
  // need not wait for its row; a coach that is gone discards them.
  const [row, prompt, promptCount, kb, knowledgeCount] = await Promise.all([
    readCoachRow(db, id),
    readActiveRow(db, COACH_PROMPTS, promptKey(id)),
    countVersions(db, COACH_PROMPTS, promptKey(id)),
    readActiveRow(db, COACH_KNOWLEDGE_BASE, knowledgeKey(id)),
    countVersions(db, COACH_KNOWLEDGE_BASE, knowledgeKey(id)),
  ]);
  if (!row) return null;
  return {
    coach: toCoach(row, rebase),
    prompt: prompt ? toVersionItem(COACH_PROMPTS, prompt) : null,
    promptCount,
    knowledgeBase: kb ? toVersionItem(COACH_KNOWLEDGE_BASE, kb) : null,
    knowledgeCount,
  };
}
