/** What is waiting for an administrator, shown above the dashboard's tiles; each item opens its screen filtered. */

import { IMPORT_ATTENTION_FILTER } from '../imports/stuck.js';
import { HEALTH_WINDOW_HOURS } from '../email/health.js';
import { FLAG_EXPIRING_DAYS } from '../flags/flags.js';

/** Failed e-mail deliveries count over this many hours: the Email System's health window. */
export const FAILED_DELIVERY_HOURS = HEALTH_WINDOW_HOURS;
export { FLAG_EXPIRING_DAYS };

export interface WaitingCounts {
  readonly failedDeliveries: number;
  readonly newFeedback: number;
  readonly newCoachInquiries: number;
  readonly pendingTemplates: number;
  readonly failedImports: number;
  readonly stuckImports: number;
  readonly expiringFlags: number;
}

export type WaitingKey = 'failedDeliveries' | 'newFeedback' | 'newCoachInquiries' | 'pendingTemplates' | 'imports' | 'expiringFlags';

export interface WaitingItem {
  readonly key: WaitingKey;
  readonly count: number;
  /** The whole sentence, its plural right for the count, e.g. "3 new coach inquiries". */
  readonly text: string;
  /** The sentence after its count ("new coach inquiries"), for a screen that shows the count apart. */
  readonly label: string;
  /** A breakdown where the count adds two things up, e.g. "2 failed, 1 stuck". */
  readonly detail: string | null;
  /** The screen, filtered to exactly what was counted (its route's query string). */
  readonly to: string;
}

/** "new coach inquiry" for exactly one, "new coach inquiries" for any other count. */
const noun = (n: number, one: string, many: string): string => (n === 1 ? one : many);

/** The items with something waiting, in a fixed order; none when nothing waits (the screen says so calmly). */
export function waitingItems(w: WaitingCounts, format: (n: number) => string = String): WaitingItem[] {
  const imports = w.failedImports + w.stuckImports;
  const items: Omit<WaitingItem, 'text'>[] = [
    {
      key: 'failedDeliveries',
      count: w.failedDeliveries,
      label: `${noun(w.failedDeliveries, 'failed e-mail delivery', 'failed e-mail deliveries')} in the last ${FAILED_DELIVERY_HOURS} hours`,
      detail: null,
      to: `/admin/email-management?status=failed&within=${FAILED_DELIVERY_HOURS}h`,
    },
    {
      key: 'newFeedback',
      count: w.newFeedback,
      label: noun(w.newFeedback, 'new feedback submission', 'new feedback submissions'),
      detail: null,
      to: '/admin/feedback?status=new',
    },
    {
      key: 'newCoachInquiries',
      count: w.newCoachInquiries,
      label: noun(w.newCoachInquiries, 'new coach inquiry', 'new coach inquiries'),
      detail: null,
      to: '/admin/coach-inquiries?status=new',
    },
    {
      key: 'pendingTemplates',
      count: w.pendingTemplates,
      label: `${noun(w.pendingTemplates, 'e-mail template', 'e-mail templates')} waiting for approval`,
      detail: null,
      to: '/admin/email-engagement?tab=templates&approval=pending',
    },
    {
      key: 'imports',
      count: imports,
      label: noun(imports, 'failed or stuck import', 'failed or stuck imports'),
      detail: w.failedImports > 0 && w.stuckImports > 0 ? `${format(w.failedImports)} failed, ${format(w.stuckImports)} stuck` : null,
      to: `/admin/imports?status=${IMPORT_ATTENTION_FILTER}`,
    },
    {
      key: 'expiringFlags',
      count: w.expiringFlags,
      label: `${noun(w.expiringFlags, 'feature flag', 'feature flags')} expiring within ${FLAG_EXPIRING_DAYS} days`,
      detail: null,
      to: '/admin/feature-flags?scope=expiring',
    },
  ];
  return items.filter((i) => i.count > 0).map((i) => ({ ...i, text: `${format(i.count)} ${i.label}` }));
}
