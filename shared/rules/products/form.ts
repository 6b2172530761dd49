import type { Product, ProductFields } from './types.js';
import { slugify } from '../common/slug.js';
import { DEFAULT_PRODUCT_CATEGORY, MAX_PRICE, isProductCategory } from './fields.js';
import { formatCommaList, parseCommaList } from './lists.js';
import { URL_MESSAGES, isImageUrl, isWebUrl } from '../common/urls.js';

/** The product form as typed: text for every input (numbers and lists too), booleans for the switches. */
export interface ProductFormValues {
  name: string;
  slug: string;
  description: string;
  shortDescription: string;
  companyName: string;
  companyWebsite: string;
  category: string;
  priceOriginal: string;
  priceDiscounted: string;
  discountPercentage: string;
  offerDescription: string;
  affiliateLink: string;
  productImageUrl: string;
  companyLogoUrl: string;
  marketingSiteUrl: string;
  isActive: boolean;
  isFeatured: boolean;
  tags: string;
  targetAudience: string;
  benefits: string;
  conversionTrackingId: string;
  /** A datetime-local value (local time, no zone). */
  expiresAt: string;
}

export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>>;

/** name, company_name and affiliate_link are required; the form also marks slug and description (spec 2 section 5). */
export const REQUIRED_PRODUCT_FIELDS = ['name', 'slug', 'description', 'companyName', 'affiliateLink'] as const;
export const REQUIRED_TEXT = 'Required';

/** A new product: category supplement, active, not featured (sort_order 999 is set by main). */
export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    slug: '',
    description: '',
    shortDescription: '',
    companyName: '',
    companyWebsite: '',
    category: DEFAULT_PRODUCT_CATEGORY,
    priceOriginal: '',
    priceDiscounted: '',
    discountPercentage: '',
    offerDescription: '',
    affiliateLink: '',
    productImageUrl: '',
    companyLogoUrl: '',
    marketingSiteUrl: '',
    isActive: true,
    isFeatured: false,
    tags: '',
    targetAudience: '',
    benefits: '',
    conversionTrackingId: '',
    expiresAt: '',
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a datetime-local value in the computer's time zone ('' for none or an unreadable time). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function formFromProduct(p: Product): ProductFormValues {
  const text = (v: string | null) => v ?? '';
  const num = (v: number | null) => (v === null ? '' : String(v));
  return {
    name: p.name,
    slug: text(p.slug),
    description: text(p.description),
    shortDescription: text(p.shortDescription),
    companyName: p.companyName,
    companyWebsite: text(p.companyWebsite),
    category: p.category,
    priceOriginal: num(p.priceOriginal),
    priceDiscounted: num(p.priceDiscounted),
    discountPercentage: num(p.discountPercentage),
    offerDescription: text(p.offerDescription),
    affiliateLink: p.affiliateLink,
    productImageUrl: text(p.productImageUrl),
    companyLogoUrl: text(p.companyLogoUrl),
    marketingSiteUrl: text(p.marketingSiteUrl),
    isActive: p.isActive,
    isFeatured: p.isFeatured,
    tags: formatCommaList(p.tags),
    targetAudience: formatCommaList(p.targetAudience),
    benefits: formatCommaList(p.benefits),
    conversionTrackingId: text(p.conversionTrackingId),
    expiresAt: toLocalInput(p.expiresAt),
  };
}

/**
 * On create the slug follows the name while the administrator has not typed a slug of their own: while it is empty,
 * or still exactly what the previous name gave. A slug typed by hand is never overwritten; clearing it resumes.
 */
export function nextSlug(previousName: string, name: string, slug: string): string {
  return slug === '' || slug === slugify(previousName) ? slugify(name) : slug;
}

/** Empty optional strings are sent as null; everything is trimmed. */
export function textOrNull(v: string): string | null {
  const t = v.trim();
  return t ? t : null;
}

/** A price typed as a decimal: blank is null, otherwise 0..MAX_PRICE rounded to cents; NaN when unreadable. */
export function parsePrice(v: string): number | null {
  const t = v.trim();
  if (!t) return null;
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0 || n > MAX_PRICE) return Number.NaN;
  return Math.round(n * 100) / 100;
}

/** discount_percentage is parsed as an integer (parseInt, as typed "12.5" gives 12); 0..100; NaN when unreadable. */
export function parseDiscount(v: string): number | null {
  const t = v.trim();
  if (!t) return null;
  const n = Number.parseInt(t, 10);
  if (!Number.isFinite(n) || n < 0 || n > 100 || !/^\d+(\.\d*)?$/.test(t)) return Number.NaN;
  return n;
}

/** Links to other sites (http/https) and images (https, or the project's own storage). */
export const WEB_URL_FIELDS = ['affiliateLink', 'companyWebsite', 'marketingSiteUrl'] as const;
export const IMAGE_URL_FIELDS = ['productImageUrl', 'companyLogoUrl'] as const;

export type ProductFormCheck =
  { readonly ok: true; readonly fields: ProductFields } | { readonly ok: false; readonly missingRequired: boolean; readonly errors: ProductFormErrors };

/** Checks the typed form and turns it into the fields an operation saves. */
export function checkProductForm(v: ProductFormValues): ProductFormCheck {
  const errors: ProductFormErrors = {};
  for (const key of REQUIRED_PRODUCT_FIELDS) if (!v[key].trim()) errors[key] = REQUIRED_TEXT;
  const missingRequired = Object.keys(errors).length > 0;
  const priceOriginal = parsePrice(v.priceOriginal);
  const priceDiscounted = parsePrice(v.priceDiscounted);
  const discountPercentage = parseDiscount(v.discountPercentage);
  if (Number.isNaN(priceOriginal)) errors.priceOriginal = 'Enter a price of at least 0, in steps of 0.01';
  if (Number.isNaN(priceDiscounted)) errors.priceDiscounted = 'Enter a price of at least 0, in steps of 0.01';
  if (Number.isNaN(discountPercentage)) errors.discountPercentage = 'Enter a whole number from 0 to 100';
  if (!isProductCategory(v.category)) errors.category = 'Choose a category';
  // The contract's URL rule (shared/rules/common/urls.ts), so the form says what main would refuse.
  for (const key of WEB_URL_FIELDS) if (!errors[key] && v[key].trim() && !isWebUrl(v[key].trim())) errors[key] = URL_MESSAGES.web;
  for (const key of IMAGE_URL_FIELDS) if (v[key].trim() && !isImageUrl(v[key].trim())) errors[key] = URL_MESSAGES.image;
  let expiresAt: string | null = null;
  if (v.expiresAt.trim()) {
    const d = new Date(v.expiresAt);
    if (Number.isNaN(d.getTime())) errors.expiresAt = 'Enter a valid date and time';
    else expiresAt = d.toISOString();
  }
  if (Object.keys(errors).length) return { ok: false, missingRequired, errors };
  return {
    ok: true,
    fields: {
      name: v.name.trim(),
      slug: textOrNull(v.slug),
      description: textOrNull(v.description),
      shortDescription: textOrNull(v.shortDescription),
      companyName: v.companyName.trim(),
      companyWebsite: textOrNull(v.companyWebsite),
      category: isProductCategory(v.category) ? v.category : DEFAULT_PRODUCT_CATEGORY,
      priceOriginal,
      priceDiscounted,
      discountPercentage,
      offerDescription: textOrNull(v.offerDescription),
      affiliateLink: v.affiliateLink.trim(),
      productImageUrl: textOrNull(v.productImageUrl),
      companyLogoUrl: textOrNull(v.companyLogoUrl),
      marketingSiteUrl: textOrNull(v.marketingSiteUrl),
      isActive: v.isActive,
      isFeatured: v.isFeatured,
      tags: parseCommaList(v.tags),
      targetAudience: parseCommaList(v.targetAudience),
      benefits: parseCommaList(v.benefits),
      conversionTrackingId: textOrNull(v.conversionTrackingId),
      expiresAt,
    },
  };
}
