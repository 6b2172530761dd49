import type { SupabaseClient } from '@supabase/supabase-js';
import type { CoachFields } from '../../../shared/rules/coaches/types.js';
import { COACH_MESSAGES, coachTypeValues } from '../../../shared/rules/coaches/fields.js';
import { slugify } from '../../../shared/rules/common/slug.js';
import { AppError } from '../../ground/errors.js';
import { insertSettled } from '../support/insert-settled.js';
import { updateRowSettled } from '../support/update-settled.js';

const UNIQUE_VIOLATION = '23505';

function columns(f: CoachFields, productName: string) {
  if (!coachTypeValues(productName).includes(f.coachType)) throw new AppError('INVALID_INPUT', 'Not a valid coach type');
  return {
    name: f.name,
    description: f.description,
    category: f.category,
    subscription_tier: f.subscriptionTier,
    coach_type: f.coachType,
    is_free: f.isFree,
    is_active: f.isActive,
    sample_interaction: f.sampleInteraction,
  };
}

/** Creates a coach; its slug comes from the name, its creator is the verified administrator. */
export async function createCoach(db: SupabaseClient, f: CoachFields, productName: string, creatorId: string): Promise<{ id: string }> {
  const slug = slugify(f.name) || null;
  // Its id is chosen in main, so a lost reply is settled by reading it back (issue 31).
  const { data, error } = await insertSettled<{ id: string }>(db, 'coaches', { ...columns(f, productName), slug, creator_id: creatorId }, 'id');
  if (error?.code === UNIQUE_VIOLATION) throw new AppError('CONFLICT', `A coach with the slug "${slug}" already exists. Choose another name.`);
  const row = data?.[0];
  if (error || !row) throw new AppError('BACKEND_ERROR', error?.message ?? 'The new coach was not returned.');
  return { id: String(row.id) };
}

/** Updates the configuration; the slug stays as created, so links to the coach keep working. */
export async function updateCoach(db: SupabaseClient, id: string, f: CoachFields, productName: string): Promise<{ id: string }> {
  // A lost reply is settled by reading the coach again (update-settled.ts).
  const { data, error } = await updateRowSettled(db, 'coaches', id, columns(f, productName), '*');
  if (error) throw new AppError('BACKEND_ERROR', error.message);
  // No row updated means no such coach: never report a save that did not happen.
  if (!data?.length) throw new AppError('NOT_FOUND', COACH_MESSAGES.notFound);
  return { id };
}
