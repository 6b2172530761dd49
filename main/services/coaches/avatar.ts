import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../../../shared/rules/images/upload.js';
import { jpegSize } from '../../../shared/rules/images/jpeg.js';
import { AppError } from '../../ground/errors.js';
import { log } from '../../ground/log.js';
import { objectNameOf } from './avatar-url.js';
import { requireCoach } from './detail.js';
import type { UrlRebase } from './rows.js';

export const AVATAR_BUCKET = 'coach-avatars';
export const AVATAR_FOLDER = 'avatars';

/** Decodes and checks the renderer's bytes again: size, and a JPEG with a readable frame. */
export function avatarBytes(base64: string): Buffer {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('INVALID_INPUT', IMAGE_MESSAGES.tooLarge);
  if (!jpegSize(bytes)) throw new AppError('INVALID_INPUT', 'The cropped image is not a valid JPEG.');
  return bytes;
}

async function removeObject(db: SupabaseClient, name: string): Promise<void> {
  const { error } = await db.storage.from(AVATAR_BUCKET).remove([name]);
  if (error) log.warn(`Could not delete the avatar object ${name}: ${error.message}`);
}

/** Stores the cropped JPEG under avatars/ (main names it) and points the coach at its public URL. */
export async function uploadAvatar(db: SupabaseClient, coachId: string, base64: string, rebase: UrlRebase): Promise<{ avatarUrl: string }> {
  const bytes = avatarBytes(base64);
  const coach = await requireCoach(db, coachId);
  const name = `${AVATAR_FOLDER}/${coachId}-${Date.now()}-${crypto.randomBytes(4).toString('hex')}.jpg`;
  const uploaded = await db.storage.from(AVATAR_BUCKET).upload(name, bytes, { contentType: 'image/jpeg', upsert: false, cacheControl: '3600' });
  if (uploaded.error) throw new AppError('BACKEND_ERROR', uploaded.error.message);
  const publicUrl = db.storage.from(AVATAR_BUCKET).getPublicUrl(name).data.publicUrl;
  const { data, error } = await db.from('coaches').update({ avatar_url: publicUrl }).eq('id', coachId).select('id');
  if (error || !data?.length) {
    // The coach was not updated: the new object would be an orphan.
    await removeObject(db, name);
    throw new AppError(error ? 'BACKEND_ERROR' : 'NOT_FOUND', error?.message ?? 'Coach Not Found');
  }
  const previous = objectNameOf(coach.avatar_url, AVATAR_BUCKET);
  if (previous && previous !== name && previous.startsWith(`${AVATAR_FOLDER}/`)) await removeObject(db, previous);
  return { avatarUrl: rebase(publicUrl) ?? publicUrl };
}

/**
 * Clears the coach's avatar_url, then deletes the object. In this order a failure leaves at worst an unused object,
 * never a coach pointing at a missing image.
 */
export async function removeAvatar(db: SupabaseClient, coachId: string): Promise<{ removed: boolean }> {
  const coach = await requireCoach(db, coachId);
  if (!coach.avatar_url) return { removed: false };
  const { data, error } = await db.from('coaches').update({ avatar_url: null }).eq('id', coachId).select('id');
  if (error) throw new AppError('BACKEND_ERROR', error.message);
  if (!data?.length) throw new AppError('NOT_FOUND', 'Coach Not Found');
  const name = objectNameOf(coach.avatar_url, AVATAR_BUCKET);
  if (name?.startsWith(`${AVATAR_FOLDER}/`)) await removeObject(db, name);
  return { removed: true };
}
