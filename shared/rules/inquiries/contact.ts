import type { ContactInquiry } from './types.js';

/** General inquiries (spec 2 sections 2, 8 and 9). */
export const CONTACT_INQUIRY_MESSAGES = {
  deleted: 'Inquiry deleted',
  deleteFailed: 'Failed to delete inquiry. Please try again.',
} as const;

/** 'This Week' means the last 7 days. */
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The lower bounds of the This Week and Today cards; today starts at local midnight. */
export function inquiryWindows(now: Date): { readonly weekStart: string; readonly todayStart: string } {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return { weekStart: new Date(now.getTime() - WEEK_MS).toISOString(), todayStart: midnight.toISOString() };
}

/** The search box: name, e-mail and message, ignoring case and surrounding spaces. */
export function searchContactInquiries(list: readonly ContactInquiry[], search: string): readonly ContactInquiry[] {
  const q = search.trim().toLocaleLowerCase();
  if (!q) return list;
  return list.filter((i) => [i.name, i.email, i.message].some((f) => f?.toLocaleLowerCase().includes(q)));
}
