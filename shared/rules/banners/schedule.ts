import { parseInstant } from './fields.js';

/** Where a banner stands in its dates: not started yet, showing now, or past its end. */
export type BannerSchedule = 'scheduled' | 'live' | 'expired';

/** From the dates alone (an open start or end never limits); the active switch is shown on its own. */
export function bannerSchedule(banner: { readonly startDate: string | null; readonly endDate: string | null }, now: number): BannerSchedule {
  const start = parseInstant(banner.startDate);
  const end = parseInstant(banner.endDate);
  if (end !== null && end < now) return 'expired';
  if (start !== null && start > now) return 'scheduled';
  return 'live';
}

export const SCHEDULE_LABELS: Record<BannerSchedule, string> = { scheduled: 'Scheduled', live: 'Live', expired: 'Expired' };

/**
 * What an inactive banner's badge says: that users do not see it, and where its dates stand, in plain words (the
 * dates alone would claim it shows).
 */
const INACTIVE_LABELS: Record<BannerSchedule, string> = {
  live: 'Inactive: not shown to users',
  scheduled: 'Inactive: not shown, starts later',
  expired: 'Inactive: not shown, ended',
};

/** The badge text: Scheduled, Live or Expired; inactive banners say plainly that users do not see them. */
export function scheduleBadge(banner: { readonly active: boolean; readonly startDate: string | null; readonly endDate: string | null }, now: number): string {
  const schedule = bannerSchedule(banner, now);
  return banner.active ? SCHEDULE_LABELS[schedule] : INACTIVE_LABELS[schedule];
}
