import type { Coach } from '../../../shared/rules/coaches/types.js';

/** The coach columns every read selects (spec 2 section 3). */
export const COACH_COLUMNS =
  'id, name, slug, description, is_free, is_active, category, subscription_tier, sample_interaction, avatar_url, coach_type, creator_id, created_at, updated_at';

export interface CoachRow {
  readonly id: string;
  readonly name: string;
  readonly slug: string | null;
  readonly description: string | null;
  readonly is_free: boolean;
  readonly is_active: boolean;
  readonly category: string | null;
  readonly subscription_tier: string;
  readonly sample_interaction: string | null;
  readonly avatar_url: string | null;
  readonly coach_type: string;
  readonly creator_id: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** Rewrites stored public URLs for the current backend address (see avatar-url.ts); identity elsewhere. */
export type UrlRebase = (url: string | null) => string | null;

export function toCoach(r: CoachRow, rebase: UrlRebase): Coach {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    isFree: r.is_free,
    isActive: r.is_active,
    category: r.category,
    subscriptionTier: r.subscription_tier,
    sampleInteraction: r.sample_interaction,
    avatarUrl: rebase(r.avatar_url),
    coachType: r.coach_type,
    creatorId: r.creator_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
