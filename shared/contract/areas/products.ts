import { z } from 'zod';
import { op } from '../define.js';
import { auditNone, auditRows } from '../facts.js';
import type { Product } from '../../rules/products/types.js';
import { MAX_PRICE, PRODUCT_CATEGORIES, PRODUCT_IMAGE_KINDS, PRODUCT_MESSAGES } from '../../rules/products/fields.js';
import { id, jpegBase64, optionalImageUrl, optionalText, optionalWebUrl, requiredText, webUrl } from '../../rules/common/fields.js';

/**
 * Partner products (spec 2): the list by sort_order with its active switch and drag reordering, create, edit and
 * delete, and the product image and company logo uploads.
 */

const price = z
  .number()
  .min(0)
  .max(MAX_PRICE)
  .nullable()
  .transform((v) => (v === null ? null : Math.round(v * 100) / 100));
const list = z
  .array(z.string().max(200, 'A list item is at most 200 characters'))
  .max(100, 'At most 100 items')
  .nullable()
  .transform((items) => {
    const kept = (items ?? []).map((s) => s.trim()).filter((s) => s.length > 0);
    return kept.length ? kept : null;
  });

const productFields = {
  name: requiredText(200, PRODUCT_MESSAGES.requiredFields),
  slug: optionalText(200),
  description: optionalText(10_000),
  shortDescription: optionalText(1000),
  companyName: requiredText(200, PRODUCT_MESSAGES.requiredFields),
  companyWebsite: optionalWebUrl(),
  category: z.enum(PRODUCT_CATEGORIES),
  priceOriginal: price,
  priceDiscounted: price,
  discountPercentage: z.number().int('The discount is a whole number').min(0).max(100).nullable(),
  offerDescription: optionalText(2000),
  affiliateLink: webUrl(PRODUCT_MESSAGES.requiredFields),
  productImageUrl: optionalImageUrl(),
  companyLogoUrl: optionalImageUrl(),
  marketingSiteUrl: optionalWebUrl(),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
  tags: list,
  targetAudience: list,
  benefits: list,
  conversionTrackingId: optionalText(200),
  expiresAt: z.iso.datetime({ offset: true, message: 'Not a valid date and time' }).nullable(),
};

export const products = {
  /** Every product by sort_order. */
  list: op<readonly Product[]>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  /** null when no product has this id (the product-not-found state). */
  get: op<Product | null>()({ input: z.strictObject({ id }), kind: 'read', access: 'admin', keepOffline: true }),
  create: op<{ id: string }>()({
    input: z.strictObject(productFields),
    kind: 'write',
    effect: 'project',
    audit: auditRows('partner_products'),
    access: 'admin',
    invalidates: ['products.list'],
  }),
  update: op<{ id: string }>()({
    input: z.strictObject({ id, ...productFields }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('partner_products'),
    access: 'admin',
    invalidates: ['products.list', 'products.get'],
  }),
  setActive: op<{ id: string; isActive: boolean }>()({
    input: z.strictObject({ id, isActive: z.boolean() }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('partner_products'),
    access: 'admin',
    invalidates: ['products.list', 'products.get'],
  }),
  delete: op<{ id: string }>()({
    input: z.strictObject({ id }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('partner_products'),
    destructive: true,
    access: 'admin',
    invalidates: ['products.list', 'products.get'],
  }),
  /** The whole list in its new order; main numbers it from 1 (update_product_order). */
  reorder: op<{ count: number }>()({
    input: z.strictObject({
      ids: z
        .array(id)
        .min(1, 'Nothing to reorder')
        .max(10_000, 'At most 10,000 products')
        .refine((ids) => new Set(ids).size === ids.length, 'A product appears twice in the order'),
    }),
    kind: 'write',
    effect: 'project',
    audit: auditNone('Every product of the order; the input lists them.'),
    access: 'admin',
    invalidates: ['products.list', 'products.get'],
  }),
  /** A square crop's JPEG bytes as base64; main checks them, names the object and returns its public URL. */
  uploadImage: op<{ url: string }>()({
    input: z.strictObject({
      kind: z.enum(PRODUCT_IMAGE_KINDS),
      jpegBase64,
    }),
    kind: 'write',
    effect: 'project',
    audit: auditNone('A new storage object, no table row; the answer is its URL.'),
    access: 'admin',
  }),
};
