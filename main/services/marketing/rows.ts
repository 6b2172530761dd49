import type { MarketingLink } from '../../../shared/rules/marketing/types.js';
import type { MarketingLinkFields } from '../../../shared/rules/marketing/schema.js';
import {
  CAMPAIGN_PRIORITIES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  DEFAULT_CAMPAIGN_PRIORITY,
  DEFAULT_CAMPAIGN_STATUS,
  DEFAULT_CAMPAIGN_TYPE,
  DEFAULT_MINIMUM_PAYOUT,
  DEFAULT_PAYOUT_METHOD,
  PAYOUT_METHODS,
} from '../../../shared/rules/marketing/fields.js';

/** The marketing_links columns every read selects (spec 3 section 3). */
// One literal, so supabase-js can read the column list's type.
// prettier-ignore
export const LINK_COLUMNS = 'id, campaign_name, campaign_description, slug, start_date, end_date, utm_source, utm_medium, utm_campaign, utm_content, utm_term, target_url, campaign_type, status, priority, budget_amount, target_conversions, notes, created_by, created_at, updated_at, is_affiliate_link, affiliate_commission_percentage, affiliate_commission_duration_perpetual, affiliate_commission_duration_months, affiliate_email, affiliate_contact_name, affiliate_payout_method, affiliate_minimum_payout, affiliate_notes';

export interface LinkRow {
  readonly id: string;
  readonly campaign_name: string;
  readonly campaign_description: string | null;
  readonly slug: string;
  readonly start_date: string;
  readonly end_date: string | null;
  readonly utm_source: string | null;
  readonly utm_medium: string | null;
  readonly utm_campaign: string | null;
  readonly utm_content: string | null;
  readonly utm_term: string | null;
  readonly target_url: string;
  readonly campaign_type: string;
  readonly status: string;
  readonly priority: string;
  // PostgREST returns numeric as a JSON number; a string is tolerated for other servers.
  readonly budget_amount: number | string | null;
  readonly target_conversions: number | null;
  readonly notes: string | null;
  readonly created_by: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly is_affiliate_link: boolean;
  readonly affiliate_commission_percentage: number | string | null;
  readonly affiliate_commission_duration_perpetual: boolean;
  readonly affiliate_commission_duration_months: number | null;
  readonly affiliate_email: string | null;
  readonly affiliate_contact_name: string | null;
  readonly affiliate_payout_method: string | null;
  readonly affiliate_minimum_payout: number | string | null;
  readonly affiliate_notes: string | null;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));
const oneOf = <T extends string>(list: readonly T[], v: string | null, fallback: T): T => (list.includes(v as T) ? (v as T) : fallback);

export function toLink(r: LinkRow): MarketingLink {
  return {
    id: r.id,
    campaignName: r.campaign_name,
    campaignDescription: r.campaign_description,
    slug: r.slug,
    campaignType: oneOf(CAMPAIGN_TYPES, r.campaign_type, DEFAULT_CAMPAIGN_TYPE),
    status: oneOf(CAMPAIGN_STATUSES, r.status, DEFAULT_CAMPAIGN_STATUS),
    priority: oneOf(CAMPAIGN_PRIORITIES, r.priority, DEFAULT_CAMPAIGN_PRIORITY),
    startDate: r.start_date,
    endDate: r.end_date,
    targetUrl: r.target_url,
    utmSource: r.utm_source,
    utmMedium: r.utm_medium,
    utmCampaign: r.utm_campaign,
    utmContent: r.utm_content,
    utmTerm: r.utm_term,
    isAffiliateLink: r.is_affiliate_link,
    affiliateCommissionPercentage: num(r.affiliate_commission_percentage),
    affiliateCommissionDurationPerpetual: r.affiliate_commission_duration_perpetual,
    affiliateCommissionDurationMonths: r.affiliate_commission_duration_months,
    affiliateEmail: r.affiliate_email,
    affiliateContactName: r.affiliate_contact_name,
    affiliatePayoutMethod: oneOf(PAYOUT_METHODS, r.affiliate_payout_method, DEFAULT_PAYOUT_METHOD),
    affiliateMinimumPayout: num(r.affiliate_minimum_payout) ?? DEFAULT_MINIMUM_PAYOUT,
    affiliateNotes: r.affiliate_notes,
    budgetAmount: num(r.budget_amount),
    targetConversions: r.target_conversions,
    notes: r.notes,
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Every column the form edits; id, created_by and the timestamps are not the form's to change. */
export function toColumns(f: MarketingLinkFields) {
  return {
    campaign_name: f.campaignName,
    campaign_description: f.campaignDescription,
    slug: f.slug,
    campaign_type: f.campaignType,
    status: f.status,
    priority: f.priority,
    start_date: f.startDate,
    end_date: f.endDate,
    target_url: f.targetUrl,
    utm_source: f.utmSource,
    utm_medium: f.utmMedium,
    utm_campaign: f.utmCampaign,
    utm_content: f.utmContent,
    utm_term: f.utmTerm,
    is_affiliate_link: f.isAffiliateLink,
    affiliate_commission_percentage: f.affiliateCommissionPercentage,
    affiliate_commission_duration_perpetual: f.affiliateCommissionDurationPerpetual,
    affiliate_commission_duration_months: f.affiliateCommissionDurationMonths,
    affiliate_email: f.affiliateEmail,
    affiliate_contact_name: f.affiliateContactName,
    affiliate_payout_method: f.affiliatePayoutMethod,
    affiliate_minimum_payout: f.affiliateMinimumPayout,
    affiliate_notes: f.affiliateNotes,
    budget_amount: f.budgetAmount,
    target_conversions: f.targetConversions,
    notes: f.notes,
  };
}
