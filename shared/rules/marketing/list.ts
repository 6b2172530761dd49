import type { MarketingLink } from './types.js';

/** The list's search (campaign name or slug, case-insensitive) and status filter ('all' for every status). */
export function filterLinks(links: readonly MarketingLink[], search: string, status: string): MarketingLink[] {
  const q = search.trim().toLowerCase();
  return links.filter(
    (l) => (status === 'all' || l.status === status) && (q === '' || l.campaignName.toLowerCase().includes(q) || l.slug.toLowerCase().includes(q)),
  );
}
