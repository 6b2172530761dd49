/** System banner fields, defaults, limits and messages (spec 2 sections 3, 4, 5, 8 and 9). */
import { isWebUrlOrAppPath } from '../common/urls.js';

export const BANNER_CATEGORIES = ['info', 'warning', 'error', 'success'] as const;
export type BannerCategory = (typeof BANNER_CATEGORIES)[number];

export const BANNER_AUDIENCES = ['all', 'subscribers', 'trial', 'canceled', 'free'] as const;
export type BannerAudience = (typeof BANNER_AUDIENCES)[number];

export const BANNER_LIMITS = { title: 200, message: 2000, actionText: 60, actionUrl: 2048 } as const;

export const BANNER_MESSAGES = {
  loadListFailed: 'Failed to load banners',
  updateFailed: 'Failed to update banner',
  loadFailed: 'Failed to load banner',
  saveFailed: 'Failed to save banner',
  deleteFailed: 'Failed to delete banner',
  activated: 'Banner activated',
  deactivated: 'Banner deactivated',
  deleted: 'Banner deleted',
  created: 'Banner created successfully',
  updated: 'Banner updated successfully',
  // Ours: the spec only disables Save; these say why beside the field.
  titleRequired: 'Enter a title.',
  messageRequired: 'Enter a message.',
  endBeforeStart: 'The end date cannot be before the start date.',
  unsafeActionUrl: 'The action URL must start with http://, https:// or / (a path in the app).',
  invalidDate: 'Not a valid date.',
  notFound: 'Banner not found',
} as const;

export function categoryLabel(category: string): string {
  return category ? category.charAt(0).toUpperCase() + category.slice(1) : category;
}

export function audienceLabel(audience: string): string {
  return audience === 'all' ? 'All users' : categoryLabel(audience);
}

/** Blank optional text is sent as null (action text, action URL, dates: spec 2 section 5). */
export function blankToNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

export const isBlank = (value: string | null | undefined): boolean => !value?.trim();

/**
 * An action URL is an absolute http(s) URL or a path inside the product ("/pricing"): the contract's one URL rule
 * (shared/rules/common/urls.ts). javascript:, data:, file: and a protocol-relative "//host" are refused.
 */
export const isSafeActionUrl = (value: string): boolean => isWebUrlOrAppPath(value.trim());

/** Dates travel as ISO instants; an unparsable one is not a date. */
export function parseInstant(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}

/** True when both dates are set and the end comes before the start (the same instant is allowed). */
export function endsBeforeStart(startDate: string | null | undefined, endDate: string | null | undefined): boolean {
  const start = parseInstant(startDate);
  const end = parseInstant(endDate);
  return start !== null && end !== null && end < start;
}
