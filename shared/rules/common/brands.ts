/**
 * Traffic sources and campaign types as their owners spell them (LinkedIn, TikTok, YouTube), wherever a stored
 * lower-case value is shown: a plain capitalise would print "Linkedin" and "Tiktok". One rule for the campaign and
 * marketing tables, filters and charts and the users' attribution.
 */
const SOURCE_NAMES: Readonly<Record<string, string>> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  twitter: 'X (Twitter)',
  x: 'X (Twitter)',
  pinterest: 'Pinterest',
  reddit: 'Reddit',
  snapchat: 'Snapchat',
  google: 'Google',
  influencer: 'Influencer',
  email: 'Email',
  newsletter: 'Newsletter',
  organic: 'Organic',
  referral: 'Referral',
  affiliate: 'Affiliate',
  campaign: 'Campaign',
  other: 'Other',
};

/** The display name of a known source or campaign type, any case; anything else as stored, first letter raised. */
export function sourceName(value: string): string {
  const known = SOURCE_NAMES[value.trim().toLowerCase()];
  if (known) return known;
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}
