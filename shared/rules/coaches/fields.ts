/** Coach fields, defaults, badges and messages (spec 2 sections 2, 4, 5, 8 and 9). */

export const COACH_CATEGORIES = ['career', 'wellness', 'relationships', 'finance', 'creative', 'personal-growth', 'productivity'] as const;
export type CoachCategory = (typeof COACH_CATEGORIES)[number];

export const SUBSCRIPTION_TIERS = ['basic', 'foundation', 'premium', 'individual'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/** The coach types besides the product's own type, whose value is the product name in lower case. */
export const OTHER_COACH_TYPES = ['guest', 'community', 'system'] as const;

/** {product} as a coach type value: "Reflect" -> "reflect" (spec README). */
export function productCoachType(productName: string): string {
  return productName.trim().toLowerCase() || 'reflect';
}

export function coachTypeValues(productName: string): string[] {
  return [productCoachType(productName), ...OTHER_COACH_TYPES];
}

/** The type badge: the product's name for its own coaches, otherwise the type capitalised. */
export function coachTypeLabel(type: string, productName: string): string {
  if (type === productCoachType(productName)) return productName;
  return type ? type.charAt(0).toUpperCase() + type.slice(1) : 'Unknown';
}

/** Basic for tier basic, Foundation for anything else (spec 2 section 2). */
export function tierBadge(tier: string | null | undefined): 'Basic' | 'Foundation' {
  return tier === 'basic' ? 'Basic' : 'Foundation';
}

export type CoachStatus = 'Inactive' | 'No Prompt' | 'Active';

export function coachStatus(coach: { readonly isActive: boolean; readonly hasPrompt: boolean }): CoachStatus {
  if (!coach.isActive) return 'Inactive';
  return coach.hasPrompt ? 'Active' : 'No Prompt';
}

export interface CoachDefaults {
  readonly subscription_tier: SubscriptionTier;
  readonly coach_type: string;
  readonly is_active: boolean;
  readonly is_free: boolean;
}

/** A new coach: tier basic, the product's type, active, not free (spec 2 section 4). */
export function newCoachDefaults(productName: string): CoachDefaults {
  return { subscription_tier: 'basic', coach_type: productCoachType(productName), is_active: true, is_free: false };
}

/** Blank optional text is sent as null (description, category, sample interaction). */
export function blankToNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

export const COACH_MESSAGES = {
  validationTitle: 'Validation Error',
  nameRequired: 'Coach name is required.',
  notAuthenticated: 'User not authenticated',
  updateFailed: 'Error updating coach',
  promptFailed: 'Error updating prompt',
  knowledgeFailed: 'Error updating knowledge base',
  createFailed: 'Error creating coach',
  rollbackFailed: 'Rollback failed',
  loadFailed: 'Error Loading Coach',
  notFound: 'Coach Not Found',
  uploadFailed: 'Upload failed',
  removeAvatarFailed: 'Failed to remove avatar',
  avatarUploaded: 'Avatar uploaded',
  avatarRemoved: 'Avatar removed',
  coachCreated: 'Coach created',
  coachUpdated: 'Coach updated',
  promptUpdated: 'Prompt updated',
  knowledgeUpdated: 'Knowledge base updated',
  rollbackDone: 'Rollback successful',
  promptBlank: 'The prompt text cannot be empty.',
  promptUnchanged: 'Nothing changed: edit the prompt text or its parameters before saving.',
  knowledgeBlank: 'The knowledge base content cannot be empty.',
  knowledgeUnchanged: 'Nothing changed: edit the knowledge base before saving.',
  currentNotRollbackable: 'The current version cannot be rolled back.',
} as const;

export const INQUIRY_STATUSES = ['new', 'contacted', 'in-progress', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const INQUIRY_MESSAGES = {
  updateFailedTitle: 'Update failed',
  updateFailed: 'Failed to update status. Please try again.',
  deleteFailedTitle: 'Delete failed',
  deleteFailed: 'Failed to delete inquiry. Please try again.',
  statusUpdated: 'Status updated',
  deleted: 'Inquiry deleted',
} as const;
