import { z } from 'zod';
import {
  CAMPAIGN_PRIORITIES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  DEFAULT_MINIMUM_PAYOUT,
  DEFAULT_PAYOUT_METHOD,
  DEFAULT_TARGET_URL,
  MARKETING_MESSAGES as M,
  PAYOUT_METHODS,
  SLUG_MAX,
} from './fields.js';
import { isWebUrlOrAppPath } from '../common/urls.js';
import { isEmailAddress } from '../common/email-address.js';
import { optionalText } from '../common/fields.js';

/**
 * The marketing campaign form's one validation (spec 3 section 5), used by the form through react-hook-form and
 * by main's strict parse of create and update. Its output parses again to itself, so what the form sends is
 * checked once more in main with the same rules. Numbers are number | null (an empty field is null).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const hasCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const marketingLinkSchema = z
  .strictObject({
    campaignName: z.string().trim().min(1, M.nameRequired).max(200, 'At most 200 characters'),
    campaignDescription: optionalText(5000),
    slug: z
      .string()
      .trim()
      .min(1, M.slugRequired)
      .max(SLUG_MAX, M.slugTooLong)
      .regex(/^[a-z0-9-]*$/, M.slugPattern),
    campaignType: z.enum(CAMPAIGN_TYPES, { error: M.typeRequired }),
    status: z.enum(CAMPAIGN_STATUSES),
    priority: z.enum(CAMPAIGN_PRIORITIES),
    startDate: z
      .string()
      .trim()
      .min(1, M.startRequired)
      .refine((v) => v === '' || isDay(v), M.invalidDate),
    endDate: z
      .string()
      .trim()
      .nullable()
      .transform((v) => v || null)
      .refine((v) => v === null || isDay(v), M.invalidDate),
    targetUrl: z
      .string()
      .trim()
      .max(2000, 'At most 2000 characters')
      // Where the short link leads: a path on the product's site, or a full http(s) address; empty is '/'.
      .transform((v) => v || DEFAULT_TARGET_URL)
      .refine(isWebUrlOrAppPath, M.targetUrl),
    utmSource: optionalText(200),
    utmMedium: optionalText(200),
    utmCampaign: optionalText(200),
    utmContent: optionalText(200),
    utmTerm: optionalText(200),
    isAffiliateLink: z.boolean(),
    affiliateCommissionPercentage: z.number().nullable(),
    affiliateCommissionDurationPerpetual: z.boolean(),
    affiliateCommissionDurationMonths: z.number().nullable(),
    affiliateEmail: optionalText(320),
    affiliateContactName: optionalText(200),
    affiliatePayoutMethod: z.enum(PAYOUT_METHODS),
    affiliateMinimumPayout: z.number().nullable(),
    affiliateNotes: optionalText(5000),
    budgetAmount: z.number().nullable(),
    targetConversions: z.number().nullable(),
    notes: optionalText(5000),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.endDate && isDay(v.startDate) && v.endDate < v.startDate) issue('endDate', M.endBeforeStart);
    if (v.budgetAmount !== null && (v.budgetAmount < 0 || v.budgetAmount > 9_999_999_999.99 || !hasCents(v.budgetAmount))) issue('budgetAmount', M.budget);
    if (v.targetConversions !== null && (!Number.isInteger(v.targetConversions) || v.targetConversions < 1 || v.targetConversions > 2_147_483_647)) {
      issue('targetConversions', M.targetConversions);
    }
    // The affiliate block is checked only when affiliate tracking is on; otherwise it is cleared below.
    if (!v.isAffiliateLink) return;
    const pct = v.affiliateCommissionPercentage;
    if (pct === null) issue('affiliateCommissionPercentage', M.commissionRequired);
    else if (pct < 0 || pct > 100) issue('affiliateCommissionPercentage', M.commissionRange);
    else if (!hasCents(pct)) issue('affiliateCommissionPercentage', M.commissionStep);
    const months = v.affiliateCommissionDurationMonths;
    if (!v.affiliateCommissionDurationPerpetual) {
      if (months === null) issue('affiliateCommissionDurationMonths', M.durationRequired);
      else if (!Number.isInteger(months) || months < 1 || months > 1200) issue('affiliateCommissionDurationMonths', M.monthsMin);
    }
    if (v.affiliateEmail !== null && !isEmailAddress(v.affiliateEmail)) issue('affiliateEmail', M.invalidEmail);
    const min = v.affiliateMinimumPayout;
    if (min !== null && (min < 0 || min > 99_999_999.99 || !hasCents(min))) issue('affiliateMinimumPayout', M.minimumPayout);
  })
  .transform((v) =>
    v.isAffiliateLink
      ? {
          ...v,
          // Perpetual clears the months.
          affiliateCommissionDurationMonths: v.affiliateCommissionDurationPerpetual ? null : v.affiliateCommissionDurationMonths,
          affiliateMinimumPayout: v.affiliateMinimumPayout ?? DEFAULT_MINIMUM_PAYOUT,
        }
      : {
          ...v,
          affiliateCommissionPercentage: null,
          affiliateCommissionDurationPerpetual: false,
          affiliateCommissionDurationMonths: null,
          affiliateEmail: null,
          affiliateContactName: null,
          affiliatePayoutMethod: DEFAULT_PAYOUT_METHOD,
          affiliateMinimumPayout: DEFAULT_MINIMUM_PAYOUT,
          affiliateNotes: null,
        },
  );

/** What the form edits (strings for text, number | null for numbers). */
export type MarketingLinkForm = z.input<typeof marketingLinkSchema>;
/** What create and update save: trimmed, empty text null, the affiliate block cleared when off. */
export type MarketingLinkFields = z.output<typeof marketingLinkSchema>;
