// Brand names as their owners spell them (issue 27 part 1): one rule for every source and campaign type shown.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceName } from '../../shared/rules/common/brands.js';
import { CAMPAIGN_TYPES, marketingLabel } from '../../shared/rules/marketing/fields.js';

const root = path.resolve(__dirname, '../..');
const files = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    return e.isDirectory() ? files(rel) : /\.tsx?$/.test(e.name) ? [rel] : [];
  });

describe('source and campaign type names', () => {
  it('spells the brands as their owners do, in any stored case', () => {
    expect(['linkedin', 'tiktok', 'youtube', 'facebook', 'instagram', 'LINKEDIN', ' TikTok '].map(sourceName)).toEqual([
      'LinkedIn',
      'TikTok',
      'YouTube',
      'Facebook',
      'Instagram',
      'LinkedIn',
      'TikTok',
    ]);
    expect(sourceName('twitter')).toBe('X (Twitter)');
    expect(sourceName('x')).toBe('X (Twitter)');
  });

  it('raises the first letter of an unknown source and keeps the rest as stored', () => {
    expect(sourceName('podcastNetwork')).toBe('PodcastNetwork');
    expect(sourceName('')).toBe('');
  });

  it('is the label of every campaign type on the marketing screens', () => {
    for (const t of CAMPAIGN_TYPES) expect(marketingLabel(t)).toBe(sourceName(t));
  });

  it('leaves no screen of campaigns, marketing, affiliates or users capitalising a stored value itself', () => {
    const offenders = ['renderer/campaigns', 'renderer/marketing', 'renderer/affiliates', 'renderer/users'].flatMap(files).filter((f) => {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      return /className="capitalize"|'capitalize'|charAt\(0\)\.toUpperCase\(\)/.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
