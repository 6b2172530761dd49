import type { ProductCategory } from './fields.js';

/** What a product form saves (spec 2 section 3, partner_products): every column an administrator edits. */
export interface ProductFields {
  readonly name: string;
  readonly slug: string | null;
  readonly description: string | null;
  readonly shortDescription: string | null;
  readonly companyName: string;
  readonly companyWebsite: string | null;
  readonly category: ProductCategory;
  readonly priceOriginal: number | null;
  readonly priceDiscounted: number | null;
  readonly discountPercentage: number | null;
  readonly offerDescription: string | null;
  readonly affiliateLink: string;
  readonly productImageUrl: string | null;
  readonly companyLogoUrl: string | null;
  readonly marketingSiteUrl: string | null;
  readonly isActive: boolean;
  readonly isFeatured: boolean;
  readonly tags: string[] | null;
  readonly targetAudience: string[] | null;
  readonly benefits: string[] | null;
  readonly conversionTrackingId: string | null;
  /** ISO datetime. */
  readonly expiresAt: string | null;
}

/** A row of partner_products as the screens show it. */
export interface Product extends ProductFields {
  readonly id: string;
  readonly sortOrder: number;
  readonly clickCount: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}
