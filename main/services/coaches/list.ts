import type { SupabaseClient } from '@supabase/supabase-js';
import type { CoachList, CoachSummary } from '../../../shared/rules/coaches/types.js';
import { coachCounts } from '../../../shared/rules/coaches/sort.js';
import { readCounted } from '../support/query.js';
import { COACH_COLUMNS, toCoach, type CoachRow, type UrlRebase } from './rows.js';

const head = { count: 'exact', head: true } as const;

interface PromptRow {
  readonly coach_id: string;
  readonly version: number;
  readonly is_active: boolean;
}

/** Every coach by name, with its current prompt (active system prompt of highest version) and prompt count. */
export async function listCoaches(db: SupabaseClient, rebase: UrlRebase): Promise<CoachList> {
  const [rows, prompts] = await Promise.all([
    readCounted<CoachRow>({ count: 'Counting coaches', read: 'Reading coaches' }, db.from('coaches').select('id', head), (from, to) =>
      db.from('coaches').select(COACH_COLUMNS).order('name').order('id').range(from, to),
    ),
    readCounted<PromptRow>(
      { count: 'Counting coach prompts', read: 'Reading coach prompts' },
      db.from('coach_prompts').select('id', head).eq('prompt_type', 'system'),
      (from, to) =>
        db.from('coach_prompts').select('coach_id, version, is_active').eq('prompt_type', 'system').order('coach_id').order('version').range(from, to),
    ),
  ]);
  const byCoach = new Map<string, { count: number; active: number | null }>();
  for (const p of prompts) {
    const s = byCoach.get(p.coach_id) ?? { count: 0, active: null };
    s.count += 1;
    if (p.is_active && (s.active === null || p.version > s.active)) s.active = p.version;
    byCoach.set(p.coach_id, s);
  }
  const coaches: CoachSummary[] = rows.map((r) => {
    const s = byCoach.get(r.id);
    return { ...toCoach(r, rebase), hasPrompt: s?.active != null, promptCount: s?.count ?? 0, promptVersion: s?.active ?? null };
  });
  return { coaches, counts: coachCounts(coaches) };
}
