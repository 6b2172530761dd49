import { sourceName } from '../common/brands.js';

/** Marketing and affiliate links: the choices, defaults and messages of spec 3 (sections 3, 4, 5, 8 and 9). */

export const CAMPAIGN_TYPES = ['instagram', 'facebook', 'linkedin', 'tiktok', 'influencer', 'email', 'organic', 'other'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_PRIORITIES = ['high', 'medium', 'low'] as const;
export type CampaignPriority = (typeof CAMPAIGN_PRIORITIES)[number];

/** The card payment provider (the default), an online wallet, or a manual wire transfer. */
export const PAYOUT_METHODS = ['stripe', 'paypal', 'manual'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const DEFAULT_CAMPAIGN_TYPE: CampaignType = 'instagram';
export const DEFAULT_CAMPAIGN_STATUS: CampaignStatus = 'draft';
export const DEFAULT_CAMPAIGN_PRIORITY: CampaignPriority = 'medium';
export const DEFAULT_PAYOUT_METHOD: PayoutMethod = 'stripe';
export const DEFAULT_MINIMUM_PAYOUT = 50;
export const DEFAULT_TARGET_URL = '/';
export const SLUG_MAX = 50;
/** The Copied state of a copy button. */
export const COPIED_MS = 2000;

const LABELS: Record<string, string> = {
  ...Object.fromEntries(CAMPAIGN_TYPES.map((t) => [t, sourceName(t)])),
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
  archived: 'Archived',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  stripe: 'Stripe (default)',
  paypal: 'PayPal',
  manual: 'Manual/Wire Transfer',
};

/** The label of a campaign type, status, priority or payout method; an unknown value is shown as stored. */
export const marketingLabel = (value: string): string => LABELS[value] ?? value;

export const MARKETING_MESSAGES = {
  empty: 'No marketing links found',
  notFound: 'Marketing Campaign Not Found',
  nameRequired: 'Campaign name is required',
  slugRequired: 'Slug is required',
  slugPattern: 'Only lowercase letters, numbers, and hyphens allowed',
  slugTooLong: `The slug is at most ${SLUG_MAX} characters`,
  typeRequired: 'Campaign type is required',
  startRequired: 'Start date is required',
  invalidDate: 'Enter a valid date',
  endBeforeStart: 'End date cannot be before the start date',
  targetUrl: 'Enter a path starting with / or a full http(s) address',
  notAuthenticated: 'User not authenticated',
  commissionRequired: 'Commission percentage is required for affiliate links',
  commissionRange: 'Commission must be between 0 and 100',
  commissionStep: 'Commission has at most 2 decimals (step 0.01)',
  durationRequired: 'Commission duration is required (specify months or select perpetual)',
  monthsMin: 'Duration must be a whole number of months, at least 1',
  invalidEmail: 'Please enter a valid email address',
  minimumPayout: 'Minimum payout must be at least 0, in steps of 0.01',
  budget: 'Budget must be at least 0, in steps of 0.01',
  targetConversions: 'Target conversions must be a whole number, at least 1',
  deleteFailed: 'Failed to delete marketing link',
  copyLinkFailed: 'Failed to copy link',
  copyUrlFailed: 'Failed to copy URL',
  createFailed: 'Failed to create marketing campaign',
  updateFailed: 'Failed to update marketing campaign',
  linkCopied: 'Link copied to clipboard!',
  // The analytics page's copy toast: its title, then its description.
  analyticsLinkCopied: 'Link copied!',
  analyticsLinkCopiedDetail: 'Marketing link copied to clipboard',
  urlCopied: 'URL copied to clipboard!',
  created: 'Marketing campaign created successfully!',
  updated: 'Marketing campaign updated successfully!',
  deleted: 'Marketing link deleted successfully',
} as const;

export const slugTakenMessage = (slug: string): string => `A marketing link with the slug "${slug}" already exists. Choose another slug.`;
