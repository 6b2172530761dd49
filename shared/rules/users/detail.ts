/** Spec 1, "User detail" and sections 8 and 9: how the detail screen shows ids, scores, days and statuses. */
import type { BadgeToneName } from '../common/badge-tone.js';

export const USER_NOT_FOUND_TEXT = 'The requested user could not be found.';
export const USER_ID_COPIED = 'User ID copied to clipboard';
export const USER_ID_COPY_FAILED = 'The user ID could not be copied to the clipboard.';

/** Usage statistics count "recent" activity over this many days. */
export const RECENT_DAYS = 7;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** The user id is shown as its first 8 characters. */
export const shortUserId = (id: string): string => id.slice(0, 8);
/** Payment ids are shown as their first 18 characters. */
export const shortPaymentId = (id: string): string => id.slice(0, 18);

/** "72.4 / 100": one decimal, out of 100. */
export function formatEngagementScore(score: number | null | undefined): string {
  const n = typeof score === 'number' && Number.isFinite(score) ? score : 0;
  return `${n.toFixed(1)} / 100`;
}

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 0 is Sunday, 6 Saturday; anything else has no name. */
export function dayName(day: number | null | undefined): string | null {
  return typeof day === 'number' && Number.isInteger(day) && day >= 0 && day <= 6 ? (DAY_NAMES[day] ?? null) : null;
}

const STATUS_BADGES: Readonly<Record<string, { label: string; tone: BadgeToneName }>> = {
  active: { label: 'Active', tone: 'success' },
  trialing: { label: 'Trialing', tone: 'info' },
  past_due: { label: 'Past Due', tone: 'warning' },
  canceled: { label: 'Canceled', tone: 'accent' },
  unpaid: { label: 'Unpaid', tone: 'danger' },
};

/** Badges for the five statuses the screens know; any other value is shown as it is, in a neutral badge. */
export function subscriptionBadge(status: string | null | undefined): { label: string; tone: BadgeToneName } {
  if (!status) return { label: 'None', tone: 'neutral' };
  return Object.hasOwn(STATUS_BADGES, status) ? (STATUS_BADGES[status] as { label: string; tone: BadgeToneName }) : { label: status, tone: 'neutral' };
}
