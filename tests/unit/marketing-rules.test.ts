import { describe, expect, it } from 'vitest';
import { marketingSlug, utmCampaignFor, follows, publicLinkUrl } from '../../shared/rules/marketing/slug.js';
import { marketingLinkSchema, type MarketingLinkForm } from '../../shared/rules/marketing/schema.js';
import { isWebUrlOrAppPath as isSafeTargetUrl } from '../../shared/rules/common/urls.js';
import { emptyMarketingForm, formFromLink, numberOrNull } from '../../shared/rules/marketing/form.js';
import { filterLinks } from '../../shared/rules/marketing/list.js';
import { MARKETING_MESSAGES as M } from '../../shared/rules/marketing/fields.js';
import { contract } from '../../shared/contract/index.js';
import { isPublicHost, normalisePublicHost } from '../../shared/rules/profiles/public-host.js';
import type { MarketingLink } from '../../shared/rules/marketing/types.js';

const valid = (over: Partial<MarketingLinkForm> = {}): MarketingLinkForm => ({
  ...emptyMarketingForm('2026-11-24'),
  campaignName: 'Spring Sale',
  slug: 'spring-sale',
  ...over,
});
const affiliate = (over: Partial<MarketingLinkForm> = {}) =>
  valid({ isAffiliateLink: true, affiliateCommissionPercentage: 12.5, affiliateCommissionDurationMonths: 6, ...over });

/** The message on each path, for a form that fails. */
function errors(v: MarketingLinkForm): Record<string, string> {
  const r = marketingLinkSchema.safeParse(v);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('marketing slug', () => {
  it('lowercases, drops other characters, turns spaces to hyphens, collapses and trims', () => {
    expect(marketingSlug('Spring Sale 2026!')).toBe('spring-sale-2026');
    expect(marketingSlug('  Hello   --  World  ')).toBe('hello-world');
    expect(marketingSlug('Café & Co: Été')).toBe('caf-co-t');
    expect(marketingSlug('---')).toBe('');
    expect(marketingSlug('')).toBe('');
  });
  it('is at most 50 characters and never ends in a hyphen after the cut', () => {
    const long = marketingSlug('a'.repeat(49) + ' bcdef');
    expect(long).toBe('a'.repeat(49));
    expect(marketingSlug('x'.repeat(80))).toHaveLength(50);
  });
  it('utm_campaign follows the name with underscores; hand-typed values are kept, clearing resumes', () => {
    expect(utmCampaignFor('Spring Sale')).toBe('spring_sale');
    expect(follows(marketingSlug, 'Spr', 'Spring', 'spr')).toBe('spring');
    expect(follows(marketingSlug, 'Spr', 'Spring', '')).toBe('spring');
    expect(follows(marketingSlug, 'Spr', 'Spring', 'my-own')).toBe('my-own');
  });
  it('builds {host}/r/{slug}', () => {
    expect(publicLinkUrl('https://reflect.example.com', 'spring')).toBe('https://reflect.example.com/r/spring');
    expect(publicLinkUrl('https://reflect.example.com/', 'spring')).toBe('https://reflect.example.com/r/spring');
  });
});

describe('marketing campaign schema', () => {
  it('accepts a valid form and its output parses to itself (the form and main check the same thing)', () => {
    const out = marketingLinkSchema.parse(affiliate({ campaignDescription: '  Big  ', notes: '   ', endDate: '' }));
    expect(out.campaignDescription).toBe('Big');
    expect(out.notes).toBeNull();
    expect(out.endDate).toBeNull();
    expect(out.utmSource).toBeNull();
    expect(out.targetUrl).toBe('/');
    expect(marketingLinkSchema.parse(out)).toEqual(out);
    expect(contract.marketing.create.input.parse({ link: out })).toEqual({ link: out });
  });
  it('gives each required-field and pattern message', () => {
    expect(errors(valid({ campaignName: '  ' }))).toEqual({ campaignName: M.nameRequired });
    expect(errors(valid({ slug: '' }))).toEqual({ slug: M.slugRequired });
    expect(errors(valid({ slug: 'Spring Sale' }))).toEqual({ slug: M.slugPattern });
    expect(errors(valid({ slug: 'a'.repeat(51) }))).toEqual({ slug: M.slugTooLong });
    expect(errors(valid({ startDate: '' }))).toEqual({ startDate: M.startRequired });
    expect(errors(valid({ startDate: '2026-02-30' }))).toEqual({ startDate: M.invalidDate });
    expect(errors(valid({ targetUrl: 'javascript:alert(1)' }))).toEqual({ targetUrl: M.targetUrl });
    expect(marketingLinkSchema.safeParse({ ...valid(), campaignType: 'myspace' }).error?.issues[0]?.message).toBe(M.typeRequired);
  });
  it('refuses an end date before the start date, and takes the same day', () => {
    expect(errors(valid({ startDate: '2026-11-24', endDate: '2026-11-23' }))).toEqual({ endDate: M.endBeforeStart });
    expect(errors(valid({ startDate: '2026-11-24', endDate: '2026-11-24' }))).toEqual({});
  });
  it('checks the affiliate block only when affiliate tracking is on, and clears it when off', () => {
    expect(errors(affiliate({ affiliateCommissionPercentage: null }))).toEqual({ affiliateCommissionPercentage: M.commissionRequired });
    expect(errors(affiliate({ affiliateCommissionPercentage: 100.01 }))).toEqual({ affiliateCommissionPercentage: M.commissionRange });
    expect(errors(affiliate({ affiliateCommissionPercentage: -1 }))).toEqual({ affiliateCommissionPercentage: M.commissionRange });
    expect(errors(affiliate({ affiliateCommissionPercentage: 12.345 }))).toEqual({ affiliateCommissionPercentage: M.commissionStep });
    expect(errors(affiliate({ affiliateCommissionPercentage: 0 }))).toEqual({});
    expect(errors(affiliate({ affiliateCommissionPercentage: 100 }))).toEqual({});
    expect(errors(affiliate({ affiliateCommissionDurationMonths: null }))).toEqual({ affiliateCommissionDurationMonths: M.durationRequired });
    expect(errors(affiliate({ affiliateCommissionDurationMonths: 0 }))).toEqual({ affiliateCommissionDurationMonths: M.monthsMin });
    expect(errors(affiliate({ affiliateCommissionDurationMonths: 1.5 }))).toEqual({ affiliateCommissionDurationMonths: M.monthsMin });
    expect(errors(affiliate({ affiliateEmail: 'not-an-email' }))).toEqual({ affiliateEmail: M.invalidEmail });
    expect(errors(affiliate({ affiliateMinimumPayout: -0.01 }))).toEqual({ affiliateMinimumPayout: M.minimumPayout });
    expect(errors(affiliate({ affiliateMinimumPayout: 10.005 }))).toEqual({ affiliateMinimumPayout: M.minimumPayout });
    // Several at once: every message is shown together.
    expect(Object.keys(errors(affiliate({ campaignName: '', affiliateCommissionPercentage: null, affiliateCommissionDurationMonths: null })))).toHaveLength(3);
    const off = marketingLinkSchema.parse(valid({ affiliateCommissionPercentage: 500, affiliateEmail: 'bad', affiliateCommissionDurationMonths: 0 }));
    expect(off).toMatchObject({
      affiliateCommissionPercentage: null,
      affiliateEmail: null,
      affiliateCommissionDurationMonths: null,
      affiliatePayoutMethod: 'stripe',
      affiliateMinimumPayout: 50,
    });
  });
  it('perpetual needs no months and clears them', () => {
    const out = marketingLinkSchema.parse(affiliate({ affiliateCommissionDurationPerpetual: true, affiliateCommissionDurationMonths: 0 }));
    expect(out.affiliateCommissionDurationMonths).toBeNull();
    expect(out.affiliateCommissionDurationPerpetual).toBe(true);
  });
  it('budget at least 0 and target conversions a whole number of at least 1', () => {
    expect(errors(valid({ budgetAmount: -5 }))).toEqual({ budgetAmount: M.budget });
    expect(errors(valid({ budgetAmount: 0 }))).toEqual({});
    expect(errors(valid({ targetConversions: 0 }))).toEqual({ targetConversions: M.targetConversions });
    expect(errors(valid({ targetConversions: 2.5 }))).toEqual({ targetConversions: M.targetConversions });
    expect(errors(valid({ targetConversions: 1 }))).toEqual({});
  });
  it('refuses unknown keys (main parses strictly)', () => {
    expect(marketingLinkSchema.safeParse({ ...valid(), createdBy: 'x' }).success).toBe(false);
  });
  it('defaults: instagram, draft, medium, target /, stripe, minimum payout 50', () => {
    expect(emptyMarketingForm('2026-11-24')).toMatchObject({
      campaignType: 'instagram',
      status: 'draft',
      priority: 'medium',
      startDate: '2026-11-24',
      targetUrl: '/',
      affiliatePayoutMethod: 'stripe',
      affiliateMinimumPayout: 50,
    });
  });
  it('target URLs: a path or an http(s) address', () => {
    expect(isSafeTargetUrl('/pricing?x=1')).toBe(true);
    expect(isSafeTargetUrl('https://reflect.example.com/a')).toBe(true);
    expect(isSafeTargetUrl('//evil.example.com')).toBe(false);
    expect(isSafeTargetUrl('data:text/html,hi')).toBe(false);
  });
  it('number inputs: empty is null', () => {
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull('12.5')).toBe(12.5);
    expect(numberOrNull(Number.NaN)).toBeNull();
  });
});

describe('marketing list and edit form', () => {
  const link = (over: Partial<MarketingLink>): MarketingLink => ({
    ...marketingLinkSchema.parse(valid()),
    id: '1',
    createdBy: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...over,
  });
  it('searches campaign name or slug, case-insensitively, and filters by status', () => {
    const all = [
      link({ id: 'a', campaignName: 'Spring Sale', slug: 'spring', status: 'active' }),
      link({ id: 'b', campaignName: 'Autumn', slug: 'fall-promo', status: 'draft' }),
    ];
    expect(filterLinks(all, 'SPRING', 'all').map((l) => l.id)).toEqual(['a']);
    expect(filterLinks(all, 'promo', 'all').map((l) => l.id)).toEqual(['b']);
    expect(filterLinks(all, '', 'draft').map((l) => l.id)).toEqual(['b']);
    expect(filterLinks(all, 'spring', 'draft')).toEqual([]);
  });
  it('a saved link fills the form with empty strings for null text, and saves back unchanged', () => {
    const l = link({ notes: null, endDate: null });
    const form = formFromLink(l);
    expect(form.notes).toBe('');
    expect(form.endDate).toBe('');
    const { id: _i, createdBy: _c, createdAt: _a, updatedAt: _u, ...fields } = l;
    expect(marketingLinkSchema.parse(form)).toEqual(fields);
  });
});

describe('public site address of a profile', () => {
  it('is an http or https origin, saved as the origin', () => {
    expect(isPublicHost('https://www.example.com')).toBe(true);
    expect(isPublicHost('http://localhost:8080/')).toBe(true);
    expect(isPublicHost('https://www.example.com/path')).toBe(false);
    expect(isPublicHost('https://www.example.com/?a=1')).toBe(false);
    expect(isPublicHost('ftp://example.com')).toBe(false);
    expect(isPublicHost('example.com')).toBe(false);
    expect(isPublicHost('https://user:pw@example.com')).toBe(false);
    expect(normalisePublicHost(' https://Example.COM/ ')).toBe('https://example.com');
    expect(contract.profiles.save.input.safeParse({ name: 'x', url: 'https://a.supabase.co', anonKey: 'a'.repeat(30), publicHost: 'nope' }).success).toBe(
      false,
    );
    expect(contract.profiles.save.input.parse({ name: 'x', url: 'https://a.supabase.co', anonKey: 'a'.repeat(30) }).publicHost).toBe(
      'https://reflect.example.com',
    );
  });
});
