import type { MarketingLink } from './types.js';
import {
  DEFAULT_CAMPAIGN_PRIORITY,
  DEFAULT_CAMPAIGN_STATUS,
  DEFAULT_CAMPAIGN_TYPE,
  DEFAULT_MINIMUM_PAYOUT,
  DEFAULT_PAYOUT_METHOD,
  DEFAULT_TARGET_URL,
} from './fields.js';
import type { MarketingLinkForm } from './schema.js';

/** A calendar day in the computer's time zone ('2026-11-24'). */
export function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A new campaign: type instagram, draft, medium priority, starting today, target '/', affiliate off (stripe, minimum 50). */
export function emptyMarketingForm(today: string): MarketingLinkForm {
  return {
    campaignName: '',
    campaignDescription: '',
    slug: '',
    campaignType: DEFAULT_CAMPAIGN_TYPE,
    status: DEFAULT_CAMPAIGN_STATUS,
    priority: DEFAULT_CAMPAIGN_PRIORITY,
    startDate: today,
    endDate: '',
    targetUrl: DEFAULT_TARGET_URL,
    utmSource: '',
    utmMedium: '',
    utmCampaign: '',
    utmContent: '',
    utmTerm: '',
    isAffiliateLink: false,
    affiliateCommissionPercentage: null,
    affiliateCommissionDurationPerpetual: false,
    affiliateCommissionDurationMonths: null,
    affiliateEmail: '',
    affiliateContactName: '',
    affiliatePayoutMethod: DEFAULT_PAYOUT_METHOD,
    affiliateMinimumPayout: DEFAULT_MINIMUM_PAYOUT,
    affiliateNotes: '',
    budgetAmount: null,
    targetConversions: null,
    notes: '',
  };
}

/** A saved link in the form: null text as empty fields, the affiliate defaults where the link has none. */
export function formFromLink(l: MarketingLink): MarketingLinkForm {
  const t = (v: string | null) => v ?? '';
  return {
    campaignName: l.campaignName,
    campaignDescription: t(l.campaignDescription),
    slug: l.slug,
    campaignType: l.campaignType,
    status: l.status,
    priority: l.priority,
    startDate: l.startDate,
    endDate: t(l.endDate),
    targetUrl: l.targetUrl,
    utmSource: t(l.utmSource),
    utmMedium: t(l.utmMedium),
    utmCampaign: t(l.utmCampaign),
    utmContent: t(l.utmContent),
    utmTerm: t(l.utmTerm),
    isAffiliateLink: l.isAffiliateLink,
    affiliateCommissionPercentage: l.affiliateCommissionPercentage,
    affiliateCommissionDurationPerpetual: l.affiliateCommissionDurationPerpetual,
    affiliateCommissionDurationMonths: l.affiliateCommissionDurationMonths,
    affiliateEmail: t(l.affiliateEmail),
    affiliateContactName: t(l.affiliateContactName),
    affiliatePayoutMethod: l.affiliatePayoutMethod,
    affiliateMinimumPayout: l.affiliateMinimumPayout,
    affiliateNotes: t(l.affiliateNotes),
    budgetAmount: l.budgetAmount,
    targetConversions: l.targetConversions,
    notes: t(l.notes),
  };
}

/** A number input's value as the schema takes it: empty (or what the browser could not read as a number) is null. */
export function numberOrNull(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}
