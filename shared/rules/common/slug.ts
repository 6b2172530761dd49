/**
 * Slugs for coaches and products (spec 2 section 5): lowercased, every run of characters other than a-z and 0-9
 * becomes one hyphen, hyphens at either end are stripped.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
