import type { CoachInquiry } from './types.js';
import type { InquiryStatus } from './fields.js';

export type InquiryFilter = InquiryStatus | 'all';

/** Coach Inquiries' search (name, e-mail, message, website, LinkedIn; ignoring case) and status filter. */
export function filterInquiries(list: readonly CoachInquiry[], search: string, status: InquiryFilter): CoachInquiry[] {
  const q = search.trim().toLocaleLowerCase();
  return list.filter(
    (i) =>
      (status === 'all' || i.status === status) &&
      (!q || [i.fullName, i.email, i.message, i.website, i.linkedin].some((f) => f?.toLocaleLowerCase().includes(q))),
  );
}

/** How many inquiries have each status (for the filter's labels). */
export function inquiryStatusCounts(list: readonly CoachInquiry[]): Record<InquiryStatus, number> {
  const counts: Record<InquiryStatus, number> = { new: 0, contacted: 0, 'in-progress': 0, closed: 0 };
  for (const i of list) counts[i.status] = (counts[i.status] ?? 0) + 1;
  return counts;
}

export function inquiryStatusLabel(status: InquiryStatus): string {
  return status === 'in-progress' ? 'In progress' : status.charAt(0).toUpperCase() + status.slice(1);
}
