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

/** The badge text: inactive banners say so, since their dates alone would claim they show. */
export function scheduleBadge(banner: { readonly active: boolean; readonly startDate: string | null; readonly endDate: string | null }, now: number): string {
  const label = SCHEDULE_LABELS[bannerSchedule(banner, now)];
  return banner.active ? label : `Inactive (${label.toLowerCase()})`;
}
