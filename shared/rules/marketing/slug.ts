import { SLUG_MAX } from './fields.js';

/**
 * A link's slug from its campaign name (spec 3 section 5): lowercased, characters other than letters, digits,
 * spaces and hyphens removed, spaces to hyphens, runs of hyphens collapsed, hyphens trimmed from both ends, at
 * most 50 characters (trimmed again, so a cut never leaves a trailing hyphen).
 */
export function marketingSlug(name: string): string {
  const trim = (s: string) => s.replace(/^-+|-+$/g, '');
  const slug = trim(
    name
      .toLowerCase()
      .replace(/[^a-z0-9\s-]/g, '')
      .replace(/\s+/g, '-')
      .replace(/-+/g, '-'),
  );
  return trim(slug.slice(0, SLUG_MAX));
}

/** utm_campaign as the name gives it: the slug with underscores, the spelling the demo data uses. */
export function utmCampaignFor(name: string): string {
  return marketingSlug(name).replace(/-/g, '_');
}

/**
 * A value derived from the name follows it while the administrator has not typed one of their own: while it is
 * empty, or still exactly what the previous name gave. A value typed by hand is kept; clearing it resumes.
 */
export function follows(derive: (name: string) => string, previousName: string, name: string, current: string): string {
  return current === '' || current === derive(previousName) ? derive(name) : current;
}

/** The public short link: {host}/r/{slug}, the host being the connection profile's public site address. */
export function publicLinkUrl(host: string, slug: string): string {
  return `${host.replace(/\/+$/, '')}/r/${slug}`;
}
