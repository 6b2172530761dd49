import type { Product, ProductFields } from '../../../shared/rules/products/types.js';
import { DEFAULT_PRODUCT_CATEGORY, isProductCategory } from '../../../shared/rules/products/fields.js';
import type { UrlRebase } from '../coaches/rows.js';

/** The partner_products columns every read selects (spec 2 section 3). */
// One literal, so supabase-js can read the column list's type.
// prettier-ignore
export const PRODUCT_COLUMNS = 'id, name, slug, description, short_description, company_name, company_website, category, price_original, price_discounted, discount_percentage, offer_description, affiliate_link, product_image_url, company_logo_url, marketing_site_url, is_active, is_featured, tags, target_audience, benefits, conversion_tracking_id, expires_at, sort_order, click_count, created_at, updated_at';

export interface ProductRow {
  readonly id: string;
  readonly name: string;
  readonly slug: string | null;
  readonly description: string | null;
  readonly short_description: string | null;
  readonly company_name: string;
  readonly company_website: string | null;
  readonly category: string;
  // PostgREST returns numeric as a JSON number; a string is tolerated for other servers.
  readonly price_original: number | string | null;
  readonly price_discounted: number | string | null;
  readonly discount_percentage: number | null;
  readonly offer_description: string | null;
  readonly affiliate_link: string;
  readonly product_image_url: string | null;
  readonly company_logo_url: string | null;
  readonly marketing_site_url: string | null;
  readonly is_active: boolean;
  readonly is_featured: boolean;
  readonly tags: string[] | null;
  readonly target_audience: string[] | null;
  readonly benefits: string[] | null;
  readonly conversion_tracking_id: string | null;
  readonly expires_at: string | null;
  readonly sort_order: number;
  readonly click_count: number;
  readonly created_at: string;
  readonly updated_at: string;
}

const decimal = (v: number | string | null) => (v === null ? null : Number(v));

export function toProduct(r: ProductRow, rebase: UrlRebase): Product {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    shortDescription: r.short_description,
    companyName: r.company_name,
    companyWebsite: r.company_website,
    category: isProductCategory(r.category) ? r.category : DEFAULT_PRODUCT_CATEGORY,
    priceOriginal: decimal(r.price_original),
    priceDiscounted: decimal(r.price_discounted),
    discountPercentage: r.discount_percentage,
    offerDescription: r.offer_description,
    affiliateLink: r.affiliate_link,
    productImageUrl: rebase(r.product_image_url),
    companyLogoUrl: rebase(r.company_logo_url),
    marketingSiteUrl: r.marketing_site_url,
    isActive: r.is_active,
    isFeatured: r.is_featured,
    tags: r.tags,
    targetAudience: r.target_audience,
    benefits: r.benefits,
    conversionTrackingId: r.conversion_tracking_id,
    expiresAt: r.expires_at,
    sortOrder: r.sort_order,
    clickCount: r.click_count,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The columns a form writes. */
export function toColumns(f: ProductFields) {
  return {
    name: f.name,
    slug: f.slug,
    description: f.description,
    short_description: f.shortDescription,
    company_name: f.companyName,
    company_website: f.companyWebsite,
    category: f.category,
    price_original: f.priceOriginal,
    price_discounted: f.priceDiscounted,
    discount_percentage: f.discountPercentage,
    offer_description: f.offerDescription,
    affiliate_link: f.affiliateLink,
    product_image_url: f.productImageUrl,
    company_logo_url: f.companyLogoUrl,
    marketing_site_url: f.marketingSiteUrl,
    is_active: f.isActive,
    is_featured: f.isFeatured,
    tags: f.tags,
    target_audience: f.targetAudience,
    benefits: f.benefits,
    conversion_tracking_id: f.conversionTrackingId,
    expires_at: f.expiresAt,
  };
}
