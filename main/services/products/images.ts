import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../../../shared/rules/images/upload.js';
import { jpegSize } from '../../../shared/rules/images/jpeg.js';
import { COMPANY_LOGO_BUCKET, PRODUCT_IMAGE_BUCKET, PRODUCT_MESSAGES, type ProductImageKind } from '../../../shared/rules/products/fields.js';
import { AppError } from '../../ground/errors.js';
import type { UrlRebase } from '../coaches/rows.js';

export const BUCKET_OF: Record<ProductImageKind, string> = { productImage: PRODUCT_IMAGE_BUCKET, companyLogo: COMPANY_LOGO_BUCKET };

/** Decodes and checks the renderer's bytes again: at most 5 MB, a readable JPEG, and square (spec 2 section 5). */
export function squareJpegBytes(base64: string): Buffer {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('INVALID_INPUT', IMAGE_MESSAGES.tooLarge);
  const size = jpegSize(bytes);
  if (!size) throw new AppError('INVALID_INPUT', PRODUCT_MESSAGES.notJpeg);
  if (size.width !== size.height) throw new AppError('INVALID_INPUT', PRODUCT_MESSAGES.notSquare);
  return bytes;
}

/**
 * Stores a cropped product image or company logo under a name main chooses and returns its public URL, which the
 * form then saves with the product (the product may not exist yet when its image is picked).
 */
export async function uploadProductImage(db: SupabaseClient, kind: ProductImageKind, base64: string, rebase: UrlRebase): Promise<{ url: string }> {
  const bytes = squareJpegBytes(base64);
  const bucket = BUCKET_OF[kind];
  const name = `${Date.now()}-${crypto.randomBytes(6).toString('hex')}.jpg`;
  const uploaded = await db.storage.from(bucket).upload(name, bytes, { contentType: 'image/jpeg', upsert: false, cacheControl: '3600' });
  if (uploaded.error) throw new AppError('BACKEND_ERROR', uploaded.error.message);
  const url = db.storage.from(bucket).getPublicUrl(name).data.publicUrl;
  return { url: rebase(url) ?? url };
}
