/** Partner product constants and messages (spec 2 sections 3, 5, 8 and 9). */

export const PRODUCT_CATEGORIES = ['supplement', 'book', 'course', 'tool', 'software', 'service', 'other'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export const DEFAULT_PRODUCT_CATEGORY: ProductCategory = 'supplement';

/** New products go to the end of the list until the next reorder renumbers it from 1. */
export const NEW_PRODUCT_SORT_ORDER = 999;
export const PRICE_STEP = 0.01;
/** numeric(10, 2) in partner_products. */
export const MAX_PRICE = 99_999_999.99;

export const PRODUCT_IMAGE_BUCKET = 'product-images';
export const COMPANY_LOGO_BUCKET = 'company-logos';
export const PRODUCT_IMAGE_KINDS = ['productImage', 'companyLogo'] as const;
export type ProductImageKind = (typeof PRODUCT_IMAGE_KINDS)[number];

export const PRODUCT_MESSAGES = {
  orderFailed: 'Failed to update product order.',
  statusFailed: 'Failed to update product status.',
  updateFailed: 'Failed to update product. Please try again.',
  deleteFailed: 'Failed to delete product. Please try again.',
  createFailed: 'Failed to create product. Please try again.',
  errorTitle: 'Error',
  validationTitle: 'Validation Error',
  requiredFields: 'Please fill in all required fields.',
  created: 'Product created',
  deleted: 'Product deleted',
  updated: 'Product updated',
  uploadFailed: 'Upload failed',
  notFound: 'Product not found',
  notSquare: 'The cropped image must be square.',
  notJpeg: 'The cropped image is not a valid JPEG.',
} as const;

export function isProductCategory(v: string): v is ProductCategory {
  return (PRODUCT_CATEGORIES as readonly string[]).includes(v);
}
